import { z } from 'zod';
import { FIRST_SCREEN_TODOS, MAX_FIRST_SCREEN_TODOS } from '../domain/limits.ts';
import { texts } from '../texts.ts';
import { beadSchema } from './api-beads.ts';
import { apiIdSchema } from './api-common.ts';

/** A todo with what the todo screen shows of its bead and customer. */
export const todoSchema = z.object({
  id: apiIdSchema,
  beadId: apiIdSchema,
  customerId: apiIdSchema.nullable(),
  amount: z.number().int(),
  bead: beadSchema,
  /** null for a todo without a customer ('Ingen kunde'). */
  customer: z.object({ id: apiIdSchema, name: z.string() }).nullable(),
});

/**
 * GET /api/todos lists todos as ids and amounts only: the client joins them with the bead and customer lists
 * it caches anyway (api/todos.ts), instead of every todo carrying its bead and customer again (2 MB → 0.7 MB
 * for a big shop's 5,000 todos). The list is in the order the todos were added.
 */
export const todoListItemSchema = z.object({
  id: apiIdSchema,
  beadId: apiIdSchema,
  customerId: apiIdSchema.nullable(),
  amount: z.number().int(),
});

export const todoListSchema = z.array(todoListItemSchema);

/** GET /api/todos/first?limit=N, N a whole number from 1 to MAX_FIRST_SCREEN_TODOS (default FIRST_SCREEN_TODOS). */
export const todoFirstScreenQuerySchema = z.object({
  limit: z
    .string({ error: texts.todos.firstLimitInvalid })
    .regex(/^[0-9]{1,3}$/, texts.todos.firstLimitInvalid)
    .transform(Number)
    .refine((n) => n >= 1 && n <= MAX_FIRST_SCREEN_TODOS, texts.todos.firstLimitInvalid)
    .optional()
    .transform((n) => n ?? FIRST_SCREEN_TODOS),
});

/**
 * GET /api/todos/first: the first todos of the list (the same order as GET /api/todos) with their bead and
 * customer, ready to show before the three whole lists have arrived, and how many todos there are in all.
 */
export const todoFirstScreenSchema = z.object({
  todos: z.array(todoSchema),
  total: z.number().int(),
});

/** POST /api/todos: the todo (new, or the existing one whose amount grew) and the bead it created, if any. */
export const createTodoResultSchema = z.object({
  todo: todoSchema,
  /** True when an existing todo for the same bead and customer got the amount added. */
  merged: z.boolean(),
  /** The new 0-kr bead when the request named a new bead, else null. */
  createdBead: beadSchema.nullable(),
});

/** POST /api/todos/:id/complete. A retry with the same idempotency key gets the same answer. */
export const completeTodoResultSchema = z.object({
  todoId: apiIdSchema,
  /** 'addedToOrder': lines were added to the customer's active order; 'deleted': no customer, only deleted. */
  outcome: z.enum(['addedToOrder', 'deleted']),
  orderId: apiIdSchema.nullable(),
  lineIds: z.array(apiIdSchema),
  bead: beadSchema,
});

export type Todo = z.infer<typeof todoSchema>;
export type TodoListItem = z.infer<typeof todoListItemSchema>;
export type TodoFirstScreen = z.infer<typeof todoFirstScreenSchema>;
export type CreateTodoResult = z.infer<typeof createTodoResultSchema>;
export type CompleteTodoResult = z.infer<typeof completeTodoResultSchema>;
