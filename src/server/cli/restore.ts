import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { texts } from '../../shared/texts.ts';
import { ConfigError, loadConfig, loadEnvFileIfPresent } from '../config.ts';
import { backupDirectory } from '../data/backup.service.ts';
import { RestoreError, restoreBackup } from '../data/restore.service.ts';
import { runningServerPid } from '../data/server-lock.ts';

/**
 * `npm run restore -- FILE`: puts a backup in place of the SQLite database. FILE is a path, or the name of a
 * file in DATA_DIR/backups. Refuses while a server uses the data folder.
 */
async function run(): Promise<number> {
  const { positionals } = parseArgs({ allowPositionals: true, strict: true });
  const [file] = positionals;
  if (!file || positionals.length > 1) {
    console.error(texts.data.cli.restoreUsage);
    return 2;
  }
  loadEnvFileIfPresent();
  const config = loadConfig();
  if (config.database.kind !== 'sqlite' || config.database.file === ':memory:') {
    console.error(texts.data.cli.restoreOnlySqlite);
    return 1;
  }
  const pid = runningServerPid(config.dataDir);
  if (pid !== null) {
    console.error(texts.data.cli.serverRunning(pid));
    return 1;
  }
  const inBackups = path.join(backupDirectory(config.dataDir), file);
  const backupFile = fs.existsSync(file) || !fs.existsSync(inBackups) ? path.resolve(file) : inBackups;
  try {
    const { savedCurrent } = await restoreBackup({
      backupFile,
      dbFile: config.database.file,
      dataDir: config.dataDir,
    });
    if (savedCurrent) console.info(texts.data.cli.savedCurrent(savedCurrent));
    console.info(texts.data.cli.restored(backupFile, config.database.file));
    return 0;
  } catch (error) {
    if (error instanceof RestoreError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
}

try {
  process.exitCode = await run();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
}
