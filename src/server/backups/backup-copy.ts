/**
 * The second copy of every backup (`BACKUP_COPY_DIR`): a folder the owner's cloud client syncs
 * (OneDrive, Dropbox, iCloud Drive) or a USB disk, so a stolen laptop or a dead disk does not take the shop
 * with it. A copy is written under a temporary name, flushed, checked with `integrity_check` and only then
 * renamed; the folder is pruned per kind like the main one. The pictures a backup names are copied into the
 * folder's own shared pictures first, those it already has skipped (backup-pictures.ts). The folder is never
 * created: a USB disk that is not plugged in must not turn into a folder on the laptop's own disk.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pruneBackups } from './backup.service.ts';
import { copyPictures, namedPictures, pictureStore } from './backup-pictures.ts';
import { BackupVerifyError, verifyBackupFile } from './backup-verify.ts';

/** Why a copy failed, in the owner's words (Indstillinger → Sikkerhedskopier, the banner). */
export type CopyFailureReason = 'missing' | 'notFolder' | 'noAccess' | 'full' | 'unverified' | 'other';

export class BackupCopyError extends Error {
  constructor(
    public readonly reason: CopyFailureReason,
    detail: string,
  ) {
    super(`${reason}: ${detail}`);
    this.name = 'BackupCopyError';
  }
}

function reasonOf(error: unknown): CopyFailureReason {
  switch ((error as NodeJS.ErrnoException).code) {
    case 'ENOENT':
      return 'missing';
    case 'ENOTDIR':
      return 'notFolder';
    case 'EACCES':
    case 'EPERM':
    case 'EROFS':
      return 'noAccess';
    case 'ENOSPC':
    case 'EDQUOT':
      return 'full';
    default:
      return 'other';
  }
}

function fsync(target: string): void {
  let fd: number | undefined;
  try {
    fd = fs.openSync(target, 'r');
    fs.fsyncSync(fd);
  } catch {
    // Some file systems (and folders on some systems) cannot be flushed this way; the rename stays atomic.
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/** Copies the backup file `source` into `copyDir` under its own name; throws a BackupCopyError. */
export async function copyBackup(source: string, copyDir: string): Promise<string> {
  const stat = (() => {
    try {
      return fs.statSync(copyDir);
    } catch (error) {
      throw new BackupCopyError(reasonOf(error), (error as Error).message);
    }
  })();
  if (!stat.isDirectory()) throw new BackupCopyError('notFolder', copyDir);
  const name = path.basename(source);
  const target = path.join(copyDir, name);
  const partial = `${target}.partial`;
  try {
    await fs.promises.copyFile(source, partial);
    fsync(partial);
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw new BackupCopyError(reasonOf(error), (error as Error).message);
  }
  // The pictures it names that the copy folder lacks, before the backup itself is given its name.
  const names = namedPictures(partial);
  const from = pictureStore(path.dirname(source));
  const to = pictureStore(copyDir);
  try {
    if (names === null) throw new BackupCopyError('unverified', `${partial} cannot be read`);
    await copyPictures(from, to, names);
  } catch (error) {
    fs.rmSync(partial, { force: true });
    if (error instanceof BackupCopyError) throw error;
    throw new BackupCopyError(reasonOf(error), (error as Error).message);
  }
  try {
    await verifyBackupFile(partial, { pictures: to }).catch(async (error: unknown) => {
      // A picture damaged in the copy folder since it was copied is copied again, once.
      if (!(error instanceof BackupVerifyError) || error.failure.kind !== 'pictures') throw error;
      const bad = new Set([...(error.failure.missing ?? []), ...(error.failure.damaged ?? [])]);
      await copyPictures(from, to, bad, bad);
      return verifyBackupFile(partial, { pictures: to });
    });
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw new BackupCopyError('unverified', (error as Error).message);
  }
  try {
    fs.renameSync(partial, target);
    fsync(copyDir);
    pruneBackups(copyDir);
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw new BackupCopyError(reasonOf(error), (error as Error).message);
  }
  return name;
}
