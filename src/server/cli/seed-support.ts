/**
 * Shared by the seed scripts: run over the CLI bootstrap, refuse a non-empty shop, a seeded RNG, the order lines
 * both shops make the same way, and one insert of the whole shop through the modules' services.
 */
import { type BeadInsert, insertBeadRows } from '../beads/beads.service.ts';
import type { Config } from '../config.ts';
import { insertCustomerRows } from '../customers/customers.service.ts';
import type { CustomerRow, Db, OrderLineRow, StockMovementRow, TodoRow } from '../db/database.ts';
import { countShopRows } from '../db/shop-rows.ts';
import { numberBilledOrders } from '../orders/order-billing.service.ts';
import { insertOrderRows, type OrderInsert } from '../orders/orders.service.ts';
import { addSeedPhotos } from '../photos/photo-archive.service.ts';
import { importStockMovements } from '../stock/stock.service.ts';
import { insertTodoRows } from '../todos/todos.service.ts';
import { runCommand, withShop } from './bootstrap.ts';
import { beadPictures } from './seed-pictures.ts';
import { createRandom, type Random } from './seed-random.ts';

export const DAY = 24 * 60 * 60 * 1000;

export const iso = (ms: number) => new Date(ms).toISOString();

/** A whole shop as rows, ready to insert. */
export type SeedShop = {
  customers: CustomerRow[];
  beads: BeadInsert[];
  orders: OrderInsert[];
  lines: OrderLineRow[];
  todos: TodoRow[];
  /** Beads that get generated photos (decision 0016), and how many each. */
  photos?: Array<{ id: string; name: string; count: number }>;
  /** Beads counted on the shelf (docs/product/stock.md): how many, and when. */
  counts?: SeedCount[];
};

export type SeedCount = { beadId: string; quantity: number; countedAt: string };

/** The count movements of `counts`, ready for the stock service. */
export function countMovements(counts: readonly SeedCount[], random: Random): StockMovementRow[] {
  return counts.map(({ beadId, quantity, countedAt }) => ({
    id: random.uuid(),
    bead_id: beadId,
    kind: 'count',
    quantity,
    at: countedAt,
    recorded_at: countedAt,
    reason: null,
    order_id: null,
    customer_id: null,
    delivery_id: null,
    data: null,
  }));
}

/** Where the data goes, for the messages (a PostgreSQL password is not printed). */
function describeDatabase(config: Config): string {
  if (config.database.kind === 'sqlite') return config.database.file;
  const parsed = new URL(config.database.url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

/**
 * Runs a seed script over the CLI bootstrap: 0 when done, 1 when the shop is not empty (seeding never mixes
 * with real data) or something failed. `build` makes the shop's rows; they are inserted in one transaction.
 */
export async function runSeed(name: string, build: () => SeedShop): Promise<void> {
  await runCommand(() =>
    withShop(async ({ config, database }) => {
      const where = describeDatabase(config);
      const rows = await countShopRows(database.db);
      if (rows > 0) {
        console.error(
          `${name}: databasen ${where} indeholder allerede data (${rows} rækker). ` +
            'Seed-scripts fylder kun en tom database. Brug en ny DATA_DIR eller DATABASE_URL.',
        );
        return 1;
      }
      const started = performance.now();
      const summary = await insertShop(database.db, build());
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.info(`${name}: ${summary} i ${where} (${seconds} s)`);
      return 0;
    }),
  );
}

/**
 * Inserts the shop in one transaction and says what was created. The photos are drawn while the transaction
 * is open (a seed has the database to itself), a picture per core at once, and stored as they come.
 */
async function insertShop(db: Db, shop: SeedShop): Promise<string> {
  let photoCount = 0;
  await db.transaction().execute(async (trx) => {
    await insertCustomerRows(trx, shop.customers);
    await insertBeadRows(trx, shop.beads);
    await insertOrderRows(trx, shop.orders, shop.lines);
    // Every order that left Aktiv has its bill's number (docs/product/money.md).
    await numberBilledOrders(trx);
    await insertTodoRows(trx, shop.todos);
    // Its own generator: the shop's other rows stay the same with or without counts.
    if (shop.counts) await importStockMovements(trx, countMovements(shop.counts, createRandom(7)));
    const now = new Date().toISOString();
    const beads = shop.photos ?? [];
    for await (const { beadId, photos } of beadPictures(beads)) {
      await addSeedPhotos(trx, beadId, photos, now);
      photoCount += photos.length;
      if (beads.length > 100 && photoCount % 250 === 0) console.info(`  ${photoCount} fotos …`);
    }
  });
  const counted = shop.counts ? `, ${shop.counts.length} talt` : '';
  return `${shop.customers.length} kunder, ${shop.beads.length} perler (${photoCount} fotos${counted}), ${shop.orders.length} ordrer, ${shop.lines.length} ordrelinjer og ${shop.todos.length} todos oprettet`;
}

export type LineChoices = {
  /** The chance that a line is a free line rather than a bead. */
  freeChance: number;
  /** [text, price in øre] */
  freeLines: ReadonlyArray<readonly [string, number]>;
  /** The beads a bead line is drawn from. */
  beads: readonly BeadInsert[];
};

/**
 * One line of a seeded order, added at `addedAt`: a free line, or a bead line whose price is frozen once the
 * order has left `active` (as the app does when the status changes).
 */
export function orderLine(
  random: Random,
  order: Pick<OrderInsert, 'id' | 'status'>,
  addedAt: string,
  choices: LineChoices,
): OrderLineRow {
  if (random.chance(choices.freeChance)) {
    const [text, priceOre] = random.pick(choices.freeLines);
    return {
      id: random.uuid(),
      order_id: order.id,
      bead_id: null,
      text,
      price_ore: priceOre,
      sale_type: null,
      added_at: addedAt,
    };
  }
  const bead = random.pick(choices.beads);
  const frozen = order.status !== 'active';
  return {
    id: random.uuid(),
    order_id: order.id,
    bead_id: bead.id,
    text: null,
    price_ore: frozen ? bead.price_ore : null,
    sale_type: frozen ? bead.sale_type : null,
    added_at: addedAt,
  };
}

/** Todos with at most one per bead and customer (the unique index todos_bead_customer_uq). */
export function uniqueTodos(random: Random) {
  const rows: TodoRow[] = [];
  const keys = new Set<string>();
  /** Adds the todo unless the bead and customer have one; `rest` is called only when it is added. */
  const add = (
    beadId: string,
    customerId: string | null,
    rest: () => Pick<TodoRow, 'amount' | 'created_at'>,
  ): void => {
    const key = `${beadId}|${customerId ?? ''}`;
    if (keys.has(key)) return;
    keys.add(key);
    const id = random.uuid();
    rows.push({ id, bead_id: beadId, customer_id: customerId, ...rest() });
  };
  return { rows, add };
}

/**
 * Every bead counted on the shelf, 0–60 each (a few sold out), a day before `today`: the big shop with stock
 * on every row, for performance work. Its own generator, so the shop's other rows stay the same.
 */
export function countEveryBead(beads: ReadonlyArray<{ id: string }>, today: number): SeedCount[] {
  const random = createRandom(99);
  return beads.map((bead) => ({
    beadId: bead.id,
    quantity: random.chance(0.05) ? 0 : random.int(1, 60),
    countedAt: iso(today - DAY),
  }));
}
