/**
 * Parcels (docs/decisions/0017-parcels-and-labels.md): the orders that wait to be sent with each
 * customer's address, the labels as a PDF, the shipping file as CSV, and 'Markér som sendt' with its undo.
 */
import { z } from 'zod';
import { LABEL_SHEET_IDS, labelSheet, labelsPerPage, MAX_LABEL_OFFSET_MM } from '../domain/label-sheets.ts';
import { ORDER_STATUSES } from '../domain/order-status.ts';
import { texts } from '../texts.ts';
import { apiIdSchema, isoInstantSchema } from './api-common.ts';

const p = texts.parcels;

/** The statuses whose orders get labels: Skal pakkes (from Pakning) and Skal sendes (from Ordrer). */
export const PARCEL_STATUSES = ['paid', 'packed'] as const;
export type ParcelStatus = (typeof PARCEL_STATUSES)[number];
/** The most orders one PDF, CSV or 'Markér som sendt' takes (a link's length stays well within limits). */
export const MAX_PARCEL_ORDERS = 200;
/** How long after 'Markér som sendt' its 'Fortryd' still works. */
export const SHIPMENT_UNDO_MINUTES = 15;

export const parcelsQuerySchema = z.object({
  status: z.enum(PARCEL_STATUSES, { error: texts.validation.invalid }),
});

/**
 * One order to send: its customer's label lines (the name, then the address) and whether they can be printed
 * (`addressState`: 'ok', 'check' = 'Tjek adressen', 'missing' = 'mangler adresse'). `postageOre` 0 means the
 * customer paid no postage: picked up, so not ticked at first.
 */
export const parcelSchema = z.object({
  orderId: apiIdSchema,
  /** The order's short id, as the shipping file's `reference`. */
  reference: z.string(),
  customerId: apiIdSchema.nullable(),
  customerName: z.string(),
  createdAt: isoInstantSchema,
  status: z.enum(ORDER_STATUSES),
  homeDelivery: z.boolean(),
  /** 'Afhentning': picked up in the shop, no label. */
  pickup: z.boolean(),
  /** The bill's number (docs/product/money.md). */
  number: z.string().nullable(),
  postageOre: z.number().int(),
  addressState: z.enum(['ok', 'check', 'missing']),
  lines: z.array(z.string()),
});
export const parcelListSchema = z.object({
  status: z.enum(PARCEL_STATUSES),
  parcels: z.array(parcelSchema),
});

/** `orders=id,id,…` in a download link: 1–MAX_PARCEL_ORDERS ids. */
const orderIdsParam = z
  .string({ error: p.orderListInvalid })
  .transform((value) => [...new Set(value.split(',').filter(Boolean))])
  .pipe(z.array(apiIdSchema, { error: p.orderListInvalid }).min(1, p.noneSelected).max(MAX_PARCEL_ORDERS));

const offsetParam = z.coerce
  .number({ error: p.offsetInvalid })
  .min(-MAX_LABEL_OFFSET_MM, p.offsetInvalid)
  .max(MAX_LABEL_OFFSET_MM, p.offsetInvalid)
  .transform((mm) => Math.round(mm * 10) / 10)
  .default(0);

const sheetParam = z.enum(LABEL_SHEET_IDS, { error: texts.validation.invalid });

/** GET /api/parcels/test-sheet.pdf: the sheet and the offset ('Justér'). */
export const testSheetQuerySchema = z.object({ sheet: sheetParam, right: offsetParam, down: offsetParam });

/** GET /api/parcels/labels.pdf: which orders, on which sheet, after how many used labels, moved how far. */
export const labelsQuerySchema = testSheetQuerySchema
  .extend({
    orders: orderIdsParam,
    skip: z.coerce.number({ error: texts.validation.invalid }).int().min(0).default(0),
  })
  .superRefine((query, ctx) => {
    const max = labelsPerPage(labelSheet(query.sheet)) - 1;
    if (query.skip > max) ctx.addIssue({ code: 'custom', path: ['skip'], message: p.skipInvalid(max) });
  });

/** GET /api/parcels/shipping.csv. */
export const shippingCsvQuerySchema = z.object({ orders: orderIdsParam });

/** POST /api/parcels/ship: the ticked orders, moved to Afsendt together (Idempotency-Key header). */
export const shipBodySchema = z.object({
  orderIds: z.array(apiIdSchema).min(1, p.noneSelected).max(MAX_PARCEL_ORDERS),
});

/** What 'Markér som sendt' did: the shipment's id (for 'Fortryd') and each order's status before. */
export const shipmentSchema = z.object({
  shipmentId: z.string(),
  orders: z.array(z.object({ orderId: apiIdSchema, from: z.enum(ORDER_STATUSES) })),
});

/** POST /api/parcels/shipments/:id/undo: the orders set back, and those left (changed since). */
export const shipmentUndoneSchema = z.object({
  restored: z.array(z.object({ orderId: apiIdSchema, status: z.enum(ORDER_STATUSES) })),
  kept: z.array(apiIdSchema),
});

export type Parcel = z.infer<typeof parcelSchema>;
export type ParcelList = z.infer<typeof parcelListSchema>;
export type ShipBody = z.infer<typeof shipBodySchema>;
export type Shipment = z.infer<typeof shipmentSchema>;
export type ShipmentUndone = z.infer<typeof shipmentUndoneSchema>;
export type LabelsQuery = z.output<typeof labelsQuerySchema>;
