/**
 * `npm run seed:stock`: counts every bead of a shop that has no count yet (0–60 each, a few sold out), for
 * performance work on a shop seeded before stock existed (the big shop of `seed:large`, without
 * `--count-stock`). Refuses a shop where any bead is counted: seeding never mixes with real counts.
 */
import { listBeadsSorted } from '../beads/beads.service.ts';
import { inTransaction } from '../db/transaction.ts';
import { importStockMovements, listLatestCounts } from '../stock/stock.service.ts';
import { runCommand, withShop } from './bootstrap.ts';
import { createRandom } from './seed-random.ts';
import { countEveryBead, countMovements } from './seed-support.ts';

await runCommand(() =>
  withShop(async ({ database }) => {
    if ((await listLatestCounts(database.db)).length > 0) {
      console.error(
        'seed:stock: butikken har allerede talte perler. Scriptet tæller kun en butik uden lager.',
      );
      return 1;
    }
    const beads = await listBeadsSorted(database.db, { includeDeleted: true });
    const counts = countEveryBead(beads, Date.now());
    await inTransaction(database.db, (trx) =>
      importStockMovements(trx, countMovements(counts, createRandom(7))),
    );
    console.info(`seed:stock: ${counts.length} perler talt`);
    return 0;
  }),
);
