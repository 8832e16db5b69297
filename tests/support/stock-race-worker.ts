/**
 * One process of the SQLite stock race (tests/api/stock-race.test.ts): opens the shop's SQLite file as the
 * server does and, at the agreed moment, adds `count` lines of the bead through the orders service at once,
 * spread over the customers. Prints how many were added and the first error, as JSON.
 *
 *   node --import tsx tests/support/stock-race-worker.ts <file> <beadId> <customerIds,…> <count> <startAtMs>
 */
import { createDb } from '../../src/server/db/create-db.ts';
import { addLineToActiveOrder } from '../../src/server/orders/orders.service.ts';

const [file, beadId, customerList, countText, startAtText] = process.argv.slice(2);
if (!file || !beadId || !customerList || !countText || !startAtText) throw new Error('missing arguments');
const customers = customerList.split(',');
const handle = createDb({ kind: 'sqlite', file });
await new Promise((resolve) => setTimeout(resolve, Math.max(0, Number(startAtText) - Date.now())));
const results = await Promise.allSettled(
  Array.from({ length: Number(countText) }, (_, i) =>
    addLineToActiveOrder(handle.db, customers[i % customers.length]!, { kind: 'bead', beadId }),
  ),
);
const failed = results.filter((result) => result.status === 'rejected');
process.stdout.write(
  `${JSON.stringify({
    added: results.length - failed.length,
    error: failed[0]?.status === 'rejected' ? String(failed[0].reason) : null,
  })}\n`,
);
await handle.db.destroy();
