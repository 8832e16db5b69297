/** Input schemas for customers. The same schema validates the API body and drives the add dialog. */
import { z } from 'zod';
import {
  characterCount,
  cleanAddress,
  cleanEmail,
  cleanPhone,
  EMAIL_PATTERN,
  MAX_ADDRESS_LENGTH,
  MAX_EMAIL_LENGTH,
  MAX_PHONE_LENGTH,
  PHONE_CHARACTERS,
  phoneHasDigits,
} from '../domain/customer-contact.ts';
import { HIDDEN_CUSTOMER_NAME, normalizeName } from '../domain/customer-name.ts';
import { MAX_NAME_LENGTH } from '../domain/limits.ts';
import { texts } from '../texts.ts';

const t = texts.customers;

export const MAX_CUSTOMER_NAME_LENGTH = MAX_NAME_LENGTH;

/**
 * A customer name, cleaned as it will be stored (names.ts: invisible characters removed, NFC, whitespace
 * collapsed). `{name}` marks the old app's hidden test customers: a new name cannot be it
 * (docs/product/customers.md). `overwrite` (not `transform`) keeps the schema a plain string, so it still
 * converts to JSON Schema.
 */
export const customerNameSchema = z
  .string({ error: t.nameRequired })
  .overwrite(normalizeName)
  .min(1, t.nameRequired)
  .max(MAX_CUSTOMER_NAME_LENGTH, t.nameTooLong)
  .refine((name) => name !== HIDDEN_CUSTOMER_NAME, t.nameReserved);

/** POST /customers and the 'Tilføj ny kunde' dialog. */
export const customerCreateSchema = z.object({ name: customerNameSchema });

const c = t.care;

/**
 * Contact fields, cleaned as they will be stored (customer-contact.ts). An empty field means "not known" and is
 * stored as null; the API also takes null for it.
 */
export const customerPhoneSchema = z
  .string({ error: c.phoneInvalid })
  .overwrite(cleanPhone)
  .max(MAX_PHONE_LENGTH, c.phoneTooLong)
  .refine((phone) => phone === '' || PHONE_CHARACTERS.test(phone), c.phoneInvalid)
  .refine((phone) => phone === '' || phoneHasDigits(phone), c.phoneNoDigits);

export const customerEmailSchema = z
  .string({ error: c.emailInvalid })
  .overwrite(cleanEmail)
  .refine((email) => characterCount(email) <= MAX_EMAIL_LENGTH, { error: c.emailTooLong, abort: true })
  .refine((email) => email === '' || EMAIL_PATTERN.test(email), c.emailInvalid);

export const customerAddressSchema = z
  .string({ error: c.addressTooLong })
  .overwrite(cleanAddress)
  .refine((address) => characterCount(address) <= MAX_ADDRESS_LENGTH, c.addressTooLong);

/**
 * PATCH /api/customers/:id: rename (the same rules as creating) and/or set contact details. Each field given
 * replaces the stored value ('' or null clears it); a field left out stays as it is.
 */
export const customerUpdateSchema = z.object({
  name: customerNameSchema.optional(),
  phone: customerPhoneSchema.nullable().optional(),
  email: customerEmailSchema.nullable().optional(),
  address: customerAddressSchema.nullable().optional(),
});

/** The 'Redigér kunde' dialog: every field a string ('' = not known). */
export const customerEditFormSchema = z.object({
  name: customerNameSchema,
  phone: customerPhoneSchema,
  email: customerEmailSchema,
  address: customerAddressSchema,
});

/** POST /api/customers/:id/archive|unarchive have no body; GET /api/customers?archived=true lists archived ones. */
export const customerListQuerySchema = z.object({
  archived: z.enum(['true', 'false'], { error: texts.validation.invalid }).optional(),
});

export type CustomerCreateInput = z.input<typeof customerCreateSchema>;
export type CustomerCreate = z.output<typeof customerCreateSchema>;
export type CustomerUpdateInput = z.input<typeof customerUpdateSchema>;
export type CustomerUpdate = z.output<typeof customerUpdateSchema>;
export type CustomerEditForm = z.output<typeof customerEditFormSchema>;
