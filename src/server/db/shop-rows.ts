import { SHOP_TABLES } from '../../shared/schemas/api-data.ts';
import type { Db } from './database.ts';

/**
 * How many rows the shop's tables hold together (src/shared/schemas/api-data.ts): the seed scripts fill only an
 * empty shop. Here beside the database rather than in a module, since it reads every module's table.
 */
export async function countShopRows(db: Db): Promise<number> {
  let total = 0;
  for (const table of SHOP_TABLES) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    total += Number(row.n);
  }
  return total;
}
