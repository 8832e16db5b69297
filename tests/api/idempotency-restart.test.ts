/**
 * A lost answer against the real server process (finding 8): the create commits, the server is
 * killed before the client reads the answer, and the client's retry with the same Idempotency-Key after the
 * restart adds nothing twice. SQLite: the server process runs on a data folder.
 */
import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { type ServerProcess, signInOwner, startServerProcess } from '../support/server-process.ts';
import { TMP_DIR } from '../support/test-db.ts';

const dirs: string[] = [];
const servers: ServerProcess[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    await server.exited;
  }
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

async function start(dataDir: string): Promise<ServerProcess> {
  const server = await startServerProcess(dataDir);
  servers.push(server);
  return server;
}

async function kill(server: ServerProcess): Promise<void> {
  server.child.kill('SIGKILL');
  await server.exited;
}

function count(dataDir: string, sql: string): number {
  const db = new SqliteDatabase(path.join(dataDir, 'naalepuden.sqlite'), { readonly: true });
  try {
    return (db.prepare(sql).get() as { n: number }).n;
  } finally {
    db.close();
  }
}

const post = (server: ServerProcess, cookie: string, url: string, body: unknown, key: string) =>
  fetch(`${server.url}${url}`, {
    method: 'POST',
    headers: { cookie, origin: server.url, 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify(body),
  });

describe('a retry after a lost answer (killed server)', () => {
  it('adds the customer and the free line once', { timeout: 60_000 }, async () => {
    fs.mkdirSync(TMP_DIR, { recursive: true });
    const dataDir = fs.mkdtempSync(path.join(TMP_DIR, 'idem-'));
    dirs.push(dataDir);
    let server = await start(dataDir);
    let cookie = await signInOwner(server.url);

    const customerKey = crypto.randomUUID();
    const lineKey = crypto.randomUUID();
    const customerCount = "select count(*) as n from customers where name = 'Åse Holm'";
    const lineCount = "select count(*) as n from order_lines where text = 'Snor'";

    // The customer: the request is sent, the server is killed as soon as the row is committed, the answer
    // is never read.
    const lost = post(server, cookie, '/api/customers', { name: 'Åse Holm' }, customerKey).catch(() => null);
    for (let i = 0; i < 200 && count(dataDir, customerCount) === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await kill(server);
    await lost;
    expect(count(dataDir, customerCount)).toBe(1);

    server = await start(dataDir);
    cookie = await signInOwner(server.url);
    const retry = await post(server, cookie, '/api/customers', { name: 'Åse Holm' }, customerKey);
    expect(retry.status).toBe(201);
    const customer = (await retry.json()) as { id: string; name: string };
    expect(customer.name).toBe('Åse Holm');
    expect(count(dataDir, customerCount)).toBe(1);

    // The free line: the answer is dropped, the server is killed, the retry after the restart replays it.
    const line = { kind: 'free', text: 'Snor', priceOre: 1500 };
    const first = await post(server, cookie, `/api/customers/${customer.id}/lines`, line, lineKey);
    expect(first.status).toBe(201);
    await kill(server);
    server = await start(dataDir);
    cookie = await signInOwner(server.url);
    const again = await post(server, cookie, `/api/customers/${customer.id}/lines`, line, lineKey);
    expect(again.status).toBe(201);
    expect(await again.json()).toEqual(await first.json());
    expect(count(dataDir, lineCount)).toBe(1);
  });
});
