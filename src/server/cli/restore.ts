import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { texts } from '../../shared/texts.ts';
import { backupDirectory } from '../data/backup.service.ts';
import { RestoreError, restoreBackup } from '../data/restore.service.ts';
import { DataDirInUseError, type DataDirLock, lockDataDir } from '../data/server-lock.ts';
import { loadCommandConfig, runCommand } from './bootstrap.ts';

/**
 * `npm run restore -- FILE`: puts a backup in place of the SQLite database. FILE is a path, or the name of a
 * file in DATA_DIR/backups. Refuses while a server uses the data folder: it takes the same OS lock the server
 * holds for its life, and keeps it while it works, so no server can start in the middle of a restore.
 */
async function run(): Promise<number> {
  const { positionals } = parseArgs({ allowPositionals: true, strict: true });
  const [file] = positionals;
  if (!file || positionals.length > 1) {
    console.error(texts.data.cli.restoreUsage);
    return 2;
  }
  // The database is not opened: the backup takes its place while no server holds the data folder.
  const config = loadCommandConfig();
  if (config.database.kind !== 'sqlite' || config.database.file === ':memory:') {
    console.error(texts.data.cli.restoreOnlySqlite);
    return 1;
  }
  let lock: DataDirLock;
  try {
    lock = lockDataDir(config.dataDir);
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      console.error(texts.data.cli.serverRunning(error.pid));
      return 1;
    }
    throw error;
  }
  try {
    return await restoreLocked(file, config.dataDir, config.database.file);
  } finally {
    lock.release();
  }
}

async function restoreLocked(file: string, dataDir: string, dbFile: string): Promise<number> {
  const inBackups = path.join(backupDirectory(dataDir), file);
  const backupFile = fs.existsSync(file) || !fs.existsSync(inBackups) ? path.resolve(file) : inBackups;
  try {
    const { savedCurrent } = await restoreBackup({
      backupFile,
      dbFile,
      dataDir,
    });
    if (savedCurrent) console.info(texts.data.cli.savedCurrent(savedCurrent));
    console.info(texts.data.cli.restored(backupFile, dbFile));
    return 0;
  } catch (error) {
    if (error instanceof RestoreError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
}

await runCommand(run);
