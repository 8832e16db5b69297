/**
 * One process of the bill-number races (tests/api/number-race.test.ts): opens the shop's database as the server
 * does (SQLite file or PostgreSQL URL) and runs its jobs through the services, each in its own transaction:
 * 'invoice' moves an active order to Afventer betaling (PATCH status), 'bill' sends its bill (POST …/bill),
 * 'credit' makes a credit note of a shipped order. The jobs come in bursts, each run `loops` at a time ('all':
 * the whole burst at once, as a Promise.all). With `waitForGo` each burst waits for a line on stdin first, so
 * two processes start a burst together on the test's word.
 *
 * It prints one JSON line per event, each after the fact it reports: {"ready":true} once the database answers,
 * {"done":{…,"number"}} once that job's transaction has committed, {"failed":{…,"error"}} when it threw, and
 * {"finished":i} when burst i is over.
 *
 *   node --import tsx tests/support/number-race-worker.ts '<WorkerConfig as JSON>'
 */
import readline from 'node:readline';
import { sql } from 'kysely';
import type { DatabaseConfig } from '../../src/server/config.ts';
import { createDb } from '../../src/server/db/create-db.ts';
import { sendBill } from '../../src/server/orders/bill-text.service.ts';
import { createCreditNote } from '../../src/server/orders/credit-notes.service.ts';
import { updateOrder } from '../../src/server/orders/order-status.service.ts';
import { copenhagenDate } from '../../src/shared/domain/dates.ts';

export type NumberJob = { kind: 'invoice' | 'bill' | 'credit'; orderId: string; lineIds?: string[] };
export type WorkerConfig = {
  database: DatabaseConfig;
  bursts: NumberJob[][];
  loops: number | 'all';
  waitForGo: boolean;
};
export type WorkerEvent =
  | { ready: true }
  | { done: NumberJob & { number: string | null } }
  | { failed: NumberJob & { error: string } }
  | { finished: number };

const print = (event: WorkerEvent) => process.stdout.write(`${JSON.stringify(event)}\n`);

const config = JSON.parse(process.argv[2] ?? '') as WorkerConfig;
const { db } = createDb(config.database);

async function run(job: NumberJob): Promise<string | null> {
  if (job.kind === 'invoice') return (await updateOrder(db, job.orderId, { status: 'invoiced' })).number;
  if (job.kind === 'bill') return (await sendBill(db, job.orderId)).number;
  const made = await createCreditNote(db, job.orderId, {
    lineIds: job.lineIds ?? [],
    postage: true,
    method: 'mobilepay',
    refundedOn: copenhagenDate(),
  });
  return made.creditNote.number;
}

async function runBurst(jobs: readonly NumberJob[]): Promise<void> {
  let next = 0;
  const loops = config.loops === 'all' ? jobs.length : config.loops;
  await Promise.all(
    Array.from({ length: loops }, async () => {
      while (next < jobs.length) {
        const job = jobs[next++]!;
        try {
          print({ done: { ...job, number: await run(job) } });
        } catch (error) {
          print({ failed: { ...job, error: String((error as Error)?.stack ?? error) } });
        }
      }
    }),
  );
}

await sql`select 1`.execute(db);
const words = readline.createInterface({ input: process.stdin });
const word = words[Symbol.asyncIterator]();
print({ ready: true });
for (const [index, burst] of config.bursts.entries()) {
  if (config.waitForGo) await word.next();
  await runBurst(burst);
  print({ finished: index });
}
words.close();
process.stdin.destroy();
await db.destroy();
