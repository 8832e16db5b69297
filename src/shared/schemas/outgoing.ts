/**
 * Texts that go out (docs/product/messages.md#texts-that-go-out): a shipped order's Pakkenummer (typed, or read
 * from the shipping service's export) and Indstillinger → Beskeder (GET/PUT /api/settings/messages), with the
 * settings form's schema, whose output is the PUT body.
 */
import { z } from 'zod';
import {
  MAX_MESSAGE_TEMPLATE_LENGTH,
  MAX_TRACKING_CSV_LENGTH,
  MAX_TRACKING_NUMBER_LENGTH,
  MAX_TRACKING_URL_LENGTH,
} from '../domain/limits.ts';
import { cleanName, cleanText } from '../domain/names.ts';
import {
  CARRIERS,
  cleanTrackingNumber,
  TRACKING_NUMBER_FIELD,
  TRACKING_NUMBER_PATTERN,
  unknownFields,
} from '../domain/outgoing-texts.ts';
import { texts } from '../texts.ts';
import { apiIdSchema, isoInstantSchema } from './api-common.ts';

const e = texts.outgoing.errors;

/** A Pakkenummer: spaces dropped, capitals; letters, digits and dashes, at most 40; '' or null removes it. */
export const trackingNumberSchema = z
  .string({ error: e.trackingInvalid })
  .transform(cleanTrackingNumber)
  .pipe(
    z
      .string()
      .max(MAX_TRACKING_NUMBER_LENGTH, e.trackingTooLong)
      .regex(TRACKING_NUMBER_PATTERN, e.trackingInvalid)
      .nullable(),
  )
  .nullable();

/** PUT /api/orders/:id/tracking-number. */
export const trackingNumberBodySchema = z.object({ trackingNumber: trackingNumberSchema });

/** POST /api/orders/tracking-numbers: the shipping service's export, as text (the client reads the file). */
export const trackingCsvBodySchema = z.object({
  csv: z.string({ error: e.csvEmpty }).min(1, e.csvEmpty).max(MAX_TRACKING_CSV_LENGTH, e.csvTooLarge),
});

/** What the file gave: each order it set a Pakkenummer on, and the references that matched no order. */
export const trackingCsvResultSchema = z.object({
  updated: z.array(z.object({ orderId: apiIdSchema, reference: z.string(), trackingNumber: z.string() })),
  unknown: z.array(z.string()),
});

/** A template's fields: only the five the app fills (a typo is refused, never sent to a customer). */
function knownFieldsOnly(value: string | null, ctx: z.RefinementCtx): void {
  const [unknown] = unknownFields(value ?? '');
  if (unknown) ctx.addIssue({ code: 'custom', message: e.unknownField(unknown) });
}

/** A message template: cleaned like the bill's texts, 1–500 characters; null = the default. */
const messageTemplateSchema = z
  .string({ error: texts.validation.invalid })
  .overwrite(cleanText)
  .min(1, e.templateEmpty)
  .max(MAX_MESSAGE_TEMPLATE_LENGTH, e.templateTooLong)
  .nullable()
  .superRefine(knownFieldsOnly);

/** A tracking link's template: http(s), with {pakkenummer}, no other field; null = the carrier's default. */
const trackingUrlSchema = z
  .string({ error: e.urlInvalid })
  .overwrite(cleanName)
  .max(MAX_TRACKING_URL_LENGTH, e.urlTooLong)
  .regex(/^https?:\/\/[^\s]+$/i, e.urlInvalid)
  .refine((value) => value.includes(TRACKING_NUMBER_FIELD), e.urlNeedsNumber)
  .refine((value) => unknownFields(value, ['pakkenummer']).length === 0, e.urlOnlyNumber)
  .nullable();

const carrierSchema = z.enum(CARRIERS, { error: e.carrierInvalid });

const fields = {
  carrier: carrierSchema,
  trackingUrlPostnord: trackingUrlSchema,
  trackingUrlGls: trackingUrlSchema,
  trackingUrlDao: trackingUrlSchema,
  trackingUrlOwn: trackingUrlSchema,
  messageShipped: messageTemplateSchema,
  messageArrived: messageTemplateSchema,
};

type OwnLink = { carrier: string; trackingUrlOwn: string | null };

/** 'Egen' needs her own link: the others have theirs. */
function ownLinkWhenOwn(value: OwnLink, ctx: z.RefinementCtx): void {
  if (value.carrier === 'own' && value.trackingUrlOwn === null)
    ctx.addIssue({ code: 'custom', message: e.ownUrlMissing, path: ['trackingUrlOwn'] });
}

/** PUT /api/settings/messages: every message setting (the card sends them all). */
export const messageSettingsUpdateSchema = z.object(fields).superRefine(ownLinkWhenOwn);

/** GET/PUT /api/settings/messages: as saved; null = the default text or the carrier's own link. */
export const messageSettingsSchema = z.object({
  carrier: z.enum(CARRIERS),
  trackingUrlPostnord: z.string().nullable(),
  trackingUrlGls: z.string().nullable(),
  trackingUrlDao: z.string().nullable(),
  trackingUrlOwn: z.string().nullable(),
  messageShipped: z.string().nullable(),
  messageArrived: z.string().nullable(),
  updatedAt: isoInstantSchema,
});

/** An empty field of the form: the default (a link) or nothing (her own link). */
const emptyToNull = (value: string) => (value.trim() === '' ? null : value);

/** Indstillinger → Beskeder's form: texts as typed; empty means the default. Outputs the PUT body. */
export const messageSettingsFormSchema = z
  .object({
    carrier: carrierSchema,
    trackingUrlPostnord: z.string().transform(emptyToNull).pipe(fields.trackingUrlPostnord),
    trackingUrlGls: z.string().transform(emptyToNull).pipe(fields.trackingUrlGls),
    trackingUrlDao: z.string().transform(emptyToNull).pipe(fields.trackingUrlDao),
    trackingUrlOwn: z.string().transform(emptyToNull).pipe(fields.trackingUrlOwn),
    messageShipped: z.string().transform(emptyToNull).pipe(fields.messageShipped),
    messageArrived: z.string().transform(emptyToNull).pipe(fields.messageArrived),
  })
  .superRefine(ownLinkWhenOwn);

export type TrackingNumberBody = z.output<typeof trackingNumberBodySchema>;
export type TrackingCsvResult = z.infer<typeof trackingCsvResultSchema>;
export type MessageSettings = z.infer<typeof messageSettingsSchema>;
export type MessageSettingsUpdate = z.output<typeof messageSettingsUpdateSchema>;
export type MessageSettingsFormValues = z.input<typeof messageSettingsFormSchema>;
