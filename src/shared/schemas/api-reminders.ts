/**
 * Betalingspåmindelser: GET /api/reminders lists the orders that have waited in Afventer betaling
 * longer than the shop's setting, oldest first, a page at a time; POST /api/orders/:id/reminder-copied keeps
 * when a reminder was last copied.
 */
import { z } from 'zod';
import { MAX_REMINDERS_PAGE } from '../domain/limits.ts';
import { texts } from '../texts.ts';
import { apiIdSchema, isoInstantSchema } from './api-common.ts';

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;

/**
 * The next page starts after the order (afterSince = its waitingSince, afterId = its id) the previous page
 * ended with: both or neither.
 */
export const reminderListQuerySchema = z
  .object({
    afterSince: z.string().regex(ISO_INSTANT, texts.validation.invalid).optional(),
    afterId: apiIdSchema.optional(),
    limit: z.coerce
      .number({ error: texts.validation.invalid })
      .int(texts.validation.invalid)
      .min(1, texts.validation.invalid)
      .max(MAX_REMINDERS_PAGE, texts.validation.invalid)
      .optional(),
  })
  .refine((query) => (query.afterSince === undefined) === (query.afterId === undefined), {
    message: texts.validation.invalid,
    path: ['afterId'],
  });

export const paymentReminderSchema = z.object({
  orderId: z.string(),
  customerId: z.string().nullable(),
  customerName: z.string().nullable(),
  /** When the order entered Afventer betaling (its newest status change to it, else its start). */
  waitingSince: isoInstantSchema,
  /** Whole days since then (24 hours each), more than the setting. */
  daysWaiting: z.number().int(),
  /** What the customer still owes: the order's total incl. postage, less what she has paid. */
  amountOre: z.number().int(),
  /** What she has paid of it (docs/product/money.md), and the bill's number. */
  paidOre: z.number().int(),
  number: z.string().nullable(),
  /** When a reminder was last copied during this wait; null = not yet. */
  lastRemindedAt: isoInstantSchema.nullable(),
});

export const paymentReminderListSchema = z.object({
  /** The setting the list was made with (Indstillinger → Butik). */
  reminderDays: z.number().int(),
  /** How many orders need a reminder in all (every page). */
  total: z.number().int(),
  items: z.array(paymentReminderSchema),
  /** Where the next page starts, or null on the last page. */
  next: z.object({ afterSince: isoInstantSchema, afterId: z.string() }).nullable(),
});

/** POST /api/orders/:id/reminder-copied: when it was kept. */
/**
 * The body of POST /api/orders/:id/reminder-copied: optionally when the copy was made, for a record sent
 * later from the phone's offline queue. The server keeps it, but never in the future and never
 * more than a week back (how long the queue's idempotency keys are kept); without it, the time of arrival.
 */
export const reminderCopiedBodySchema = z
  .object({ copiedAt: z.iso.datetime({ offset: true }).optional() })
  .nullish();

export const reminderCopiedSchema = z.object({
  orderId: z.string(),
  reminderCopiedAt: isoInstantSchema,
});

export type ReminderListQuery = z.infer<typeof reminderListQuerySchema>;
export type PaymentReminder = z.infer<typeof paymentReminderSchema>;
export type PaymentReminderList = z.infer<typeof paymentReminderListSchema>;
export type ReminderCopied = z.infer<typeof reminderCopiedSchema>;
