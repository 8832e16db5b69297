/**
 * Field schemas shared by the input schemas: ids, prices in øre (API) and prices typed in
 * kroner (forms). Every message is Danish, because the server sends the first validation
 * message to the user as it is.
 */
import { z } from 'zod';
import { krToOre, MAX_PRICE_ORE, parseKr } from '../domain/money.ts';
import { SALE_TYPES } from '../domain/sale-type.ts';
import { texts } from '../texts.ts';

const v = texts.validation;

/** Row ids are text: random UUIDs for new rows, imported ids kept as they were. */
export function idSchema(message: string = v.idRequired) {
  return z.string({ error: message }).trim().min(1, message).max(200, message);
}

/** A price in whole øre as the API carries it: an integer from 0 to MAX_PRICE_ORE. */
export function priceOreSchema(requiredMessage: string = v.priceRequired) {
  return (
    z
      .int({
        error: (issue) =>
          issue.input === undefined || issue.input === null ? requiredMessage : v.priceInvalid,
      })
      // abort: a negative price is not also reported as 'must be above 0' by positivePriceOreSchema.
      .min(0, { error: v.priceNegative, abort: true })
      .max(MAX_PRICE_ORE, v.priceTooHigh)
  );
}

/** A price in whole øre that must be above 0 (the price dialog: 'Prisen skal være over 0'). */
export function positivePriceOreSchema(requiredMessage: string = v.priceRequired) {
  return priceOreSchema(requiredMessage).min(1, v.pricePositive);
}

/** '2 for 125' or null (no offer). */
export const saleTypeSchema = z.enum(SALE_TYPES, { error: v.saleTypeInvalid }).nullable();

export const booleanSchema = z.boolean({ error: v.booleanInvalid });

/** Idempotency key of a retried request: a UUID made by the client (crypto.randomUUID()). */
export const idempotencyKeySchema = z.uuid({ error: v.idempotencyKeyInvalid });

export interface KrPriceFieldOptions {
  /** Message when the field is empty. */
  requiredMessage?: string;
  /** Refuse 0 with 'Prisen skal være over 0' (or `notPositive`). */
  positive?: boolean;
  notPositive?: string;
  /** Highest amount in øre (MAX_PRICE_ORE unless said), and the message above it. */
  maxOre?: number;
  tooHigh?: string;
}

/** A number with more than two decimals cannot be a whole number of øre. */
function hasAtMostTwoDecimals(kr: number): boolean {
  return Math.abs(kr * 100 - krToOre(kr)) < 1e-6;
}

/** Why a kr value is not acceptable, or the øre amount when it is. */
function krToOreOrMessage(
  value: string | number | null | undefined,
  options: KrPriceFieldOptions,
): number | string {
  const required = options.requiredMessage ?? v.priceRequired;
  if (value === null || value === undefined) return required;
  if (typeof value === 'number') {
    if (Number.isNaN(value)) return required; // react-hook-form's valueAsNumber gives NaN for an empty input
    if (!Number.isFinite(value)) return v.priceInvalid;
    if (!hasAtMostTwoDecimals(value)) return v.priceTooManyDecimals;
  } else if (value.trim() === '') {
    return required;
  }
  const ore = typeof value === 'number' ? krToOre(value) : parseKr(value);
  if (ore === null) {
    return /^\s*-?\d+[,.]\d{3,}\s*(kr\.?)?\s*$/i.test(String(value))
      ? v.priceTooManyDecimals
      : v.priceInvalid;
  }
  if (ore < 0) return v.priceNegative;
  if (ore > (options.maxOre ?? MAX_PRICE_ORE)) return options.tooHigh ?? v.priceTooHigh;
  if (options.positive && ore === 0) return options.notPositive ?? v.pricePositive;
  return ore;
}

/**
 * A form field where a person types kroner ('12,50', '12.50', '1.234', or a number from a
 * number input) and the form gets whole øre back. For forms only: API bodies carry priceOre.
 */
export function krPriceField(options: KrPriceFieldOptions = {}) {
  return (
    z
      // z.number() refuses NaN, which react-hook-form's valueAsNumber gives for an empty input.
      .union([z.string(), z.number(), z.nan()], { error: v.priceInvalid })
      .nullish()
      .transform((value, ctx) => {
        const result = krToOreOrMessage(value, options);
        if (typeof result === 'string') {
          ctx.issues.push({ code: 'custom', message: result, input: value });
          return z.NEVER;
        }
        return result;
      })
  );
}
