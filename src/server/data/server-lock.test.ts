import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { claimServerLock, lockFile, runningServerPid } from './server-lock.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'naalepuden-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('server lock', () => {
  it('names a live server, ignores a dead one and a missing or garbled file', async () => {
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

  it('writes this process’s pid and removes only its own lock', () => {
    const dir = tempDir();
    const lock = claimServerLock(dir);
    expect(fs.readFileSync(lockFile(dir), 'utf8').trim()).toBe(String(process.pid));
    // The holder itself is not "another running server".
    expect(runningServerPid(dir)).toBeNull();
    lock.release();
    expect(fs.existsSync(lockFile(dir))).toBe(false);
  });

  it('leaves the lock of another live server alone', async () => {
    const dir = tempDir();
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    fs.writeFileSync(lockFile(dir), `${child.pid}\n`);
    claimServerLock(dir).release();
    expect(fs.readFileSync(lockFile(dir), 'utf8').trim()).toBe(String(child.pid));
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  });
});
