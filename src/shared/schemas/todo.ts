/**
 * Input schemas for todos: creating (existing or new bead), changing the amount, completing
 * (idempotent, with the price dialog's answer when the bead had no price), and the
 * 'Tilføj Todo' dialog, whose output is the create body.
 */
import { z } from 'zod';
import { isBeadNameTakenIgnoringCase } from '../domain/bead-name.ts';
import { MAX_TODO_AMOUNT, MIN_TODO_AMOUNT } from '../domain/limits.ts';
import { texts } from '../texts.ts';
import { beadNameSchema } from './bead.ts';
import { idempotencyKeySchema, idSchema, positivePriceOreSchema, saleTypeSchema } from './fields.ts';

const t = texts.todos;

/** Completing a todo adds one order line per unit; the limit keeps a typo from adding thousands. */
export { MAX_TODO_AMOUNT, MIN_TODO_AMOUNT };

export const todoAmountSchema = z
  .int({
    error: (issue) => (issue.input === undefined || issue.input === null ? t.amountRequired : t.amountWhole),
  })
  .min(MIN_TODO_AMOUNT, t.amountMin)
  .max(MAX_TODO_AMOUNT, t.amountMax);

/** The Antal field as a form gives it (text, or a number/NaN from valueAsNumber). */
export const todoAmountField = z
  // z.number() refuses NaN, which react-hook-form's valueAsNumber gives for an empty input.
  .union([z.string(), z.number(), z.nan()], { error: t.amountWhole })
  .nullish()
  .transform((value) => {
    if (value === null || value === undefined) return undefined;
    if (typeof value === 'number') return Number.isNaN(value) ? undefined : value;
    const trimmed = value.trim();
    return trimmed === '' ? undefined : Number(trimmed.replace(',', '.'));
  })
  .pipe(todoAmountSchema);

/** Which bead the todo is for: one from the catalogue, or a new one created with price 0. */
export const todoBeadSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('existing'), beadId: idSchema(t.beadRequired) }),
    z.object({ kind: z.literal('new'), name: beadNameSchema(t.newBeadNameRequired) }),
  ],
  { error: t.beadRequired },
);

/**
 * POST /todos. customerId may be null: todos without a customer exist (docs/product/todos.md), although
 * the dialog always asks for one. A todo for the same bead and customer adds to its amount.
 */
export const todoCreateSchema = z.object({
  amount: todoAmountSchema,
  customerId: idSchema(t.customerRequired).nullable(),
  bead: todoBeadSchema,
});

/** PATCH /todos/:id */
export const todoUpdateSchema = z.object({ amount: todoAmountSchema });

/**
 * POST /todos/:id/complete. priceOre and saleType carry the price dialog's answer when the
 * bead had price 0; the idempotency key makes a retried request add no lines twice.
 */
export const todoCompleteSchema = z
  .object({
    idempotencyKey: idempotencyKeySchema,
    priceOre: positivePriceOreSchema().optional(),
    saleType: saleTypeSchema.optional(),
  })
  .refine((body) => body.saleType === undefined || body.priceOre !== undefined, {
    message: texts.validation.priceRequired,
    path: ['priceOre'],
  });

const dialogCustomer = z.string({ error: t.customerRequired }).trim().min(1, t.customerRequired);

/**
 * The 'Tilføj Todo' dialog. `beadTab` is the open tab; only that tab's field is checked, and
 * every failing field is reported at once. A new bead name must not match an existing bead
 * ignoring case ('En perle med dette navn findes allerede'). Outputs the todoCreateSchema body.
 */
export function makeTodoDialogSchema(existingBeadNames: readonly string[] = []) {
  const base = { amount: todoAmountField, customerId: dialogCustomer };
  return z
    .discriminatedUnion(
      'beadTab',
      [
        z.object({
          ...base,
          beadTab: z.literal('existing'),
          beadId: z.string({ error: t.beadRequired }).trim().min(1, t.beadRequired),
        }),
        z.object({
          ...base,
          beadTab: z.literal('new'),
          newBeadName: beadNameSchema(t.newBeadNameRequired).refine(
            (name) => !isBeadNameTakenIgnoringCase(name, existingBeadNames),
            texts.beads.duplicateNameTodo,
          ),
        }),
      ],
      { error: t.beadRequired },
    )
    .transform(
      (values): TodoCreate => ({
        amount: values.amount,
        customerId: values.customerId,
        bead:
          values.beadTab === 'existing'
            ? { kind: 'existing', beadId: values.beadId }
            : { kind: 'new', name: values.newBeadName },
      }),
    );
}

export type TodoCreate = z.output<typeof todoCreateSchema>;
export type TodoUpdate = z.output<typeof todoUpdateSchema>;
export type TodoComplete = z.output<typeof todoCompleteSchema>;
export type TodoDialogValues = z.input<ReturnType<typeof makeTodoDialogSchema>>;
