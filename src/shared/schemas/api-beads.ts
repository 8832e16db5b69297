import { z } from 'zod';
import { SALE_TYPES } from '../domain/sale-type.ts';
import { apiIdSchema } from './api-common.ts';
import { beadPhotoSchema } from './api-photos.ts';
import { stockMovementSchema } from './api-stock.ts';

export const beadSaleTypeSchema = z.enum(SALE_TYPES);

/** A bead (nål/perle) as the API returns it. Money is integer øre. */
export const beadSchema = z.object({
  id: apiIdSchema,
  name: z.string(),
  priceOre: z.number().int(),
  saleType: beadSaleTypeSchema.nullable(),
  isDeleted: z.boolean(),
  /** The cover photo's id (decision 0016), null without photos: its thumbnail shows beside the name. */
  photoId: z.string().nullable(),
  /**
   * How many are on the shelf (docs/product/stock.md): null for a bead never counted; below 0 when more were
   * sold than counted.
   */
  stock: z.int().nullable(),
});

/** A todo as listed under its bead: beads are read with their todos (docs/product/todos.md). */
export const beadTodoSchema = z.object({
  id: apiIdSchema,
  customerId: apiIdSchema.nullable(),
  amount: z.number().int(),
});

/**
 * GET /api/beads/:id: the bead's page, with its todos (oldest first: a delivery fills them in that order), its
 * photos in order (the first is the cover) and its latest stock movements, newest first ('Lagerhistorik').
 */
export const beadWithTodosSchema = beadSchema.extend({
  todos: z.array(beadTodoSchema),
  photos: z.array(beadPhotoSchema),
  stockHistory: z.array(stockMovementSchema),
});

/**
 * GET /api/beads: the beads without their todos (the client has the todo list). Besides the beads that are
 * not deleted it holds every deleted bead that a todo still names, so the client can show that todo.
 */
export const beadListSchema = z.array(beadSchema);

/** One line added per customer by POST /api/beads/:id/add-to-customers. */
export const addBeadToCustomersResultSchema = z.object({
  added: z.array(z.object({ customerId: apiIdSchema, orderId: apiIdSchema, lineId: apiIdSchema })),
});

export type Bead = z.infer<typeof beadSchema>;
export type BeadTodo = z.infer<typeof beadTodoSchema>;
export type BeadWithTodos = z.infer<typeof beadWithTodosSchema>;
export type AddBeadToCustomersResult = z.infer<typeof addBeadToCustomersResultSchema>;

/** GET /api/beads?includeDeleted=true also lists soft-deleted beads. */
export const beadListQuerySchema = z.object({
  includeDeleted: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});
