/** Input schemas for customers. The same schema validates the API body and drives the add dialog. */
import { z } from 'zod';
import { DENMARK, isDanishPostcode } from '../domain/address.ts';
import { isCountryCode } from '../domain/countries.ts';
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
import {
  MAX_ADDRESS_LINE_LENGTH,
  MAX_CITY_LENGTH,
  MAX_NAME_LENGTH,
  MAX_POSTCODE_LENGTH,
} from '../domain/limits.ts';
import { cleanName } from '../domain/names.ts';
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

/** An old free-text address as the import reads it (several lines, at most 300 characters). */
export const customerAddressSchema = z
  .string({ error: c.addressTooLong })
  .overwrite(cleanAddress)
  .refine((address) => characterCount(address) <= MAX_ADDRESS_LENGTH, c.addressTooLong);

const line = (max: number, tooLong: string) =>
  z
    .string({ error: tooLong })
    .overwrite(cleanName)
    .refine((text) => characterCount(text) <= max, tooLong);

/** The structured address (docs/product/customers.md): one line each, as on a label. */
export const addressFieldSchemas = {
  address: line(MAX_ADDRESS_LINE_LENGTH, c.addressLineTooLong),
  address2: line(MAX_ADDRESS_LINE_LENGTH, c.address2TooLong),
  // 'sw1a 2aa' is written 'SW1A 2AA'; a Danish one is digits anyway.
  postcode: line(MAX_POSTCODE_LENGTH, c.postcodeTooLong).overwrite((code) => code.toLocaleUpperCase('da')),
  city: line(MAX_CITY_LENGTH, c.cityTooLong),
  countryCode: z.string({ error: c.countryInvalid }).refine(isCountryCode, c.countryInvalid),
};

export const ADDRESS_FIELDS = ['address', 'address2', 'postcode', 'city', 'countryCode'] as const;
type AddressFields = { [K in (typeof ADDRESS_FIELDS)[number]]?: string | null };

/**
 * What makes the fields one address: all empty (not known), or a street and a town, and in Denmark a postcode of
 * 4 digits, 1000–9999. Abroad the postcode may be left out (some countries have none). Each refusal names its
 * field, so the form shows it there.
 */
function checkAddress(fields: AddressFields, ctx: z.RefinementCtx): void {
  const { address, address2, postcode, city } = fields;
  const denmark = (fields.countryCode ?? DENMARK) === DENMARK;
  if (postcode && denmark && !isDanishPostcode(postcode))
    ctx.addIssue({ code: 'custom', path: ['postcode'], message: c.postcodeInvalid });
  if (!address && !address2 && !postcode && !city) return;
  if (!address) ctx.addIssue({ code: 'custom', path: ['address'], message: c.addressRequired });
  if (!postcode && denmark) ctx.addIssue({ code: 'custom', path: ['postcode'], message: c.postcodeRequired });
  if (!city) ctx.addIssue({ code: 'custom', path: ['city'], message: c.cityRequired });
}

/**
 * PATCH /api/customers/:id: rename (the same rules as creating) and/or set contact details. Each field given
 * replaces the stored value ('' or null clears it); a field left out stays as it is. The address's five fields
 * come together or not at all (they make one address); saving them takes away 'Tjek adressen'.
 */
export const customerUpdateSchema = z
  .object({
    name: customerNameSchema.optional(),
    phone: customerPhoneSchema.nullable().optional(),
    email: customerEmailSchema.nullable().optional(),
    address: addressFieldSchemas.address.nullable().optional(),
    address2: addressFieldSchemas.address2.nullable().optional(),
    postcode: addressFieldSchemas.postcode.nullable().optional(),
    city: addressFieldSchemas.city.nullable().optional(),
    countryCode: addressFieldSchemas.countryCode.optional(),
  })
  .superRefine((input, ctx) => {
    const given = ADDRESS_FIELDS.filter((field) => input[field] !== undefined);
    if (given.length === 0) return;
    const missing = ADDRESS_FIELDS.find((field) => input[field] === undefined);
    if (missing) {
      ctx.addIssue({ code: 'custom', path: [missing], message: c.addressIncomplete });
      return;
    }
    checkAddress(input, ctx);
  });

/** The five fields as one address ('' = not known): what the import checks an export's customer with. */
export const postalAddressFieldsSchema = z.object(addressFieldSchemas).superRefine(checkAddress);

/** The 'Redigér kunde' dialog: every field a string ('' = not known). */
export const customerEditFormSchema = z
  .object({
    name: customerNameSchema,
    phone: customerPhoneSchema,
    email: customerEmailSchema,
    ...addressFieldSchemas,
  })
  .superRefine(checkAddress);

/**
 * The dialog for a customer marked 'Tjek adressen' whose address fields were left as they were: the old text is
 * kept (and not checked) while she changes only her name, phone or e-mail.
 */
export const customerEditFormKeepingAddressSchema = z.object({
  name: customerNameSchema,
  phone: customerPhoneSchema,
  email: customerEmailSchema,
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
export type CustomerEditFormKeepingAddress = z.output<typeof customerEditFormKeepingAddressSchema>;
