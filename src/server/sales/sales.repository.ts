/**
 * The sales overview's SQL (issue 15): shipped orders bucketed into the 12 Copenhagen months of a year and their
 * lines priced as domain/pricing.ts prices them, all aggregated in the database on SQLite and PostgreSQL alike.
 *
 * - An order's sale instant is the newest change-log entry that moved it into 'shipped' (kept by pruning,
 *   decision 0006), else its created_at. Timestamps are ISO-8601 UTC text (decision 0002), so the month is found
 *   by comparing that text with the 13 month bounds computed in TypeScript: no SQL time-zone functions.
 * - A line's price facts are resolved as orders.mapping.ts does for a non-active order: the frozen price and
 *   sale type when the line has a frozen price, else the bead's current ones; a free line its own price.
 * - '2 for 125' lines are pooled per order in the order they were added (added_at, then id) with ROW_NUMBER and
 *   COUNT over the order: the first line of each pair carries the pair price, the second 0, and a left-over
 *   single (odd count, last line) its own price. For the per-bead figures the pair price is split evenly.
 * - Orders of the old app's hidden test customer are left out, as from every list.
 */
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../db/database.ts';

export type SalesPricing = {
  /** Price of one full pair (OFFER_PAIR_PRICE_ORE) and the sale type that pools (OFFER_2_FOR_125). */
  pairPriceOre: number;
  offerSaleType: string;
  /** Postage of shipped orders without a frozen one (old data): the shop's current prices, as the screens use. */
  postageOre: number;
  postageHomeOre: number;
  hiddenCustomerName: string;
};

/** Fragment of the change log's JSON data for a status change into 'shipped' (recordChange's { from, to }). */
const SHIPPED_DATA = '%"to":"shipped"%';

/** Shipped orders with their sale instant and postage (no year filter yet). */
function soldOrders(db: Db, pricing: SalesPricing, before: string) {
  const shippedAt = db
    .selectFrom('change_log')
    .select(['entity_id', (eb) => eb.fn.max('at').as('at')])
    .where('entity', '=', 'order')
    .where('action', '=', 'status')
    .where('data', 'like', SHIPPED_DATA)
    .groupBy('entity_id');
  return (
    db
      .selectFrom('orders as o')
      .leftJoin(shippedAt.as('s'), 's.entity_id', 'o.id')
      .leftJoin('customers as c', 'c.id', 'o.customer_id')
      .select([
        'o.id',
        sql<string>`coalesce(s.at, o.created_at)`.as('sold_at'),
        sql<number>`coalesce(o.postage_ore, case when o.home_delivery then ${sql.lit(Math.trunc(pricing.postageHomeOre))} else ${sql.lit(Math.trunc(pricing.postageOre))} end)`.as(
          'postage',
        ),
      ])
      .where('o.status', '=', 'shipped')
      // An order is shipped after it was started: nothing started after the year can have been sold in it.
      .where('o.created_at', '<', before)
      .where((eb) => eb.or([eb('c.name', 'is', null), eb('c.name', '<>', pricing.hiddenCustomerName)]))
  );
}

/** The month (1–12) whose bounds hold `column`, as a CASE over the 13 ISO bounds. */
function monthOf(column: string, bounds: readonly string[]): RawBuilder<number> {
  const whens = bounds
    .slice(1, 12)
    .map((bound, i) => sql`when ${sql.ref(column)} < ${bound} then ${sql.lit(i + 1)}`);
  return sql<number>`case ${sql.join(whens, sql` `)} else 12 end`;
}

/** The year's orders with their month, and their lines priced (`price`: as pricing.ts; `share`: a pair split evenly). */
function yearQuery(db: Db, bounds: readonly string[], pricing: SalesPricing) {
  const first = bounds[0] as string;
  const end = bounds[12] as string;
  const half = Math.trunc(pricing.pairPriceOre / 2);
  return db
    .with('sold', () => soldOrders(db, pricing, end))
    .with('year_orders', (qb) =>
      qb
        .selectFrom('sold')
        .select(['sold.id', 'sold.postage', monthOf('sold.sold_at', bounds).as('month')])
        .where('sold.sold_at', '>=', first)
        .where('sold.sold_at', '<', end),
    )
    .with('lines', (qb) =>
      qb
        .selectFrom('order_lines as l')
        .innerJoin('year_orders as y', 'y.id', 'l.order_id')
        .leftJoin('beads as b', 'b.id', 'l.bead_id')
        .select([
          'l.id',
          'l.order_id',
          'l.bead_id',
          'l.added_at',
          sql<number>`case when l.bead_id is null then coalesce(l.price_ore, 0) else coalesce(l.price_ore, b.price_ore, 0) end`.as(
            'unit',
          ),
          sql<number>`case when l.bead_id is not null and (case when l.price_ore is not null then l.sale_type else b.sale_type end) = ${pricing.offerSaleType} then 1 else 0 end`.as(
            'offer',
          ),
        ]),
    )
    .with('numbered', (qb) =>
      qb
        .selectFrom('lines')
        .select([
          'lines.order_id',
          'lines.bead_id',
          'lines.unit',
          'lines.offer',
          sql<number>`row_number() over (partition by lines.order_id, lines.offer order by lines.added_at, lines.id)`.as(
            'rn',
          ),
          sql<number>`count(*) over (partition by lines.order_id, lines.offer)`.as('n'),
        ]),
    )
    .with('priced', (qb) =>
      qb
        .selectFrom('numbered')
        .select([
          'numbered.order_id',
          'numbered.bead_id',
          sql<number>`case when numbered.offer = 0 or (numbered.rn = numbered.n and numbered.n % 2 = 1) then numbered.unit when numbered.rn % 2 = 1 then ${sql.lit(pricing.pairPriceOre)} else 0 end`.as(
            'price',
          ),
          sql<number>`case when numbered.offer = 0 or (numbered.rn = numbered.n and numbered.n % 2 = 1) then numbered.unit else ${sql.lit(half)} end`.as(
            'share',
          ),
        ]),
    );
}

