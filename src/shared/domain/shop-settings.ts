/**
 * The shop's own settings (Indstillinger → Butik): its name, the postage, how customers pay and the
 * bill's greeting and closing. Stored in one row (migration 0005-shop-settings); the defaults below are
 * today's values, the only place the app states them (the migration repeats them, frozen in time).
 */
import { texts } from '../texts.ts';
import { DEFAULT_LOW_STOCK_THRESHOLD } from './stock.ts';

/** Postage (Porto) in øre: normal, and with the order's Hjemmelevering switch on. */
export interface PostagePrices {
  postageOre: number;
  postageHomeOre: number;
}

/** How a customer can pay; null = not offered. Digits only (formatted when shown). */
export interface PaymentOptions {
  mobilePayNumber: string | null;
  mobilePayBox: string | null;
  bankReg: string | null;
  bankAccount: string | null;
}

/** The bill's own wording; null = the default text (texts.bill). */
export interface BillWording {
  billGreeting: string | null;
  billClosing: string | null;
}

export interface ShopSettingsValues extends PostagePrices, PaymentOptions, BillWording {
  shopName: string;
  /** Days in Afventer betaling after which an order needs a payment reminder. */
  reminderDays: number;
  /** 'Få tilbage' on Nåle: counted beads with at most this many on the shelf. */
  lowStockThreshold: number;
  /** On receipts and credit notes (docs/product/money.md): the shop's address and CVR number, null when unset. */
  address: string | null;
  cvr: string | null;
  /** 'Momsregistreret': receipts show 'Heraf moms'; otherwise 'Butikken er ikke momsregistreret'. */
  vatRegistered: boolean;
}

/** Payment reminders: an unpaid order needs one after a week, until the owner says otherwise. */
export const DEFAULT_REMINDER_DAYS = 7;

/** Postage until the owner changes it: 53 kr, or 73 kr with home delivery (docs/product/pricing.md). */
export const DEFAULT_POSTAGE: PostagePrices = { postageOre: 5300, postageHomeOre: 7300 };

/** A fresh shop's settings: the app's name, today's postage, no payment details, the default bill texts. */
export const DEFAULT_SHOP_SETTINGS: ShopSettingsValues = {
  shopName: texts.app.name,
  ...DEFAULT_POSTAGE,
  mobilePayNumber: null,
  mobilePayBox: null,
  bankReg: null,
  bankAccount: null,
  billGreeting: null,
  billClosing: null,
  reminderDays: DEFAULT_REMINDER_DAYS,
  lowStockThreshold: DEFAULT_LOW_STOCK_THRESHOLD,
  address: null,
  cvr: null,
  vatRegistered: false,
};

/** The greeting the bill uses: the shop's own, or today's ('Hej {navn}' and the intro line). */
export function billGreetingText(wording: Pick<BillWording, 'billGreeting'>): string {
  return wording.billGreeting ?? texts.bill.defaultGreeting;
}

/** The closing the bill uses: the shop's own, or today's ('Mange hilsner'). */
export function billClosingText(wording: Pick<BillWording, 'billClosing'>): string {
  return wording.billClosing ?? texts.bill.defaultClosing;
}

/** '12345678' → '12 34 56 78', as a Danish phone number is read; other lengths stay as they are. */
export function formatMobilePayNumber(digits: string): string {
  return /^\d{8}$/.test(digits) ? digits.replace(/(\d{2})(?=\d)/g, '$1 ') : digits;
}
