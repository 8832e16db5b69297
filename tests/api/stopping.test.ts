/**
 * Stopping the real `npm start` process: a SIGTERM to the process that was started (not to its process group)
 * stops the whole server within 5 s: no orphan child keeps serving the data folder, new connections are
 * refused at once, a request in flight still gets its answer, idle keep-alive connections and connections that
 * never sent a byte do not hold the close open, and the database is closed cleanly. SQLite: the data folder lock shows that no holder remains.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirInUseError, lockDataDir } from '../../src/server/db/server-lock.ts';
import { freePort } from '../support/server-process.ts';
import { TMP_DIR } from '../support/test-db.ts';

const OWNER_BODY = JSON.stringify({
  name: 'Birthe Ørsted',
  email: 'birthe@perler.dk',
  password: 'perler-og-nåle-42',
});

const dirs: string[] = [];
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) {
    // A failed run may leave an orphan server behind: it must not outlive the test.
    for (const pid of processesUsing(dir)) process.kill(pid, 'SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

/**
 * The command line of `npm start` exactly as package.json has it, with `node` as this Node binary; the
 * environment the script sets before `exec` (MALLOC_ARENA_MAX, decision 0016) goes into `startScriptEnv`.
 */
function startScriptCommand(): string[] {
  const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
  // `exec` is the shell's: it replaces the shell npm runs the script in (see the README).
  const words = (pkg.scripts.start ?? '')
    .split(/\s+/)
    .filter((word) => word && word !== 'exec' && !/^[A-Z_]+=/.test(word));
  const [program = '', ...args] = words;
  if (program === 'node') return [process.execPath, ...args];
  // Anything else (e.g. `tsx`) from node_modules/.bin, as npm would run it.
  return [path.resolve('node_modules/.bin', program), ...args];
}

/** The variables the start script sets before `exec` (`NAME=value` words). */
function startScriptEnv(): Record<string, string> {
  const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
  const env: Record<string, string> = {};
  for (const word of (pkg.scripts.start ?? '').split(/\s+/)) {
    const match = /^([A-Z_]+)=(.*)$/.exec(word);
    if (match) env[match[1]!] = match[2]!;
  }
  return env;
}

/** Pids of processes whose environment names this data folder (Linux /proc). */
function processesUsing(dataDir: string): number[] {
  const found: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const environ = fs.readFileSync(`/proc/${entry}/environ`, 'latin1');
      if (environ.split('\0').includes(`DATA_DIR=${dataDir}`)) found.push(Number(entry));
    } catch {
      // Gone, or not ours to read.
    }
  }
  return found;
}

function connects(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** A raw HTTP/1.1 connection, to hold it idle or to send a request in pieces. */
function rawConnection(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk) => {
    received += chunk.toString('utf8');
  });
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('error', () => {});
  return {
    socket,
    closed,
    ready: new Promise<void>((resolve) => socket.once('connect', () => resolve())),
    received: () => received,
    waitFor: async (text: string, ms = 5000) => {
      const deadline = Date.now() + ms;
      while (!received.includes(text) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      return received.includes(text);
    },
  };
}

