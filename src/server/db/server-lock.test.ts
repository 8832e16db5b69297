import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirInUseError, lockDataDir, lockFile, runningServerPid } from './server-lock.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'naalepuden-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const lockModule = path.resolve('src/server/db/server-lock.ts');

/** Another process that takes the lock (as a server does, with its pid file) and sleeps. */
async function holderProcess(dir: string) {
  const script = `const { lockDataDir } = await import(${JSON.stringify(lockModule)});
lockDataDir(${JSON.stringify(dir)}, { writePid: true });
console.log('locked');
setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script]);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      if (output.includes('locked')) resolve();
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.once('exit', (code) => reject(new Error(`holder exited with ${code}: ${output}`)));
  });
  return { child, exited };
}

function inUse(dir: string): DataDirInUseError | null {
  try {
    lockDataDir(dir).release();
    return null;
  } catch (error) {
    if (error instanceof DataDirInUseError) return error;
    throw error;
  }
}

describe('data folder lock', () => {
  it('is held by one process; another is refused at once and may take it after a SIGKILL of the holder', async () => {
    const dir = tempDir();
    const holder = await holderProcess(dir);
    const started = Date.now();
    const refusal = inUse(dir);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(refusal).toBeInstanceOf(DataDirInUseError);
    expect(refusal?.pid).toBe(holder.child.pid);
    expect(refusal?.message).toContain(`Another Nålepuden server is already using DATA_DIR ${dir}`);
    expect(refusal?.message).toContain(`(process ${holder.child.pid}); stop it first`);

    // Without the pid file the lock still holds; the message just cannot name the process.
    fs.rmSync(lockFile(dir));
    expect(inUse(dir)?.pid).toBeNull();

    holder.child.kill('SIGKILL');
    await holder.exited;
    // The kernel dropped the lock with the process: nothing stale is left to clean up.
    expect(inUse(dir)).toBeNull();
  }, 30_000);

  it('refuses a second holder in the same process until released; writes and removes its own pid file', () => {
    const dir = tempDir();
    const lock = lockDataDir(dir, { writePid: true });
    expect(fs.readFileSync(lockFile(dir), 'utf8').trim()).toBe(String(process.pid));
    expect(inUse(dir)).toBeInstanceOf(DataDirInUseError);
    lock.release();
    lock.release();
    expect(fs.existsSync(lockFile(dir))).toBe(false);
    expect(inUse(dir)).toBeNull();
  });

  it('reads the pid file as a hint: a live process, not a dead one or a garbled file', async () => {
    const dir = tempDir();
    expect(runningServerPid(dir)).toBeNull();
    fs.writeFileSync(lockFile(dir), 'nonsense');
    expect(runningServerPid(dir)).toBeNull();

    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    fs.writeFileSync(lockFile(dir), `${child.pid}\n`);
    expect(runningServerPid(dir)).toBe(child.pid);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    expect(runningServerPid(dir)).toBeNull();
  });
});
