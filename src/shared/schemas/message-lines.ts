/**
 * 'Tilføj N varer' (issue 46, docs/product/messages.md): what 'Indsæt besked' proposes, sent in one request that
 * adds it all or nothing, and its 'Fortryd'.
 */
import { z } from 'zod';
import { texts } from '../texts.ts';
import { apiIdSchema } from './api-common.ts';
import { orderSchema } from './api-orders.ts';
import { idSchema } from './fields.ts';

const t = texts.paste;

/** Different beads in one message (a message is a few lines; a pasted catalogue is not an order). */
export const MAX_MESSAGE_ITEMS = 50;
/** One bead's quantity, as the reader reads it (message-words.ts MAX_QUANTITY). */
export const MAX_MESSAGE_QUANTITY = 99;

export const messageItemSchema = z.object({
  beadId: idSchema(texts.lines.beadRequired),
  quantity: z
    .int({ error: t.quantityInvalid })
    .min(1, t.quantityInvalid)
    .max(MAX_MESSAGE_QUANTITY, t.quantityInvalid),
  /** 'line': on the active order; 'todo': on the customer's todo (sold out, or no price yet). */
  as: z.enum(['line', 'todo'], { error: texts.validation.invalid }),
});

export const messageLinesCreateSchema = z.object({
  items: z
    .array(messageItemSchema, { error: t.nothingToAdd })
    .min(1, t.nothingToAdd)
    .max(MAX_MESSAGE_ITEMS, t.tooManyItems),
});

const todoAddedSchema = z.object({ todoId: apiIdSchema, amount: z.int() });

/** What was added: the lines (on `order`, null when every item went on the todo) and the todos' amounts. */
export const messageLinesResultSchema = z.object({
  order: orderSchema.nullable(),
  lineIds: z.array(apiIdSchema),
  todos: z.array(todoAddedSchema),
});

/** 'Fortryd': the lines taken off the active order again and the amounts taken off the todos. */
export const messageLinesUndoSchema = z.object({
  lineIds: z
    .array(idSchema(), { error: texts.validation.invalid })
    .max(MAX_MESSAGE_ITEMS * MAX_MESSAGE_QUANTITY),
  todos: z
    .array(
      z.object({
        todoId: idSchema(),
        amount: z
          .int({ error: t.quantityInvalid })
          .min(1, t.quantityInvalid)
          .max(MAX_MESSAGE_ITEMS * MAX_MESSAGE_QUANTITY),
      }),
      { error: texts.validation.invalid },
    )
    .max(MAX_MESSAGE_ITEMS),
});

export const messageLinesUndoResultSchema = z.object({ order: orderSchema.nullable() });

export type MessageItem = z.output<typeof messageItemSchema>;
export type MessageLinesCreate = z.output<typeof messageLinesCreateSchema>;
export type MessageLinesResult = z.infer<typeof messageLinesResultSchema>;
export type MessageLinesUndo = z.output<typeof messageLinesUndoSchema>;
