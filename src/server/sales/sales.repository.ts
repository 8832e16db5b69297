/**
 * The sales overview's SQL: shipped orders bucketed into the 12 Copenhagen months of a year and their
 * lines priced as domain/pricing.ts prices them, all aggregated in the database on SQLite and PostgreSQL alike.
 *
 * - An order's sale instant is the newest entry of its history that moved it into 'shipped' (order_history,
 *   migration 0012), else its created_at. Timestamps are ISO-8601 UTC text (decision 0002), so the month is found
 *   by comparing that text with the 13 month bounds computed in TypeScript: no SQL time-zone functions.
 * - A line's price facts are resolved as orders.mapping.ts does for a non-active order: the frozen price and
 *   sale type when the line has a frozen price, else the bead's current ones; a free line its own price.
 * - '2 for 125' lines are pooled per order in the order they were added (added_at, then id) with ROW_NUMBER and
 *   COUNT over the order: the first line of each pair carries the pair price, the second 0, and a left-over
 *   single (odd count, last line) its own price. For the per-bead figures the pair price is split evenly.
 * - Orders of the old app's hidden test customer are left out, as from every list.
 * The indexes suffice (order_history by kind, to and time; orders and order_lines by id): docs/performance.md,
 * "Salg".
 */
import { type ExpressionBuilder, PostgresAdapter, type RawBuilder, sql } from 'kysely';
import type { Database, Db } from '../db/database.ts';

export type SalesPricing = {
  /** Price of one full pair (OFFER_PAIR_PRICE_ORE) and the sale type that pools (OFFER_2_FOR_125). */
  pairPriceOre: number;
  offerSaleType: string;
  /** Postage of shipped orders without a frozen one (old data): the shop's current prices, as the screens use. */
  postageOre: number;
  postageHomeOre: number;
  hiddenCustomerName: string;
};

/** A status change into 'shipped' in an order's history. */
function isShippedEntry(eb: ExpressionBuilder<Database, 'order_history'>) {
  return eb.and([
    eb('order_history.kind', '=', sql.lit('status')),
    eb('order_history.to_value', '=', sql.lit('shipped')),
  ]);
}

const lit = (n: number) => sql.lit(Math.trunc(n));

function postageOf(pricing: SalesPricing) {
  return sql<number>`coalesce(o.postage_ore, case when o.home_delivery then ${lit(pricing.postageHomeOre)} else ${lit(pricing.postageOre)} end)`;
}

type OrderScope = ExpressionBuilder<
  Database & { o: Database['orders']; c: Database['customers'] },
  'o' | 'c'
>;

/** Still shipped, and not the hidden test customer's. */
function countsAsSale(eb: OrderScope, pricing: SalesPricing) {
  return eb.and([
    eb('o.status', '=', sql.lit('shipped')),
    eb.or([eb('c.name', 'is', null), eb('c.name', '<>', pricing.hiddenCustomerName)]),
  ]);
}

/**
 * The orders sold in [from, until) with their sale instant and postage, in two disjoint parts so neither reads
 * the whole history: orders whose newest entry into 'shipped' lies in the period (only entries from `from` on
 * are grouped: an older entry is never the newest of such an order), and orders with no such entry at all whose
 * created_at lies in the period.
 */
function soldOrders(db: Db, pricing: SalesPricing, from: string, until: string) {
  const newestSince = db
    .selectFrom('order_history')
    .select(['order_history.order_id', (eb) => eb.fn.max('order_history.at').as('at')])
    .where(isShippedEntry)
    .where('order_history.at', '>=', from)
    .groupBy('order_history.order_id');
  const byEntry = db
    .selectFrom(newestSince.as('s'))
    .innerJoin('orders as o', 'o.id', 's.order_id')
    .leftJoin('customers as c', 'c.id', 'o.customer_id')
    .select(['o.id', sql<string>`s.at`.as('sold_at'), postageOf(pricing).as('postage')])
    .where('s.at', '<', until)
    .where((eb) => countsAsSale(eb as unknown as OrderScope, pricing));
  const byDate = db
    .selectFrom('orders as o')
    .leftJoin('customers as c', 'c.id', 'o.customer_id')
    .select(['o.id', sql<string>`o.created_at`.as('sold_at'), postageOf(pricing).as('postage')])
    .where('o.created_at', '>=', from)
    .where('o.created_at', '<', until)
    .where((eb) => countsAsSale(eb as unknown as OrderScope, pricing))
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('order_history')
            .select('order_history.order_id')
            .whereRef('order_history.order_id', '=', 'o.id')
            .where(isShippedEntry),
        ),
      ),
    );
  return byEntry.unionAll(byDate);
}

