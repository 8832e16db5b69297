/**
 * A small tmpfs of the test's own (Linux, as root: `mount -t tmpfs -o size=…`), to play a full or read-only
 * disk for real. Where mounting is not allowed (not root, not Linux, a sandbox that forbids it),
 * `mountTmpfs` says why, and the test skips with that reason instead of passing.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export type Tmpfs = { dir: string; fill: () => void; remountReadOnly: () => void; unmount: () => void };

export function canMountTmpfs(): { ok: true } | { ok: false; reason: string } {
  if (process.platform !== 'linux') return { ok: false, reason: 'tmpfs mounts need Linux' };
  if (process.getuid?.() !== 0) return { ok: false, reason: 'mounting a tmpfs needs root' };
  const probe = fs.mkdtempSync(path.join(os.tmpdir(), 'naalepuden-tmpfs-probe-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', probe], { stdio: 'pipe' });
    execFileSync('umount', [probe], { stdio: 'pipe' });
    return { ok: true };
  } catch (error) {
    return {
      ok: false,
      reason: `mount -t tmpfs is not allowed here: ${(error as Error).message.split('\n')[0]}`,
    };
  } finally {
    fs.rmSync(probe, { recursive: true, force: true });
  }
}

export function mountTmpfs(sizeKb: number): Tmpfs {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'naalepuden-tmpfs-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeKb}k`, 'tmpfs', dir], { stdio: 'pipe' });
  return {
    dir,
    /** Fills the disk to the last block with one file, `filler`. */
    fill() {
      const fd = fs.openSync(path.join(dir, 'filler'), 'a');
      const block = Buffer.alloc(64 * 1024, 1);
      try {
        for (;;) fs.writeSync(fd, block);
      } catch {
        // ENOSPC: full.
      }
      try {
        for (;;) fs.writeSync(fd, Buffer.alloc(512, 1));
      } catch {
        // ENOSPC to the last few blocks.
      } finally {
        fs.closeSync(fd);
      }
    },
    remountReadOnly() {
      execFileSync('mount', ['-o', 'remount,ro', dir], { stdio: 'pipe' });
    },
    unmount() {
      try {
        execFileSync('umount', ['-l', dir], { stdio: 'pipe' });
      } catch {
        // Already gone.
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
