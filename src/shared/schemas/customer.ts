/** Input schemas for customers. The same schema validates the API body and drives the add dialog. */
import { z } from 'zod';
import { HIDDEN_CUSTOMER_NAME, normalizeName } from '../domain/customer-name.ts';
import { MAX_NAME_LENGTH } from '../domain/limits.ts';
import { texts } from '../texts.ts';

const t = texts.customers;

export const MAX_CUSTOMER_NAME_LENGTH = MAX_NAME_LENGTH;

/**
 * A customer name, cleaned as it will be stored (names.ts: invisible characters removed, NFC, whitespace
 * collapsed). `{name}` marks the old app's hidden test customers: a new name cannot be it (PRODUCT.md).
 * `overwrite` (not `transform`) keeps the schema a plain string, so it still converts to JSON Schema.
 */
export const customerNameSchema = z
  .string({ error: t.nameRequired })
  .overwrite(normalizeName)
  .min(1, t.nameRequired)
  .max(MAX_CUSTOMER_NAME_LENGTH, t.nameTooLong)
  .refine((name) => name !== HIDDEN_CUSTOMER_NAME, t.nameReserved);

/** POST /customers and the 'Tilføj ny kunde' dialog. */
export const customerCreateSchema = z.object({ name: customerNameSchema });

/** Renaming a customer (fixing a typo); the same rules as creating. */
export const customerUpdateSchema = customerCreateSchema;

export type CustomerCreateInput = z.input<typeof customerCreateSchema>;
export type CustomerCreate = z.output<typeof customerCreateSchema>;
export type CustomerUpdate = z.output<typeof customerUpdateSchema>;