/** The month (1–12) whose bounds hold `column`, as a CASE over the 13 ISO bounds. */
function monthOf(column: string, bounds: readonly string[]): RawBuilder<number> {
  const whens = bounds
    .slice(1, 12)
    .map((bound, i) => sql`when ${sql.ref(column)} < ${bound} then ${sql.lit(i + 1)}`);
  return sql<number>`case ${sql.join(whens, sql` `)} else 12 end`;
}

/**
 * The year's sold orders with their month (`year_orders`) and each of their lines priced (`priced`: `price` as
 * pricing.ts prices it, `share` with a pair's price split evenly over its two lines).
 */
function yearQuery(db: Db, bounds: readonly string[], pricing: SalesPricing) {
  const first = bounds[0] as string;
  const end = bounds[12] as string;
  const pair = lit(pricing.pairPriceOre);
  const half = lit(pricing.pairPriceOre / 2);
  return (
    db
      .with(
        (cte) => cte('year_orders').materialized(),
        () =>
          db
            .selectFrom(soldOrders(db, pricing, first, end).as('sold'))
            .select(['sold.id', 'sold.postage', monthOf('sold.sold_at', bounds).as('month')]),
      )
      .with(
        (cte) => cte('lines').materialized(),
        (qb) =>
          qb
            .selectFrom('order_lines as l')
            // IN, not a join: SQLite would rather walk all lines in order_id order than look up the year's orders'.
            .where('l.order_id', 'in', (eb) => eb.selectFrom('year_orders').select('year_orders.id'))
            .select([
              'l.id',
              'l.order_id',
              'l.bead_id',
              'l.added_at',
              // The bead is read only for a bead line without a frozen price (old data): most lines need no lookup.
              sql<number>`case when l.price_ore is not null then l.price_ore when l.bead_id is null then 0 else coalesce((select b.price_ore from beads b where b.id = l.bead_id), 0) end`.as(
                'unit',
              ),
              sql<number>`case when l.bead_id is null then 0 when (case when l.price_ore is not null then l.sale_type else (select b.sale_type from beads b where b.id = l.bead_id) end) = ${pricing.offerSaleType} then 1 else 0 end`.as(
                'offer',
              ),
            ]),
      )
      // Only the offer lines need numbering: the pairs are formed per order in the order the lines were added.
      .with('numbered', (qb) =>
        qb
          .selectFrom('lines')
          .where('lines.offer', '=', 1)
          .select([
            'lines.order_id',
            'lines.bead_id',
            'lines.unit',
            sql<number>`row_number() over (partition by lines.order_id order by lines.added_at, lines.id)`.as(
              'rn',
            ),
            sql<number>`count(*) over (partition by lines.order_id)`.as('n'),
          ]),
      )
      .with(
        (cte) => cte('priced').materialized(),
        (qb) =>
          qb
            .selectFrom('lines')
            .where('lines.offer', '=', 0)
            .select(['lines.order_id', 'lines.bead_id', 'lines.unit as price', 'lines.unit as share'])
            .unionAll((eb) =>
              eb.selectFrom('numbered').select([
                'numbered.order_id',
                'numbered.bead_id',
                // A full pair: its first line carries the pair price, its second 0; the left-over single its own.
                sql<number>`case when numbered.rn = numbered.n and numbered.n % 2 = 1 then numbered.unit when numbered.rn % 2 = 1 then ${pair} else 0 end`.as(
                  'price',
                ),
                sql<number>`case when numbered.rn = numbered.n and numbered.n % 2 = 1 then numbered.unit else ${half} end`.as(
                  'share',
                ),
              ]),
            ),
      )
  );
}

export type SalesMonthRow = { month: number; orders: number; goods: number; postage: number };
export type SalesBeadRow = {
  bead_id: string;
  name: string;
  units: number;
  revenue: number;
  by_units: number;
  by_revenue: number;
};

/**
 * One query for the year: orders, goods and postage per month (months without sales are absent), and the beads
 * among the top `limit` by units or by revenue with both ranks. The priced lines are computed once for both.
 */
export async function sumSalesOfYear(
  db: Db,
  bounds: readonly string[],
  pricing: SalesPricing,
  limit: number,
): Promise<{ months: SalesMonthRow[]; beads: SalesBeadRow[] }> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter) || db.isTransaction) {
    return sumYear(db, bounds, pricing, limit);
  }
  // PostgreSQL's planner overestimates this query and JIT-compiles it, which alone took 170 ms of a 300 ms answer
  // on the big shop (docs/performance.md): it is off for this one read, in its own transaction.
  return db.transaction().execute(async (trx) => {
    await sql`set local jit = off`.execute(trx);
    return sumYear(trx, bounds, pricing, limit);
  });
}

