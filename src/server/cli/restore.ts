import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { SHOP_TABLES } from '../../shared/schemas/api-data.ts';
import { backupTexts } from '../../shared/texts/backups.ts';
import { texts } from '../../shared/texts.ts';
import { backupDirectory, listBackups } from '../backups/backup.service.ts';
import { copyBackup } from '../backups/backup-copy.ts';
import { namedPictures, pictureStore } from '../backups/backup-pictures.ts';
import { BackupVerifyError, verifyBackupFile } from '../backups/backup-verify.ts';
import { readState, recordPictureCheck, writeState } from '../backups/backups.ts';
import { RestoreError, restoreBackup } from '../backups/restore.service.ts';
import { loadCommandConfig } from '../config.ts';
import { DataDirInUseError, type DataDirLock, lockDataDir } from '../db/server-lock.ts';
import { runCommand } from './bootstrap.ts';

/**
 * `npm run restore -- FILE`: puts a backup in place of the SQLite database. FILE is a path, or the name of a
 * file in DATA_DIR/backups. Refuses while a server uses the data folder: it takes the same OS lock the server
 * holds for its life, and keeps it while it works, so no server can start in the middle of a restore.
 */
async function run(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    strict: true,
    options: { check: { type: 'boolean', default: false } },
  });
  if (values.check) {
    if (positionals.length > 1) {
      console.error(backupTexts.cli.checkUsage);
      return 2;
    }
    return checkRestore(positionals[0]);
  }
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
    return await restoreLocked(file, config.dataDir, config.database.file, config.backupCopyDir);
  } finally {
    lock.release();
  }
}

/**
 * `npm run restore -- --check [FILE]`: the restore drill. The newest backup (or FILE) is copied into a
 * temporary file and read there (integrity_check, the shop's tables and their rows, every picture it names
 * compared with its name in the shared pictures' folder beside it); the shop's database and
 * backups are not touched, so it runs beside a running server. A passed check is recorded for Indstillinger.
 */
async function checkRestore(file: string | undefined): Promise<number> {
  const config = loadCommandConfig();
  const dir = backupDirectory(config.dataDir);
  const source = file
    ? fs.existsSync(file) || !fs.existsSync(path.join(dir, file))
      ? path.resolve(file)
      : path.join(dir, file)
    : listBackups(dir)[0] && path.join(dir, listBackups(dir)[0]!.name);
  if (!source) {
    console.error(backupTexts.cli.noBackups(dir));
    return 1;
  }
  if (!fs.existsSync(source)) {
    console.error(texts.data.cli.fileNotFound(source));
    return 1;
  }
  console.info(backupTexts.cli.checking(source));
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'naalepuden-check-'));
  const temporary = path.join(scratch, path.basename(source));
  const store = pictureStore(path.dirname(source));
  try {
    fs.copyFileSync(source, temporary);
    const counts = await verifyBackupFile(temporary, { pictures: store });
    console.info(backupTexts.cli.checkPassed(source));
    for (const table of SHOP_TABLES) console.info(`  ${backupTexts.cli.tables[table]}: ${counts[table]}`);
    const names = namedPictures(temporary) ?? [];
    if (names.length > 0) console.info(backupTexts.cli.picturesChecked(names.length));
    console.info(backupTexts.cli.untouched);
    const state = readState(config.dataDir);
    writeState(config.dataDir, {
      ...recordPictureCheck(state, names, []),
      lastCheck: { at: new Date().toISOString(), name: path.basename(source), counts },
    });
    return 0;
  } catch (error) {
    const failure = error instanceof BackupVerifyError ? error.failure : undefined;
    if (failure?.kind === 'pictures') {
      const missing = failure.missing ?? [];
      const damaged = failure.damaged ?? [];
      const problem = backupTexts.cli.picturesProblem(missing.length, damaged.length, store);
      console.error(backupTexts.cli.checkFailed(source, problem));
      // Indstillinger names every backup that names one of them.
      const state = readState(config.dataDir);
      writeState(config.dataDir, recordPictureCheck(state, [], damaged));
    } else {
      console.error(backupTexts.cli.checkFailed(source, (error as Error).message));
    }
    return 1;
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

async function restoreLocked(
  file: string,
  dataDir: string,
  dbFile: string,
  copyDir: string | undefined,
): Promise<number> {
  const inBackups = path.join(backupDirectory(dataDir), file);
  const backupFile = fs.existsSync(file) || !fs.existsSync(inBackups) ? path.resolve(file) : inBackups;
  try {
    const { savedCurrent } = await restoreBackup({
      backupFile,
      dbFile,
      dataDir,
    });
    if (savedCurrent) {
      console.info(texts.data.cli.savedCurrent(savedCurrent));
      // The copy saved before the restore goes to the second folder too, like every backup.
      if (copyDir && savedCurrent.endsWith('.sqlite')) {
        await copyBackup(path.join(backupDirectory(dataDir), savedCurrent), copyDir).catch((error) =>
          console.error(`${backupTexts.bannerCopyFailed} ${(error as Error).message}`),
        );
      }
    }
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
