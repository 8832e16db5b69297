/** Input schemas for orders. */
import { z } from 'zod';
import { ORDER_STATUSES } from '../domain/order-status.ts';
import { texts } from '../texts.ts';
import { booleanSchema } from './fields.ts';

export const orderStatusSchema = z.enum(ORDER_STATUSES, { error: texts.validation.invalid });

/** PATCH /orders/:id: the status dropdown and the Hjemmelevering switch. */
export const orderUpdateSchema = z.object({
  status: orderStatusSchema.optional(),
  homeDelivery: booleanSchema.optional(),
});

export type OrderUpdate = z.output<typeof orderUpdateSchema>;
