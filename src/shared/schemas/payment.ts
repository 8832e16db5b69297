/**
 * Input schemas of the shop's money (docs/product/money.md): 'Registrér betaling', 'Rabat' and 'Krediter'. The
 * server validates with them and the dialogs' forms are built on them, so both say the same Danish message.
 */
import { z } from 'zod';
import { copenhagenDate } from '../domain/dates.ts';
import { MAX_PRICE_ORE } from '../domain/money.ts';
import { MAX_PAYMENT_ORE, PAYMENT_METHODS } from '../domain/payments.ts';
import { texts } from '../texts.ts';
import { idSchema, krPriceField } from './fields.ts';

const t = texts.money;

/** A day of the Danish calendar, 'YYYY-MM-DD': a real day, from 2000 on, and not after today. */
export const paidOnSchema = z
  .string({ error: t.dateRequired })
  .trim()
  .min(1, t.dateRequired)
  .refine((value) => {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    if (!match) return false;
    const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
    return date.toISOString().slice(0, 10) === value;
  }, t.dateInvalid)
  .refine((value) => value >= '2000-01-01', t.dateTooOld)
  .refine((value) => value <= copenhagenDate(), t.dateInFuture);

export const paymentMethodSchema = z.enum(PAYMENT_METHODS, { error: t.methodRequired });

/** POST /api/orders/:id/payments: an amount in øre above 0, how, and the day. */
export const paymentCreateSchema = z.object({
  amountOre: z
    .int({ error: t.amountRequired })
    .min(1, t.amountPositive)
    .max(MAX_PAYMENT_ORE, t.amountTooHigh),
  method: paymentMethodSchema,
  paidOn: paidOnSchema,
});

/** The dialog's form: the amount typed in kroner. */
export const paymentFormSchema = z
  .object({
    amount: krPriceField({
      requiredMessage: t.amountRequired,
      positive: true,
      notPositive: t.amountPositive,
      maxOre: MAX_PAYMENT_ORE,
      tooHigh: t.amountTooHigh,
    }),
    method: paymentMethodSchema,
    paidOn: paidOnSchema,
  })
  .transform(({ amount, method, paidOn }) => ({ amountOre: amount, method, paidOn }));

/** 'Rabat' as the API takes it: a sum in øre above 0, or a whole percentage 1–100. */
export const discountInputSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('kr'),
      value: z
        .int({ error: t.discountAmountRequired })
        .min(1, t.discountKrPositive)
        .max(MAX_PRICE_ORE, texts.validation.priceTooHigh),
    }),
    z.object({
      kind: z.literal('pct'),
      value: z.int({ error: t.discountPctWhole }).min(1, t.discountPctRange).max(100, t.discountPctRange),
    }),
  ],
  { error: texts.validation.invalid },
);

/** The Rabat tab's form: the amount typed in kroner, or a percentage. */
export const discountFormSchema = z
  .object({ kind: z.enum(['kr', 'pct']), value: z.string() })
  .transform((form, ctx) => {
    if (form.kind === 'pct') {
      const text = form.value.trim().replace(/\s*%$/, '');
      if (text === '') {
        ctx.issues.push({
          code: 'custom',
          message: t.discountAmountRequired,
          input: form.value,
          path: ['value'],
        });
        return z.NEVER;
      }
      const pct = Number(text.replace(',', '.'));
      if (!Number.isInteger(pct)) {
        ctx.issues.push({ code: 'custom', message: t.discountPctWhole, input: form.value, path: ['value'] });
        return z.NEVER;
      }
      if (pct < 1 || pct > 100) {
        ctx.issues.push({ code: 'custom', message: t.discountPctRange, input: form.value, path: ['value'] });
        return z.NEVER;
      }
      return { kind: 'pct' as const, value: pct };
    }
    const ore = krPriceField({ requiredMessage: t.discountAmountRequired, positive: true }).safeParse(
      form.value,
    );
    if (!ore.success) {
      const message = ore.error.issues[0]?.message ?? texts.validation.invalid;
      ctx.issues.push({ code: 'custom', message, input: form.value, path: ['value'] });
      return z.NEVER;
    }
    return { kind: 'kr' as const, value: ore.data };
  });

/** POST /api/orders/:id/credit-notes: the lines refunded (a pair's line brings its partner), the postage, how. */
export const creditNoteCreateSchema = z.object({
  lineIds: z
    .array(idSchema(texts.validation.idRequired), { error: texts.validation.invalid })
    .max(2_000, texts.validation.invalid)
    .overwrite((ids) => [...new Set(ids)]),
  postage: z.boolean({ error: texts.validation.booleanInvalid }),
  method: paymentMethodSchema,
  refundedOn: paidOnSchema,
});

export type PaymentCreate = z.output<typeof paymentCreateSchema>;
export type PaymentFormValues = z.input<typeof paymentFormSchema>;
export type DiscountInput = z.output<typeof discountInputSchema>;
export type CreditNoteCreate = z.output<typeof creditNoteCreateSchema>;
