import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TMP_DIR } from '../support/test-db.ts';

function runServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli/serve.ts'], {
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'info', HOST: '127.0.0.1', ...env },
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

describe('start-up and shutdown', () => {
  it('stops with a clear list when PORT and DATABASE_URL are bad', async () => {
    const run = runServer({ PORT: 'abc', DATABASE_URL: 'mysql://nope' });
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain('Invalid configuration');
    expect(run.output()).toContain('PORT');
    expect(run.output()).toContain('DATABASE_URL');
  });

  it('stops with a clear message when PostgreSQL cannot be reached', async () => {
    const run = runServer({ DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none', PORT: '0' });
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain('Could not open or migrate the database');
  });

  it('starts with no configuration but a data folder, keeps its secret there, and shuts down on SIGTERM', async () => {
    fs.mkdirSync(TMP_DIR, { recursive: true });
    const dataDir = fs.mkdtempSync(path.join(TMP_DIR, 'startup-'));
    const run = runServer({ DATA_DIR: dataDir, PORT: '0', DATABASE_URL: '' });
    const deadline = Date.now() + 20_000;
    // The start line (the addresses are fields of it, the text on a terminal only).
    while (!run.output().includes('"msg":"Nålepuden is running"') && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(run.output()).toContain('"msg":"Nålepuden is running"');
    expect(run.output()).toMatch(/"laptopUrl":"http:\/\/localhost:\d+"/);
    expect(fs.existsSync(path.join(dataDir, 'naalepuden.sqlite'))).toBe(true);
    const secret = fs.readFileSync(path.join(dataDir, 'auth-secret'), 'utf8').trim();
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(fs.statSync(path.join(dataDir, 'auth-secret')).mode & 0o077).toBe(0);
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    expect(run.output()).toContain('shutting down');
    // The database was closed cleanly: SQLite folded its write-ahead log back into the file.
    expect(fs.existsSync(path.join(dataDir, 'naalepuden.sqlite-wal'))).toBe(false);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);
});
