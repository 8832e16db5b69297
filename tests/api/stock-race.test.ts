/**
 * Nothing lost, nothing counted twice (docs/product/stock.md, decision 0018): 200 lines of one counted bead
 * added at once from two processes end with its stock exactly 200 lower, with 200 lines and 200 sales. On
 * PostgreSQL the two processes are real servers on one database (behind a load balancer they would share);
 * on SQLite, where one server holds the data folder, they are two processes writing the same file through the
 * orders service, as a command beside the server would.
 */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/database.ts';
import { moveStock } from '../../src/server/stock/stock.service.ts';
import { createBead, createCustomer } from '../support/factories.ts';
import { processLeftovers } from '../support/process-leftovers.ts';
import { callApi, signInOwner } from '../support/server-process.ts';

const LINES = 200;
const START = 1000;

const processes = processLeftovers();

/** A counted bead (1000 on the shelf) and five customers to sell it to. */
async function shopWithCountedBead(db: Db) {
  const bead = await createBead(db, { priceOre: 2500 });
  await moveStock(db, bead.id, { kind: 'count', quantity: START });
  const customers = [];
  for (let i = 0; i < 5; i++) customers.push(await createCustomer(db));
  return { bead, customers };
}

async function expectExactly(db: Db, beadId: string) {
  const bead = await db
    .selectFrom('beads')
    .select('stock')
    .where('id', '=', beadId)
    .executeTakeFirstOrThrow();
  const lines = await db.selectFrom('order_lines').select('id').where('bead_id', '=', beadId).execute();
  const sales = await db
    .selectFrom('stock_movements')
    .select('quantity')
    .where('bead_id', '=', beadId)
    .where('kind', '=', 'sale')
    .execute();
  expect({
    stock: Number(bead.stock),
    lines: lines.length,
    sold: sales.reduce((s, m) => s - m.quantity, 0),
  }).toEqual({ stock: START - LINES, lines: LINES, sold: LINES });
}

describe('200 lines of one bead added at once from two processes', () => {
  it.runIf(process.env.TEST_DATABASE_URL)(
    'on PostgreSQL, through two server processes, end with the stock exactly 200 lower',
    async () => {
      const database = await processes.database('postgres');
      const { bead, customers } = await shopWithCountedBead(database.db);
      const env = { DATABASE_URL: database.url, AUTH_SECRET: 'a-shared-secret-of-at-least-32-characters!' };
      const started = await Promise.all([0, 1].map(() => processes.start(processes.folder('race-'), env)));
      const cookie = await signInOwner(started[0]!.url);
      const responses = await Promise.all(
        Array.from({ length: LINES }, (_, i) => {
          const server = started[i % 2]!;
          const customer = customers[i % customers.length]!;
          return callApi(server.url, cookie, 'POST', `/api/customers/${customer.id}/lines`, {
            kind: 'bead',
            beadId: bead.id,
          });
        }),
      );
      expect(responses.map((response) => response.status).filter((status) => status !== 201)).toEqual([]);
      await expectExactly(database.db, bead.id);
    },
    120_000,
  );

  it('on SQLite, from two processes on one file, end with the stock exactly 200 lower', async () => {
    const database = await processes.database('sqlite');
    const { bead, customers } = await shopWithCountedBead(database.db);
    const file = database.url.replace(/^file:/, '');
    const startAt = Date.now() + 3000;
    const run = () =>
      new Promise<{ added: number; error: string | null }>((resolve, reject) => {
        const child = spawn(
          process.execPath,
          [
            '--import',
            'tsx',
            'tests/support/stock-race-worker.ts',
            file,
            bead.id,
            customers.map((c) => c.id).join(','),
            String(LINES / 2),
            String(startAt),
          ],
          { stdio: ['ignore', 'pipe', 'inherit'] },
        );
        let output = '';
        child.stdout.on('data', (chunk) => {
          output += chunk;
        });
        child.once('exit', (code) =>
          code === 0
            ? resolve(JSON.parse(output.trim().split('\n').at(-1) ?? '{}'))
            : reject(new Error(output)),
        );
      });
    const results = await Promise.all([run(), run()]);
    expect(results).toEqual([
      { added: LINES / 2, error: null },
      { added: LINES / 2, error: null },
    ]);
    await expectExactly(database.db, bead.id);
  }, 120_000);
});
