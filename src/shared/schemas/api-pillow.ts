import { z } from 'zod';
import { orderSchema } from './api-orders.ts';

/** Figures of the statistics card (Antal Ordrer, Gennemsnitskøb, Beløb i alt), without postage. */
export const orderStatisticsSchema = z.object({
  count: z.number().int(),
  averageOre: z.number().int(),
  totalOre: z.number().int(),
});

/**
 * GET /api/pillow: the active order of every (visible) customer that has one, sorted by customer
 * name in Danish collation, plus the statistics over those orders.
 */
export const pillowSchema = z.object({
  orders: z.array(orderSchema),
  statistics: orderStatisticsSchema,
});

export type OrderStatistics = z.infer<typeof orderStatisticsSchema>;
export type Pillow = z.infer<typeof pillowSchema>;
