/** Shared by the seed scripts: open the same database as `npm start`, refuse a non-empty shop, a seeded RNG. */
import { ConfigError, loadConfig, loadEnvFileIfPresent } from '../config.ts';
import { createDb, type DbHandle } from '../db/create-db.ts';
import type { Db } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';

/** Opens and migrates the database `npm start` would use (DATA_DIR / DATABASE_URL, .env honoured). */
export async function openShopDatabase(): Promise<DbHandle & { where: string }> {
  loadEnvFileIfPresent();
  const config = loadConfig();
  const database = createDb(config.database);
  await migrateToLatest(database.db as never);
  const where = config.database.kind === 'sqlite' ? config.database.file : redactUrl(config.database.url);
  return { ...database, where };
}

function redactUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

/** Counts the shop's rows; seeding only fills an empty shop, so it never mixes with real data. */
export async function countShopRows(db: Db): Promise<number> {
  let total = 0;
  for (const table of ['customers', 'beads', 'todos', 'orders', 'order_lines'] as const) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    total += Number(row.n);
  }
  return total;
}

/** Runs a seed script with the usual exit codes: 0 done, 1 refused or failed. */
export async function runSeed(name: string, seed: (database: DbHandle) => Promise<string>): Promise<void> {
  let database: (DbHandle & { where: string }) | undefined;
  try {
    database = await openShopDatabase();
    const rows = await countShopRows(database.db);
    if (rows > 0) {
      console.error(
        `${name}: databasen ${database.where} indeholder allerede data (${rows} rækker). ` +
          'Seed-scripts fylder kun en tom database. Brug en ny DATA_DIR eller DATABASE_URL.',
      );
      process.exitCode = 1;
      return;
    }
    const started = performance.now();
    const summary = await seed(database);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.info(`${name}: ${summary} i ${database.where} (${seconds} s)`);
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exitCode = 1;
  } finally {
    await database?.db.destroy();
  }
}

/** Small deterministic PRNG (mulberry32): the same seed gives the same shop on every machine. */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  /** A version-4-shaped UUID from the generator, so ids are reproducible too. */
  const uuid = () => {
    const hex = Array.from({ length: 32 }, () => Math.floor(next() * 16).toString(16));
    hex[12] = '4';
    hex[16] = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
    const h = hex.join('');
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  };
  /** Fisher–Yates shuffle of a copy. */
  const shuffle = <T>(items: readonly T[]): T[] => {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy;
  };
  return { next, int, pick, uuid, shuffle, chance: (p: number) => next() < p };
}

export type Random = ReturnType<typeof createRandom>;

/** Inserts rows in batches inside one transaction (SQLite and PostgreSQL both cap bound parameters). */
export async function insertInBatches<T>(
  db: Db,
  rows: readonly T[],
  insert: (trx: Db, batch: T[]) => Promise<void>,
  batchSize = 1000,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += batchSize) await insert(trx, rows.slice(i, i + batchSize));
  });
}
