import { z } from 'zod';
import { isoInstantSchema } from './api-common.ts';

/** GET/PUT /api/settings/shop: the shop's settings (Indstillinger → Butik). Null = not set / default text. */
export const shopSettingsSchema = z.object({
  shopName: z.string(),
  /** Porto in øre, normal and with home delivery: what active orders follow. */
  postageOre: z.number().int(),
  postageHomeOre: z.number().int(),
  /** Digits only. */
  mobilePayNumber: z.string().nullable(),
  mobilePayBox: z.string().nullable(),
  bankReg: z.string().nullable(),
  bankAccount: z.string().nullable(),
  /** The bill's opening ({navn} = the customer's first name) and closing; null = today's texts. */
  billGreeting: z.string().nullable(),
  billClosing: z.string().nullable(),
  /** Days in Afventer betaling before an order needs a payment reminder. */
  reminderDays: z.number().int(),
  /** 'Få tilbage' on Nåle: counted beads with at most this many on the shelf (docs/product/stock.md). */
  lowStockThreshold: z.number().int(),
  /** Receipts: the shop's address (lines) and CVR number (8 digits), and 'Momsregistreret'. */
  address: z.string().nullable(),
  cvr: z.string().nullable(),
  vatRegistered: z.boolean(),
  updatedAt: isoInstantSchema,
});

export type ShopSettings = z.infer<typeof shopSettingsSchema>;