export type SalesMonthRow = { month: number; orders: number; goods: number; postage: number };

/** Orders, goods (lines as priced) and postage per month of the year; months without sales are absent. */
export async function sumSalesByMonth(
  db: Db,
  bounds: readonly string[],
  pricing: SalesPricing,
): Promise<SalesMonthRow[]> {
  const rows = await yearQuery(db, bounds, pricing)
    .with('order_goods', (qb) =>
      qb
        .selectFrom('priced')
        .select(['priced.order_id', (eb) => eb.fn.sum<number>('priced.price').as('goods')])
        .groupBy('priced.order_id'),
    )
    .selectFrom('year_orders as y')
    .leftJoin('order_goods as g', 'g.order_id', 'y.id')
    .select([
      'y.month',
      (eb) => eb.fn.countAll<number>().as('orders'),
      sql<number>`coalesce(sum(g.goods), 0)`.as('goods'),
      sql<number>`coalesce(sum(y.postage), 0)`.as('postage'),
    ])
    .groupBy('y.month')
    .orderBy('y.month')
    .execute();
  // PostgreSQL's count and sum are bigint/numeric, which its driver hands over as text.
  return rows.map((row) => ({
    month: Number(row.month),
    orders: Number(row.orders),
    goods: Number(row.goods),
    postage: Number(row.postage),
  }));
}

export type SalesBeadRow = {
  bead_id: string;
  name: string;
  units: number;
  revenue: number;
  by_units: number;
  by_revenue: number;
};

/** The beads among the top `limit` by units or by revenue in the year, with both ranks. */
export async function topBeads(
  db: Db,
  bounds: readonly string[],
  pricing: SalesPricing,
  limit: number,
): Promise<SalesBeadRow[]> {
  const rows = await yearQuery(db, bounds, pricing)
    .with('per_bead', (qb) =>
      qb
        .selectFrom('priced')
        .innerJoin('beads as b', 'b.id', 'priced.bead_id')
        .select([
          'priced.bead_id',
          'b.name',
          (eb) => eb.fn.countAll<number>().as('units'),
          (eb) => eb.fn.sum<number>('priced.share').as('revenue'),
        ])
        .groupBy(['priced.bead_id', 'b.name']),
    )
    .with('ranked', (qb) =>
      qb
        .selectFrom('per_bead as p')
        .selectAll('p')
        .select([
          sql<number>`row_number() over (order by p.units desc, p.revenue desc, p.name, p.bead_id)`.as(
            'by_units',
          ),
          sql<number>`row_number() over (order by p.revenue desc, p.units desc, p.name, p.bead_id)`.as(
            'by_revenue',
          ),
        ]),
    )
    .selectFrom('ranked as r')
    .selectAll('r')
    .where((eb) => eb.or([eb('r.by_units', '<=', limit), eb('r.by_revenue', '<=', limit)]))
    .execute();
  return rows.map((row) => ({
    bead_id: row.bead_id as string,
    name: row.name,
    units: Number(row.units),
    revenue: Number(row.revenue),
    by_units: Number(row.by_units),
    by_revenue: Number(row.by_revenue),
  }));
}

export type SoldYearRow = { utc_year: string; new_year_eve_late: number };

/**
 * The years with sales: the UTC year of each sale instant, and whether it falls in the last UTC hour of the
 * year (31 December from 23:00 UTC is already 1 January in Copenhagen, UTC+1 in winter). Distinct pairs only.
 */
export async function listSoldYears(db: Db, pricing: SalesPricing): Promise<SoldYearRow[]> {
  const rows = await db
    .with('sold', () => soldOrders(db, pricing, '9999'))
    .selectFrom('sold')
    .select([
      sql<string>`substr(sold.sold_at, 1, 4)`.as('utc_year'),
      sql<number>`case when substr(sold.sold_at, 6, 8) >= '12-31T23' then 1 else 0 end`.as(
        'new_year_eve_late',
      ),
    ])
    .distinct()
    .execute();
  return rows.map((row) => ({ utc_year: row.utc_year, new_year_eve_late: Number(row.new_year_eve_late) }));
}