async function sumYear(
  db: Db,
  bounds: readonly string[],
  pricing: SalesPricing,
  limit: number,
): Promise<{ months: SalesMonthRow[]; beads: SalesBeadRow[] }> {
  const rows = await yearQuery(db, bounds, pricing)
    .with('order_goods', (qb) =>
      qb
        .selectFrom('priced')
        .select(['priced.order_id', (eb) => eb.fn.sum<number>('priced.price').as('goods')])
        .groupBy('priced.order_id'),
    )
    .with('per_month', (qb) =>
      qb
        .selectFrom('year_orders as y')
        .leftJoin('order_goods as g', 'g.order_id', 'y.id')
        .select([
          'y.month',
          (eb) => eb.fn.countAll<number>().as('orders'),
          sql<number>`coalesce(sum(g.goods), 0)`.as('goods'),
          sql<number>`coalesce(sum(y.postage), 0)`.as('postage'),
        ])
        .groupBy('y.month'),
    )
    .with('per_bead', (qb) =>
      qb
        .selectFrom('priced')
        .select([
          'priced.bead_id',
          (eb) => eb.fn.countAll<number>().as('units'),
          (eb) => eb.fn.sum<number>('priced.share').as('revenue'),
        ])
        .where('priced.bead_id', 'is not', null)
        .groupBy('priced.bead_id'),
    )
    .with('ranked', (qb) =>
      qb
        .selectFrom('per_bead as p')
        .innerJoin('beads as b', 'b.id', 'p.bead_id')
        .select([
          'p.bead_id',
          'b.name',
          'p.units',
          'p.revenue',
          sql<number>`row_number() over (order by p.units desc, p.revenue desc, b.name, p.bead_id)`.as(
            'by_units',
          ),
          sql<number>`row_number() over (order by p.revenue desc, p.units desc, b.name, p.bead_id)`.as(
            'by_revenue',
          ),
        ]),
    )
    .selectFrom('per_month as m')
    .select([
      sql<string>`'month'`.as('kind'),
      'm.month',
      'm.orders',
      'm.goods',
      'm.postage',
      sql<string | null>`cast(null as text)`.as('bead_id'),
      sql<string | null>`cast(null as text)`.as('name'),
      sql<number | null>`cast(null as integer)`.as('by_units'),
      sql<number | null>`cast(null as integer)`.as('by_revenue'),
    ])
    .$if(limit > 0, (qb) =>
      qb.unionAll((eb) =>
        eb
          .selectFrom('ranked as r')
          .select([
            sql<string>`'bead'`.as('kind'),
            sql<number>`cast(null as integer)`.as('month'),
            sql<number>`cast(null as integer)`.as('orders'),
            sql<number>`r.units`.as('goods'),
            sql<number>`r.revenue`.as('postage'),
            'r.bead_id',
            'r.name',
            'r.by_units',
            'r.by_revenue',
          ])
          .where((w) => w.or([w('r.by_units', '<=', limit), w('r.by_revenue', '<=', limit)])),
      ),
    )
    .execute();
  // PostgreSQL's count and sum are bigint/numeric, which its driver hands over as text.
  const months: SalesMonthRow[] = [];
  const beads: SalesBeadRow[] = [];
  for (const row of rows) {
    if (row.kind === 'month') {
      months.push({
        month: Number(row.month),
        orders: Number(row.orders),
        goods: Number(row.goods),
        postage: Number(row.postage),
      });
    } else {
      beads.push({
        bead_id: String(row.bead_id),
        name: String(row.name),
        units: Number(row.goods),
        revenue: Number(row.postage),
        by_units: Number(row.by_units),
        by_revenue: Number(row.by_revenue),
      });
    }
  }
  return { months, beads };
}

/**
 * The earliest created_at of a shipped order (none can have been sold before it was started), or null. The years
 * from this one's on are offered (decision 0010).
 */
export async function firstSaleDate(db: Db): Promise<string | null> {
  const row = await db
    .selectFrom('orders as o')
    .select((eb) => eb.fn.min('o.created_at').as('first'))
    .where('o.status', '=', sql.lit('shipped'))
    .executeTakeFirst();
  return (row?.first as string | null | undefined) ?? null;
}
