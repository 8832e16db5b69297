/** Input schemas for orders. */
import { z } from 'zod';
import { ORDER_STATUSES } from '../domain/order-status.ts';
import { texts } from '../texts.ts';
import { booleanSchema } from './fields.ts';
import { discountInputSchema } from './payment.ts';

export const orderStatusSchema = z.enum(ORDER_STATUSES, { error: texts.validation.invalid });

/**
 * PATCH /orders/:id: the status dropdown, the Hjemmelevering and Afhentning switches, and the active order's
 * 'Rabat' (null removes it). Absolute values, so a repeat changes nothing more (an offline write).
 */
export const orderUpdateSchema = z.object({
  status: orderStatusSchema.optional(),
  homeDelivery: booleanSchema.optional(),
  pickup: booleanSchema.optional(),
  discount: discountInputSchema.nullable().optional(),
});

export type OrderUpdate = z.output<typeof orderUpdateSchema>;
