/**
 * Input schemas for the shop's settings (PUT /api/settings/shop) and the Butik card's form, which takes
 * kroner as typed and empty fields, and outputs the API body, so one parse feeds the request.
 */
import { z } from 'zod';
import {
  BANK_REG_DIGITS,
  MAX_ADDRESS_LENGTH,
  MAX_BANK_ACCOUNT_DIGITS,
  MAX_BILL_TEXT_LENGTH,
  MAX_NAME_LENGTH,
  MAX_POSTAGE_ORE,
  MAX_REMINDER_DAYS,
  MIN_REMINDER_DAYS,
  MOBILEPAY_BOX_DIGITS,
  MOBILEPAY_NUMBER_DIGITS,
} from '../domain/limits.ts';
import { cleanName, cleanText } from '../domain/names.ts';
import { DEFAULT_REMINDER_DAYS } from '../domain/shop-settings.ts';
import { DEFAULT_LOW_STOCK_THRESHOLD } from '../domain/stock.ts';
import { texts } from '../texts.ts';
import { booleanSchema, krPriceField } from './fields.ts';
import { lowStockThresholdSchema } from './stock.ts';

const t = texts.shop;

const shopNameSchema = z
  .string({ error: t.shopNameRequired })
  .overwrite(cleanName)
  .min(1, t.shopNameRequired)
  .max(MAX_NAME_LENGTH, t.shopNameTooLong);

function postageSchema() {
  return z
    .int({ error: (issue) => (issue.input == null ? t.postageRequired : texts.validation.priceInvalid) })
    .min(0, { error: texts.validation.priceNegative, abort: true })
    .max(MAX_POSTAGE_ORE, t.postageTooHigh);
}

/** Digits as typed ('12 34 56 78' is fine: spaces and dashes go); null = not offered. */
function digitsSchema(pattern: RegExp, message: string) {
  return z
    .string({ error: message })
    .overwrite((value) => value.replace(/[\s-]/g, ''))
    .regex(pattern, message)
    .nullable();
}

/** A bill text of several lines, cleaned (names.ts); null = today's text. */
const billTextSchema = z
  .string({ error: texts.validation.invalid })
  .overwrite(cleanText)
  .min(1, t.billTextEmpty)
  .max(MAX_BILL_TEXT_LENGTH, t.billTextTooLong)
  .nullable();

/**
 * Payment reminders: whole days, 1–365. Left out (an older client, an export written before issue
 * 15) it is today's default, 7: PUT replaces every setting.
 */
const reminderDaysSchema = z
  .int({
    error: (issue) =>
      issue.input == null ? texts.reminders.settingRequired : texts.reminders.settingInvalid,
  })
  .min(MIN_REMINDER_DAYS, texts.reminders.settingInvalid)
  .max(MAX_REMINDER_DAYS, texts.reminders.settingInvalid);

/** The shop's address on receipts: lines, cleaned like a bill text; null = not set. */
const shopAddressSchema = z
  .string({ error: texts.validation.invalid })
  .overwrite(cleanText)
  .min(1, texts.validation.invalid)
  .max(MAX_ADDRESS_LENGTH, texts.money.settings.addressTooLong)
  .nullable();

const cvrSchema = digitsSchema(/^\d{8}$/, texts.money.settings.cvrInvalid);

