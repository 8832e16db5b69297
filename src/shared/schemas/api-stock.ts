/** The API's answers about stock (docs/product/stock.md). */
import { z } from 'zod';
import { STOCK_KINDS } from '../domain/stock.ts';
import { apiIdSchema, isoInstantSchema } from './api-common.ts';

/**
 * One movement as the bead's page lists it ('Lagerhistorik'): signed quantity (the counted number for a count),
 * its moment, the reason of a correction, the customer of a sale or return, how many orders a delivery filled,
 * the stock right after it by the rule (domain/stock.ts), and whether 'Fortryd' is offered (her latest own one).
 */
export const stockMovementSchema = z.object({
  id: apiIdSchema,
  kind: z.enum(STOCK_KINDS),
  quantity: z.int(),
  at: isoInstantSchema,
  reason: z.string().nullable(),
  customerName: z.string().nullable(),
  orderId: apiIdSchema.nullable(),
  filledOrders: z.int(),
  stockAfter: z.int().nullable(),
  undoable: z.boolean(),
});

/** POST /api/beads/:id/stock and a delivery: the movement made and the bead's stock after it. */
export const stockMoveResultSchema = z.object({
  beadId: apiIdSchema,
  movementId: apiIdSchema,
  stock: z.int().nullable(),
});

/** POST /api/beads/:id/deliveries: as a movement, and the todos it completed with their orders. */
export const deliveryResultSchema = stockMoveResultSchema.extend({
  filled: z.array(
    z.object({
      todoId: apiIdSchema,
      customerId: apiIdSchema,
      orderId: apiIdSchema,
      amount: z.int(),
    }),
  ),
});

/** POST /api/stock-movements/:id/undo: the bead and its stock after the undo. */
export const stockUndoResultSchema = z.object({
  beadId: apiIdSchema,
  stock: z.int().nullable(),
  /** The todos a delivery's undo put back. */
  restoredTodos: z.int(),
});

/**
 * GET /api/stock/counts: the counting screen's facts besides the bead list: when the current round started
 * (null: the first round, every count counts) and, per counted bead, when it was last counted and what.
 */
export const stockCountsSchema = z.object({
  roundStartedAt: isoInstantSchema.nullable(),
  counts: z.array(z.object({ beadId: apiIdSchema, countedAt: isoInstantSchema, lastCount: z.int() })),
});

/** POST /api/stock/count-round: a new round starts now. */
export const countRoundSchema = z.object({ roundStartedAt: isoInstantSchema });

export type StockMovement = z.infer<typeof stockMovementSchema>;
export type StockMoveResult = z.infer<typeof stockMoveResultSchema>;
export type DeliveryResult = z.infer<typeof deliveryResultSchema>;
export type StockUndoResult = z.infer<typeof stockUndoResultSchema>;
export type StockCounts = z.infer<typeof stockCountsSchema>;
export type CountRound = z.infer<typeof countRoundSchema>;
