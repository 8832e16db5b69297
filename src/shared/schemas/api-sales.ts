import { z } from 'zod';
import { MAX_SALES_YEAR, MIN_SALES_YEAR } from '../domain/limits.ts';
import { texts } from '../texts.ts';
import { apiIdSchema } from './api-common.ts';

export { MAX_SALES_YEAR, MIN_SALES_YEAR };

/** GET /api/sales?year=2026 and /api/sales.csv?year=2026; without a year, the current year in Copenhagen. */
export const salesQuerySchema = z.object({
  year: z
    .string()
    .regex(/^\d{4}$/, { message: texts.sales.badYear })
    .transform(Number)
    .refine((year) => year >= MIN_SALES_YEAR && year <= MAX_SALES_YEAR, { message: texts.sales.badYear })
    .optional(),
});

/** One Copenhagen month of shipped orders: goods without postage, postage on its own. */
export const salesMonthSchema = z.object({
  /** 1–12 */
  month: z.int().min(1).max(12),
  orders: z.int(),
  goodsOre: z.int(),
  postageOre: z.int(),
  /** Goods per order, rounded to whole øre; 0 without orders. */
  averageOre: z.int(),
});

export const salesTotalsSchema = salesMonthSchema.omit({ month: true });

/**
 * One bead among the year's top 10: lines sold (units) and what they brought in (a pair's 125 kr split evenly),
 * and how many are on the shelf now (null: not counted), so she knows what to reorder.
 */
export const salesBeadSchema = z.object({
  beadId: apiIdSchema,
  name: z.string(),
  units: z.int(),
  revenueOre: z.int(),
  stock: z.int().nullable(),
});

export const salesOverviewSchema = z.object({
  year: z.int(),
  /** Years with shipped orders, newest first (the year picker's choices). */
  years: z.array(z.int()),
  /** Always 12, January first. */
  months: z.array(salesMonthSchema),
  totals: salesTotalsSchema,
  topByUnits: z.array(salesBeadSchema),
  topByRevenue: z.array(salesBeadSchema),
  /**
   * The stock now, whatever the year (docs/product/stock.md): what the counted beads in the catalogue are worth
   * at today's prices, and how many beads are counted.
   */
  stock: z.object({ valueOre: z.int(), countedBeads: z.int() }),
});

export type SalesQuery = z.infer<typeof salesQuerySchema>;
export type SalesMonth = z.infer<typeof salesMonthSchema>;
export type SalesTotals = z.infer<typeof salesTotalsSchema>;
export type SalesBead = z.infer<typeof salesBeadSchema>;
export type SalesOverview = z.infer<typeof salesOverviewSchema>;
