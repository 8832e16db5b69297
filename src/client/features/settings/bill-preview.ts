import { billText } from '../../../shared/domain/bill-text.ts';
import { parseKr } from '../../../shared/domain/money.ts';
import { cleanText } from '../../../shared/domain/names.ts';
import { type OrderLineInput, priceOrder } from '../../../shared/domain/pricing.ts';
import { OFFER_2_FOR_125 } from '../../../shared/domain/sale-type.ts';
import type { ShopSettings } from '../../../shared/schemas/api-settings.ts';
import type { ShopSettingsFormValues } from '../../../shared/schemas/shop-settings.ts';
import { texts } from '../../../shared/texts.ts';

/** Indstillinger → Butik's 'Eksempel på regning': the bill of a sample order as the form reads now. */
const t = texts.shop;

const sampleLine = (
  n: number,
  text: string,
  unitPriceOre: number,
  saleType: string | null,
): OrderLineInput => ({
  id: `sample-${n}`,
  kind: 'bead',
  beadId: `sample-bead-${n}`,
  text,
  unitPriceOre,
  saleType,
  addedAt: `2026-01-01T10:00:0${n}.000Z`,
});

/** The preview's order: a '2 for 125' pair and one bead at 45 kr, for a customer the shop knows nothing of. */
const SAMPLE_ORDER = priceOrder([
  sampleLine(1, t.previewBeads.offerA, 7500, OFFER_2_FOR_125),
  sampleLine(2, t.previewBeads.offerB, 7500, OFFER_2_FOR_125),
  sampleLine(3, t.previewBeads.normal, 4500, null),
]);

const digitsOrNull = (value: string) => {
  const digits = value.replace(/[\s-]/g, '');
  return /^\d+$/.test(digits) ? digits : null;
};

/** The bill of the sample order as the form reads now (what is not valid yet counts as not set). */
export function previewText(
  values: ShopSettingsFormValues,
  saved: ShopSettings,
  senderName: string | undefined,
) {
  const kr = (value: unknown, fallback: number) => {
    const ore = typeof value === 'string' ? parseKr(value) : null;
    return ore !== null && ore >= 0 ? ore : fallback;
  };
  const text = (value: string) => (cleanText(value) === '' ? null : cleanText(value));
  const reg = digitsOrNull(values.bankReg);
  const account = digitsOrNull(values.bankAccount);
  return billText({
    customerName: t.previewCustomer,
    pricedOrder: SAMPLE_ORDER,
    homeDelivery: false,
    shop: {
      shopName: values.shopName.trim() || saved.shopName,
      postageOre: kr(values.postage, saved.postageOre),
      postageHomeOre: kr(values.postageHome, saved.postageHomeOre),
      mobilePayNumber: digitsOrNull(values.mobilePayNumber),
      mobilePayBox: digitsOrNull(values.mobilePayBox),
      bankReg: reg && account ? reg : null,
      bankAccount: reg && account ? account : null,
      billGreeting: text(values.billGreeting),
      billClosing: text(values.billClosing),
      reminderDays: saved.reminderDays,
      lowStockThreshold: saved.lowStockThreshold,
      address: saved.address,
      cvr: saved.cvr,
      vatRegistered: saved.vatRegistered,
    },
    senderName,
    // Every bill she sends carries its number (docs/product/money.md): the example shows one.
    number: t.previewNumber,
  });
}
