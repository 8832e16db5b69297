/**
 * Salg: the year's shipped orders per Copenhagen month and its top beads, aggregated in SQL
 * (sales.repository.ts). Revenue is the goods ("Omsætning (varer)"): postage is passed on to the post office, so
 * it is a column of its own and the average purchase is goods per order.
 */
import { HIDDEN_CUSTOMER_NAME } from '../../shared/domain/customer-name.ts';
import { copenhagenMonthBounds, copenhagenYear, monthTitle } from '../../shared/domain/dates.ts';
import { formatKrInput, OFFER_PAIR_PRICE_ORE } from '../../shared/domain/money.ts';
import { OFFER_2_FOR_125 } from '../../shared/domain/sale-type.ts';
import type { SalesBead, SalesMonth, SalesOverview, SalesTotals } from '../../shared/schemas/api-sales.ts';
import { texts } from '../../shared/texts.ts';
import { toCsv } from '../csv/csv.ts';
import type { Db } from '../db/database.ts';
import { getShopSettings } from '../settings/settings.service.ts';
import { stockOfBeads, stockValue } from '../stock/stock.service.ts';
import {
  firstSaleDate,
  type SalesBeadRow,
  type SalesMonthRow,
  type SalesPricing,
  sumSalesOfYear,
} from './sales.repository.ts';

export const TOP_BEADS = 10;

async function pricingOf(db: Db): Promise<SalesPricing> {
  const settings = await getShopSettings(db);
  return {
    pairPriceOre: OFFER_PAIR_PRICE_ORE,
    offerSaleType: OFFER_2_FOR_125,
    postageOre: settings.postageOre,
    postageHomeOre: settings.postageHomeOre,
    hiddenCustomerName: HIDDEN_CUSTOMER_NAME,
  };
}

const averageOf = (goodsOre: number, orders: number) => (orders === 0 ? 0 : Math.round(goodsOre / orders));

function toBead(row: SalesBeadRow, stock: ReadonlyMap<string, number | null>): SalesBead {
  return {
    beadId: row.bead_id,
    name: row.name,
    units: row.units,
    revenueOre: row.revenue,
    stock: stock.get(row.bead_id) ?? null,
  };
}

/** The twelve months (empty ones with zeros) and the year's totals. */
function monthsOf(rows: readonly SalesMonthRow[]): { months: SalesMonth[]; totals: SalesTotals } {
  const byMonth = new Map(rows.map((row) => [row.month, row]));
  const months = Array.from({ length: 12 }, (_, i): SalesMonth => {
    const row = byMonth.get(i + 1);
    const orders = row?.orders ?? 0;
    const goodsOre = row?.goods ?? 0;
    return {
      month: i + 1,
      orders,
      goodsOre,
      postageOre: row?.postage ?? 0,
      averageOre: averageOf(goodsOre, orders),
    };
  });
  const orders = months.reduce((sum, m) => sum + m.orders, 0);
  const goodsOre = months.reduce((sum, m) => sum + m.goodsOre, 0);
  const postageOre = months.reduce((sum, m) => sum + m.postageOre, 0);
  return { months, totals: { orders, goodsOre, postageOre, averageOre: averageOf(goodsOre, orders) } };
}

/**
 * The year picker's years, newest first: from the year of the first shipped order's date (nothing was sold before
 * it was started) to this year, so every year with sales is there; a quiet year in between shows as empty
 * (decision 0010: exact years would read the whole history on every request).
 */
async function offeredYears(db: Db, year: number): Promise<number[]> {
  const first = await firstSaleDate(db);
  const now = copenhagenYear();
  const from = Math.min(first === null ? now : copenhagenYear(new Date(first)), year);
  const to = Math.max(now, year);
  return Array.from({ length: to - from + 1 }, (_, i) => to - i);
}

export async function getSalesOverview(db: Db, year: number = copenhagenYear()): Promise<SalesOverview> {
  const pricing = await pricingOf(db);
  const sums = await sumSalesOfYear(db, copenhagenMonthBounds(year), pricing, TOP_BEADS);
  const { months, totals } = monthsOf(sums.months);
  const [stock, value] = await Promise.all([
    stockOfBeads(
      db,
      sums.beads.map((row) => row.bead_id),
    ),
    stockValue(db),
  ]);
  const ranked = (key: 'by_units' | 'by_revenue') =>
    sums.beads
      .filter((row) => row[key] <= TOP_BEADS)
      .sort((a, b) => a[key] - b[key])
      .map((row) => toBead(row, stock));
  return {
    year,
    years: await offeredYears(db, year),
    months,
    totals,
    topByUnits: ranked('by_units'),
    topByRevenue: ranked('by_revenue'),
    stock: value,
  };
}

/** The monthly table as CSV in the export's format (csv.ts; kr with decimal comma, no thousands separator). */
export async function getSalesCsv(
  db: Db,
  year: number = copenhagenYear(),
): Promise<{ fileName: string; csv: string }> {
  const t = texts.sales;
  const sums = await sumSalesOfYear(db, copenhagenMonthBounds(year), await pricingOf(db), 0);
  const { months, totals } = monthsOf(sums.months);
  const row = (label: string, m: SalesTotals) => [
    label,
    m.orders,
    formatKrInput(m.goodsOre),
    formatKrInput(m.postageOre),
    formatKrInput(m.averageOre),
  ];
  const csv = toCsv(
    [t.month, t.orders, `${t.goods} (kr)`, `${t.postage} (kr)`, `${t.average} (kr)`],
    [...months.map((m) => row(`${monthTitle(m.month)} ${year}`, m)), row(t.total, totals)],
  );
  return { fileName: t.csvFile(year), csv };
}
