/**
 * What the tests of the port's TLS modes share (https-phone, https-modes): the machine's own LAN address to
 * play a phone with, throwaway data and client folders, and stopping a server process.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll } from 'vitest';
import { phoneAddress } from '../../src/server/https/machine-names.ts';
import type { ServerProcess } from './server-process.ts';
import { TMP_DIR } from './test-db.ts';

/**
 * The machine's own non-loopback IPv4 address: a request from it is not loopback, so the server treats it as
 * a phone. Without one the phone's tests are skipped, and `suite` says so.
 */
export async function lanAddress(suite: string): Promise<string | undefined> {
  const candidate = await phoneAddress();
  const lan = candidate && net.isIPv4(candidate) ? candidate : undefined;
  if (!lan) {
    console.warn(
      `${suite}: this machine has no non-loopback IPv4 address, so the tests that play a phone on the ` +
        "shop's network are skipped",
    );
  }
  return lan;
}

/** The page of the stand-in built client. */
export const APP_PAGE = '<!doctype html><title>Nålepuden-appen</title>';

/** Folders under the test area, removed after the file's tests. Call once at the top of a test file. */
export function tempDirsForThisFile() {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });
  const tempDir = (prefix: string): string => {
    fs.mkdirSync(TMP_DIR, { recursive: true });
    const dir = fs.mkdtempSync(path.join(TMP_DIR, prefix));
    dirs.push(dir);
    return dir;
  };
  /** A built client (just its index.html), so a page is the app's page. */
  const clientDir = (): string => {
    const dir = tempDir('client-');
    fs.writeFileSync(path.join(dir, 'index.html'), APP_PAGE);
    return dir;
  };
  return { tempDir, clientDir };
}

/** Stops a server process with SIGTERM (if it still runs) and gives its exit code. */
export async function stopServer(server: ServerProcess): Promise<number | null> {
  if (server.child.exitCode !== null) return server.child.exitCode;
  server.child.kill('SIGTERM');
  return server.exited;
}

export const portOf = (server: ServerProcess) => Number(new URL(server.url).port);