const fields = {
  shopName: shopNameSchema,
  postageOre: postageSchema(),
  postageHomeOre: postageSchema(),
  mobilePayNumber: digitsSchema(new RegExp(`^\\d{${MOBILEPAY_NUMBER_DIGITS}}$`), t.mobilePayNumberInvalid),
  mobilePayBox: digitsSchema(new RegExp(`^\\d{${MOBILEPAY_BOX_DIGITS}}$`), t.mobilePayBoxInvalid),
  bankReg: digitsSchema(new RegExp(`^\\d{${BANK_REG_DIGITS}}$`), t.bankRegInvalid),
  bankAccount: digitsSchema(new RegExp(`^\\d{1,${MAX_BANK_ACCOUNT_DIGITS}}$`), t.bankAccountInvalid),
  billGreeting: billTextSchema,
  billClosing: billTextSchema,
  reminderDays: reminderDaysSchema.default(DEFAULT_REMINDER_DAYS),
  // Left out (an older client, an export written before stock): today's default, 2.
  lowStockThreshold: lowStockThresholdSchema.default(DEFAULT_LOW_STOCK_THRESHOLD),
  // Left out (an older client, an export written before the money): not set, not VAT-registered.
  address: shopAddressSchema.default(null),
  cvr: cvrSchema.default(null),
  vatRegistered: booleanSchema.default(false),
};

type BankFields = { bankReg: string | null; bankAccount: string | null };

/** A bank transfer needs both numbers: one without the other is refused on the missing one. */
function bankComplete(value: BankFields, ctx: z.RefinementCtx): void {
  if ((value.bankReg === null) === (value.bankAccount === null)) return;
  ctx.addIssue({
    code: 'custom',
    message: t.bankIncomplete,
    path: [value.bankReg === null ? 'bankReg' : 'bankAccount'],
  });
}

/** PUT /api/settings/shop: every setting (the form sends the whole card). */
export const shopSettingsUpdateSchema = z.object(fields).superRefine(bankComplete);

/** An optional text field of the form: empty (or only spaces) means not set. */
const emptyToNull = (value: string) => (value.trim() === '' ? null : value);

/**
 * The Butik card: postage typed in kroner (0–1.000 kr), empty payment fields and bill texts mean 'not set' /
 * 'today's text'. Outputs the PUT body.
 */
export const shopSettingsFormSchema = z
  .object({
    shopName: shopNameSchema,
    postage: krPriceField({
      requiredMessage: t.postageRequired,
      maxOre: MAX_POSTAGE_ORE,
      tooHigh: t.postageTooHigh,
    }),
    postageHome: krPriceField({
      requiredMessage: t.postageRequired,
      maxOre: MAX_POSTAGE_ORE,
      tooHigh: t.postageTooHigh,
    }),
    mobilePayNumber: z.string().transform(emptyToNull).pipe(fields.mobilePayNumber),
    mobilePayBox: z.string().transform(emptyToNull).pipe(fields.mobilePayBox),
    bankReg: z.string().transform(emptyToNull).pipe(fields.bankReg),
    bankAccount: z.string().transform(emptyToNull).pipe(fields.bankAccount),
    billGreeting: z.string().transform(emptyToNull).pipe(fields.billGreeting),
    billClosing: z.string().transform(emptyToNull).pipe(fields.billClosing),
    // Days as typed: '14' or ' 14 '; empty is refused (the setting always has a value).
    reminderDays: z
      .string()
      .transform((value) =>
        value.trim() === '' ? undefined : /^\d+$/.test(value.trim()) ? Number(value) : NaN,
      )
      .pipe(reminderDaysSchema),
    // 'Få tilbage' as typed: whole beads, 0–999; empty is refused.
    lowStockThreshold: z
      .string()
      .transform((value) => (/^\d+$/.test(value.trim()) ? Number(value) : Number.NaN))
      .pipe(lowStockThresholdSchema),
    address: z.string().transform(emptyToNull).pipe(shopAddressSchema),
    cvr: z.string().transform(emptyToNull).pipe(cvrSchema),
    vatRegistered: booleanSchema,
  })
  .superRefine(bankComplete)
  .transform(({ postage, postageHome, ...rest }) => ({
    ...rest,
    postageOre: postage,
    postageHomeOre: postageHome,
  }));

export type ShopSettingsUpdate = z.output<typeof shopSettingsUpdateSchema>;
export type ShopSettingsFormValues = z.input<typeof shopSettingsFormSchema>;
