/**
 * Crash durability, online backups and restore against the real server process. SQLite only: these are the
 * embedded database's own guarantees (on PostgreSQL, durability and pg_dump are PostgreSQL's).
 */

import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { lockFile } from '../../src/server/db/server-lock.ts';
import { EXPORT_VERSION } from '../../src/shared/schemas/api-data.ts';
import {
  callApi,
  runCli,
  type ServerProcess,
  signInOwner,
  spawnServerProcess,
  startServerProcess,
} from '../support/server-process.ts';
import { TMP_DIR } from '../support/test-db.ts';

const dirs: string[] = [];
const servers: ServerProcess[] = [];
function dataFolder(): string {
  fs.mkdirSync(TMP_DIR, { recursive: true });
  const dir = fs.mkdtempSync(path.join(TMP_DIR, 'backup-'));
  dirs.push(dir);
  return dir;
}
async function start(dataDir: string): Promise<ServerProcess> {
  const server = await startServerProcess(dataDir);
  servers.push(server);
  return server;
}
async function stop(server: ServerProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill(signal);
  await server.exited;
}
afterEach(async () => {
  for (const server of servers.splice(0)) await stop(server, 'SIGKILL');
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const dbFile = (dataDir: string) => path.join(dataDir, 'naalepuden.sqlite');

function inspect(file: string) {
  const db = new SqliteDatabase(file, { readonly: true });
  try {
    return {
      integrity: db.pragma('integrity_check', { simple: true }),
      foreignKeyProblems: db.pragma('foreign_key_check') as unknown[],
      customers: new Set(
        (db.prepare('select name from customers').all() as Array<{ name: string }>).map((r) => r.name),
      ),
      // Orders are only created together with their first line, in one transaction (get-or-create + insert).
      ordersWithoutLine: db
        .prepare(
          'select count(*) as n from orders o where not exists (select 1 from order_lines l where l.order_id = o.id)',
        )
        .get() as { n: number },
    };
  } finally {
    db.close();
  }
}

/**
 * Writes until stopped: each unit creates a customer and adds a free line to its (new) active order. A name
 * counts as acknowledged once both answers came back 201.
 */
function writeStream(server: ServerProcess, cookie: string, prefix: string, workers = 4) {
  const acknowledged: string[] = [];
  let stopped = false;
  let next = 0;
  const worker = async () => {
    while (!stopped) {
      const name = `${prefix} ${next++} Æblegrød`;
      try {
        const created = await callApi(server.url, cookie, 'POST', '/api/customers', { name });
        if (created.status !== 201) throw new Error(`customer: ${created.status}`);
        const { id } = (await created.json()) as { id: string };
        const line = await callApi(server.url, cookie, 'POST', `/api/customers/${id}/lines`, {
          kind: 'free',
          text: 'Perlekæde',
          priceOre: 12_500,
        });
        if (line.status !== 201) throw new Error(`line: ${line.status}`);
        acknowledged.push(name);
      } catch {
        // The server died or refused: this unit was not acknowledged.
        if (server.child.exitCode !== null || server.child.signalCode !== null) return;
      }
    }
  };
  const done = Promise.all(Array.from({ length: workers }, worker));
  return {
    acknowledged,
    /** Units numbered from here on start after this moment. */
    nextIndex: () => next,
    stop: async () => {
      stopped = true;
      await done;
    },
    waitFor: async (count: number) => {
      while (acknowledged.length < count) await new Promise((r) => setTimeout(r, 20));
    },
  };
}

describe('crash durability, backups and restore (SQLite)', () => {
  it('keeps every acknowledged write when the server is SIGKILLed mid-stream', async () => {
    const dataDir = dataFolder();
    const first = await start(dataDir);
    const cookie = await signInOwner(first.url);
    const stream = writeStream(first, cookie, 'Kunde');
    await stream.waitFor(60);
    first.child.kill('SIGKILL');
    await first.exited;
    await stream.stop();
    const acknowledged = [...stream.acknowledged];
    expect(acknowledged.length).toBeGreaterThanOrEqual(60);
    // The lock of the killed server is left behind, but its process is gone.
    expect(fs.existsSync(lockFile(dataDir))).toBe(true);

    const second = await start(dataDir);
    const names = new Set(
      (
        (await (
          await callApi(second.url, await signInOwner(second.url), 'GET', '/api/customers')
        ).json()) as Array<{
          name: string;
        }>
      ).map((c) => c.name),
    );
    for (const name of acknowledged) expect(names).toContain(name);
    await stop(second);
    const after = inspect(dbFile(dataDir));
    expect(after.integrity).toBe('ok');
    expect(after.foreignKeyProblems).toEqual([]);
    for (const name of acknowledged) expect(after.customers).toContain(name);
  }, 120_000);

  it('takes a backup during writes that restores to a consistent database; restore refuses while the server runs', async () => {
    const dataDir = dataFolder();
    const server = await start(dataDir);
    const cookie = await signInOwner(server.url);
    const stream = writeStream(server, cookie, 'Kunde');
    await stream.waitFor(40);
    const ackedBeforeBackup = [...stream.acknowledged];
    const backupResponse = await callApi(server.url, cookie, 'POST', '/api/data/backups');
    expect(backupResponse.status).toBe(201);
    const backup = (await backupResponse.json()) as { name: string; kind: string };
    const firstUnitAfterBackup = stream.nextIndex();
    await stream.waitFor(stream.acknowledged.length + 30);
    await stream.stop();
    // Units begun after the backup had answered cannot be in it.
    const startedAfterBackup = stream.acknowledged.filter(
      (name) => Number(name.split(' ')[1]) >= firstUnitAfterBackup,
    );
    expect(startedAfterBackup.length).toBeGreaterThan(0);

    const listed = (await (await callApi(server.url, cookie, 'GET', '/api/data/backups')).json()) as {
      backups: Array<{ name: string; kind: string }>;
    };
    expect(listed.backups.map((b) => b.kind).sort()).toEqual(['manual', 'start']);

    const refused = await runCli('restore', [backup.name], dataDir);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`Serveren kører (proces ${server.child.pid})`);

    await stop(server);
    expect(fs.existsSync(lockFile(dataDir))).toBe(false);
    const restored = await runCli('restore', [backup.name], dataDir);
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain('Gendannet');
    expect(restored.stdout).toContain('Den nuværende database er gemt som');

    const after = inspect(dbFile(dataDir));
    expect(after.integrity).toBe('ok');
    expect(after.foreignKeyProblems).toEqual([]);
    // A consistent snapshot: no order without the line it was created with in the same transaction.
    expect(after.ordersWithoutLine.n).toBe(0);
    for (const name of ackedBeforeBackup) expect(after.customers).toContain(name);
    for (const name of startedAfterBackup) expect(after.customers).not.toContain(name);

    // The restored database serves again, and the database it replaced was kept as a backup.
    const again = await start(dataDir);
    const customers = (await (
      await callApi(again.url, await signInOwner(again.url), 'GET', '/api/customers')
    ).json()) as unknown[];
    expect(customers.length).toBe(after.customers.size);
    await stop(again);
    const kinds = fs.readdirSync(path.join(dataDir, 'backups')).filter((f) => f.includes('beforeRestore'));
    expect(kinds).toHaveLength(1);
  }, 120_000);

  it('refuses to restore a damaged or foreign file and leaves the database alone', async () => {
    const dataDir = dataFolder();
    const server = await start(dataDir);
    await signInOwner(server.url);
    await stop(server);
    const before = fs.readFileSync(dbFile(dataDir));

    const junk = path.join(dataDir, 'junk.sqlite');
    fs.writeFileSync(junk, 'this is not a database');
    const damaged = await runCli('restore', [junk], dataDir);
    expect(damaged.code).toBe(1);
    expect(damaged.stderr).toContain('Sikkerhedskopien er beskadiget og er ikke gendannet');

    const foreign = path.join(dataDir, 'foreign.sqlite');
    const other = new SqliteDatabase(foreign);
    other.exec('create table notes (id integer primary key)');
    other.close();
    const notOurs = await runCli('restore', [foreign], dataDir);
    expect(notOurs.code).toBe(1);
    expect(notOurs.stderr).toContain('Filen er ikke en Nålepuden-database');

    expect(fs.readFileSync(dbFile(dataDir)).equals(before)).toBe(true);
    expect(fs.readdirSync(dataDir).filter((f) => f.includes('.restoring'))).toEqual([]);
  }, 60_000);

  it('imports and exports from the command line', async () => {
    const dataDir = dataFolder();
    const dry = await runCli('import', ['tests/fixtures/old-app-export.json', '--dry-run'], dataDir);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain('Prøvekørsel: intet er gemt endnu');
    expect(dry.stdout).toContain('Kunden "Lis Møller" har to aktive ordrer');

    const real = await runCli('import', ['tests/fixtures/old-app-export.json'], dataDir);
    expect(real.code).toBe(0);
    expect(real.stdout).toContain('Importen er gennemført');
    const twice = await runCli('import', ['tests/fixtures/old-app-export.json'], dataDir);
    expect(twice.stdout).toContain('Importen tilføjede 0 rækker');
    // A file an editor saved with a BOM reads as its JSON; a file that is not JSON is refused in Danish.
    const withBom = path.join(dataDir, 'med-bom.json');
    fs.writeFileSync(withBom, `\uFEFF${fs.readFileSync('tests/fixtures/old-app-export.json', 'utf8')}`);
    const bom = await runCli('import', [withBom, '--dry-run'], dataDir);
    expect(bom.code).toBe(0);
    expect(bom.stdout).toContain('Prøvekørsel: intet er gemt endnu');
    const notJson = path.join(dataDir, 'ikke-json.json');
    fs.writeFileSync(notJson, '{ ikke json');
    const refused = await runCli('import', [notJson], dataDir);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('Filen er ikke gyldig JSON');

    const jsonOut = path.join(dataDir, 'out', 'eksport.json');
    expect((await runCli('export', ['--format', 'json', '--out', jsonOut], dataDir)).code).toBe(0);
    const exported = JSON.parse(fs.readFileSync(jsonOut, 'utf8'));
    expect(exported).toMatchObject({ format: 'naalepuden-export', version: EXPORT_VERSION });
    expect(exported.customers).toHaveLength(8);

    const csvOut = path.join(dataDir, 'out', 'csv');
    expect((await runCli('export', ['--format', 'csv', '--out', csvOut], dataDir)).code).toBe(0);
    expect(fs.readdirSync(csvOut).sort()).toEqual([
      'betalinger.csv',
      'kreditnotaer.csv',
      'kunder.csv',
      'lagerbevaegelser.csv',
      'ordrelinjer.csv',
      'ordrer.csv',
      'perler.csv',
      'todos.csv',
    ]);
    const kunder = fs.readFileSync(path.join(csvOut, 'kunder.csv'), 'utf8');
    expect(
      kunder.startsWith(
        '\uFEFFId;Navn;Telefon;E-mail;Adresse;Ekstra adresselinje;Postnr.;By;Land;Tjek adressen;Oprettet;Arkiveret\r\n',
      ),
    ).toBe(true);
    expect(kunder).toContain(';Bjørn Ærø-Hansen;');

    const bad = await runCli('export', ['--format', 'xml', '--out', csvOut], dataDir);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('Brug: npm run export');
  }, 90_000);
});

describe('one server per data folder (SQLite)', () => {
  it('a second server on the same data folder refuses to start; the first keeps serving', async () => {
    const dataDir = dataFolder();
    const first = await start(dataDir);
    const cookie = await signInOwner(first.url);

    const second = await spawnServerProcess(dataDir);
    const code = await Promise.race([
      second.exited,
      new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), 20_000)),
    ]);
    if (code === 'still running') second.child.kill('SIGKILL');
    expect(code).toBe(1);
    expect(second.output()).toContain('Another Nålepuden server is already using DATA_DIR');
    expect(second.output()).toContain(`process ${first.child.pid}`);
    expect(second.output()).toContain('stop it first');
    // It never listened.
    await expect(fetch(`${second.url}/api/health`)).rejects.toThrow();

    const created = await callApi(first.url, cookie, 'POST', '/api/customers', { name: 'Første Server' });
    expect(created.status).toBe(201);
  }, 60_000);

  it('restore refuses while a server holds the data folder, even without its pid file, and works after SIGKILL', async () => {
    const dataDir = dataFolder();
    const server = await start(dataDir);
    const cookie = await signInOwner(server.url);
    const backup = (await (await callApi(server.url, cookie, 'POST', '/api/data/backups')).json()) as {
      name: string;
    };
    // The pid file is only a hint (another server's exit, or a tidy-up, may remove it); the lock decides.
    fs.rmSync(lockFile(dataDir), { force: true });
    const refused = await runCli('restore', [backup.name], dataDir);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('Serveren kører');
    expect(refused.stderr).toContain('Stop den først');
    // The server still serves and its writes are in its database.
    expect(
      (await callApi(server.url, cookie, 'POST', '/api/customers', { name: 'Efter nægtet' })).status,
    ).toBe(201);

    // The operating system releases the lock when the process dies, even on SIGKILL.
    server.child.kill('SIGKILL');
    await server.exited;
    const restored = await runCli('restore', [backup.name], dataDir);
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain('Gendannet');

    // And a server starts again on the folder afterwards.
    const again = await start(dataDir);
    expect((await fetch(`${again.url}/api/health`)).ok).toBe(true);
  }, 90_000);
});
