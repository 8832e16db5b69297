/**
 * A pid file in DATA_DIR that says "a server is using this database". The server writes it at start and
 * removes it when it exits; `npm run restore` refuses while it names a live process. After a crash (or
 * SIGKILL) the file stays behind, but its pid is dead, so it does not block a restore.
 */
import fs from 'node:fs';
import path from 'node:path';

export const LOCK_FILE = 'server.pid';

export function lockFile(dataDir: string): string {
  return path.join(dataDir, LOCK_FILE);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid of a live server using this data folder, or null. */
export function runningServerPid(dataDir: string): number | null {
  let text: string;
  try {
    text = fs.readFileSync(lockFile(dataDir), 'utf8');
  } catch {
    return null;
  }
  const pid = Number.parseInt(text.trim(), 10);
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  return isAlive(pid) ? pid : null;
}

/**
 * Writes this process's pid and removes the file again when the process exits (also on process.exit()).
 * A lock held by another live process (a second server on the same folder) is left as it is.
 */
export function claimServerLock(dataDir: string): { release: () => void } {
  if (runningServerPid(dataDir) !== null) return { release: () => {} };
  fs.mkdirSync(dataDir, { recursive: true });
  const file = lockFile(dataDir);
  fs.writeFileSync(file, `${process.pid}\n`);
  const release = () => {
    try {
      if (fs.readFileSync(file, 'utf8').trim() === String(process.pid)) fs.rmSync(file, { force: true });
    } catch {
      // Already gone.
    }
  };
  process.once('exit', release);
  return { release };
}