describe('stopping npm start', () => {
  it.each([
    // What a terminal's `kill PID`, systemd (ExecStart=npm start) or a process manager signals: npm itself.
    ['npm start', () => ['npm', 'start']],
    // The start script's own command line, as a service file may run it without npm.
    ['start script', startScriptCommand],
  ])(
    'SIGTERM to the %s process stops the server within 5 s, finishing a request in flight, with no orphan',
    async (_name, commandLine) => {
      fs.mkdirSync(TMP_DIR, { recursive: true });
      const dataDir = fs.mkdtempSync(path.join(TMP_DIR, 'stopping-'));
      dirs.push(dataDir);
      // A built client newer than every source, so `npm start` does not build one.
      const clientDir = path.join(dataDir, 'client');
      fs.mkdirSync(clientDir);
      fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>Nålepuden</title>');
      const future = new Date(Date.now() + 365 * 24 * 3600 * 1000);
      fs.utimesSync(path.join(clientDir, 'index.html'), future, future);

      const port = await freePort();
      const [command = '', ...args] = commandLine();
      const child = spawn(command, args, {
        env: {
          ...process.env,
          ...startScriptEnv(),
          NODE_ENV: 'production',
          HOST: '127.0.0.1',
          PORT: String(port),
          DATA_DIR: dataDir,
          DATABASE_URL: '',
          LOG_LEVEL: 'info',
          CLIENT_DIST_DIR: clientDir,
        },
      });
      children.push(child);
      let output = '';
      child.stdout.on('data', (chunk) => {
        output += chunk;
      });
      child.stderr.on('data', (chunk) => {
        output += chunk;
      });
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      const url = `http://127.0.0.1:${port}`;
      const deadline = Date.now() + 30_000;
      for (;;) {
        if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}: ${output}`);
        try {
          if ((await fetch(`${url}/api/health`)).ok) break;
        } catch {}
        if (Date.now() > deadline) throw new Error(`npm start did not serve within 30 s: ${output}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(output).not.toContain('Building the client');
      // The server runs with at most two malloc arenas (the start script sets it: decision 0016, memory of
      // many photos decoded in libvips's threads), whichever way it was started.
      const [server] = processesUsing(dataDir);
      expect(fs.readFileSync(`/proc/${server}/environ`, 'latin1').split('\0')).toContain(
        'MALLOC_ARENA_MAX=2',
      );

      // An idle keep-alive connection (as a browser keeps one) ...
      const idle = rawConnection(port);
      await idle.ready;
      idle.socket.write(`GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
      expect(await idle.waitFor('\r\n\r\n')).toBe(true);
      // ... a connection that never sends a byte (a browser's preconnect) ...
      const silent = rawConnection(port);
      await silent.ready;
      // ... and a request in flight: headers and half of the body sent (the owner's set-up, a write).
      const body = Buffer.from(OWNER_BODY, 'utf8');
      const inFlight = rawConnection(port);
      await inFlight.ready;
      inFlight.socket.write(
        `POST /api/setup HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${url}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
      );
      inFlight.socket.write(body.subarray(0, 20));
      await new Promise((r) => setTimeout(r, 200));

      const signalledAt = Date.now();
      // To the spawned process alone, as systemd's or a terminal's `kill PID` does.
      process.kill(child.pid as number, 'SIGTERM');

      // New connections are refused at once.
      let refusedAfter = Number.POSITIVE_INFINITY;
      while (Date.now() - signalledAt < 5000) {
        if (!(await connects(port))) {
          refusedAfter = Date.now() - signalledAt;
          break;
        }
        await new Promise((r) => setTimeout(r, 25));
      }
      expect(refusedAfter).toBeLessThan(1000);

      // The request in flight is finished and answered.
      inFlight.socket.write(body.subarray(20));
      expect(await inFlight.waitFor('\r\n\r\n')).toBe(true);
      expect(inFlight.received()).toMatch(/^HTTP\/1\.1 201 /);

      // The whole server is gone within 5 s of the signal, with exit code 0; the idle connection was closed.
      const code = await Promise.race([
        exited,
        new Promise<'late'>((r) => setTimeout(() => r('late'), 5000)),
      ]);
      expect(code).toBe(0);
      await idle.closed;
      await silent.closed;
      const gone = Date.now();
      while (processesUsing(dataDir).length > 0 && Date.now() - gone < 1000)
        await new Promise((r) => setTimeout(r, 50));
      expect(processesUsing(dataDir)).toEqual([]);
      expect(Date.now() - signalledAt).toBeLessThan(5000);
      expect(await connects(port)).toBe(false);
      // No holder of the data folder remains (an orphan server would still hold its lock).
      let stillHeld = false;
      try {
        lockDataDir(dataDir).release();
      } catch (error) {
        if (!(error instanceof DataDirInUseError)) throw error;
        stillHeld = true;
      }
      expect(stillHeld).toBe(false);

      // The answered write is in the database, which was closed cleanly (write-ahead log folded in).
      expect(fs.existsSync(path.join(dataDir, 'naalepuden.sqlite-wal'))).toBe(false);
      const db = new SqliteDatabase(path.join(dataDir, 'naalepuden.sqlite'), { readonly: true });
      try {
        const users = db.prepare('select email from user').all() as Array<{ email: string }>;
        expect(users.map((u) => u.email)).toEqual(['birthe@perler.dk']);
      } finally {
        db.close();
      }
      expect(output).toContain('shutting down');
    },
    60_000,
  );
});
