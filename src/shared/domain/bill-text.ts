/**
 * The bill text the shop owner copies into Messenger or an SMS: plain text, line breaks,
 * no markdown. Opens with the shop's greeting (by default 'Hej {first name}' and the intro line),
 * lists the '2 for 125' pairs and the other lines with prices, adds Porto and I alt, asks whether
 * the customer wants to pay now (naming the ways the shop has set up), asks only for the contact
 * details the shop does not have, and closes with the shop's closing, the sender and the shop's name.
 */
import { texts } from '../texts.ts';
import { firstName } from './customer-name.ts';
import { formatKr } from './money.ts';
import {
  type OfferGroup,
  type OrderLineInput,
  orderTotals,
  type PricedLine,
  type PricedOrder,
} from './pricing.ts';
import {
  billClosingText,
  billGreetingText,
  formatMobilePayNumber,
  type PaymentOptions,
  type ShopSettingsValues,
} from './shop-settings.ts';

/** What the shop knows of how to reach the customer; missing or null = not known (the bill asks). */
export interface BillContact {
  phone?: string | null;
  email?: string | null;
  address?: string | null;
}

export interface BillTextInput {
  customerName: string;
  pricedOrder: PricedOrder<OrderLineInput>;
  homeDelivery: boolean;
  /** The postage frozen into the order when it left Aktiv; null or left out: the shop's current price. */
  frozenShippingOre?: number | null;
  /** The shop's settings: postage, ways to pay, greeting, closing and name. */
  shop: ShopSettingsValues;
  /** The customer's contact details; the bill asks for the missing ones only. */
  contact?: BillContact;
  /** Signed below the closing when given (e.g. the signed-in user's display name), above the shop's name. */
  senderName?: string;
}

function offerGroupLine(group: OfferGroup): string {
  const [first, second] = group.lines;
  if (first === undefined) return '';
  if (second === undefined) return texts.bill.offerSingle(first.text, formatKr(first.priceOre ?? 0));
  const pairPrice = formatKr((first.priceOre ?? 0) + (second.priceOre ?? 0));
  return first.text === second.text
    ? texts.bill.offerPairSame(first.text, pairPrice)
    : texts.bill.offerPair(first.text, second.text, pairPrice);
}

interface Bundle {
  text: string;
  unitPriceOre: number;
  quantity: number;
}

/**
 * Identical normal lines (same bead or same free text, same price) become one
 * '3 x Sølvnål à 45 kr' line: completing a todo adds one line per unit, and a customer
 * should not read the same line three times.
 */
function bundleNormalLines(lines: readonly PricedLine[]): Bundle[] {
  const bundles = new Map<string, Bundle>();
  for (const line of lines) {
    const price = line.priceOre ?? 0;
    const key = JSON.stringify([line.kind, line.beadId, line.text, price]);
    const bundle = bundles.get(key);
    if (bundle) bundle.quantity += 1;
    else bundles.set(key, { text: line.text, unitPriceOre: price, quantity: 1 });
  }
  return [...bundles.values()];
}

function bundleLine({ text, unitPriceOre, quantity }: Bundle): string {
  return quantity === 1
    ? texts.bill.line(text, formatKr(unitPriceOre))
    : texts.bill.lineQuantity(quantity, text, formatKr(unitPriceOre), formatKr(unitPriceOre * quantity));
}

function itemLines(pricedOrder: PricedOrder<OrderLineInput>): string[] {
  const lines = [
    ...pricedOrder.offerGroups.map(offerGroupLine),
    ...bundleNormalLines(pricedOrder.normalLines).map(bundleLine),
  ];
  return lines.length > 0 ? lines : [texts.bill.empty];
}

/** 'a', 'a og b', 'a, b og c' (Danish lists have no comma before the last word). */
function joinDanish(items: readonly string[], last: string): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${last} ${items.at(-1)}`;
}

/** The greeting with the customer's first name in place of {navn} (and no stray space when she has none). */
function greeting(template: string, customerName: string): string {
  const name = firstName(customerName);
  const placeholder = texts.bill.namePlaceholder;
  return template
    .split('\n')
    .map((line) =>
      (name
        ? line.replaceAll(placeholder, name)
        : line.replaceAll(` ${placeholder}`, '').replaceAll(placeholder, '')
      ).trimEnd(),
    )
    .join('\n');
}

/**
 * The ways to pay the shop has set up, as the bill names them ('MobilePay på 12 34 56 78 eller …'), or null
 * when it has set none. The payment reminder (reminder-text.ts) names them the same way.
 */
export function paymentWaysText(payment: PaymentOptions): string | null {
  const ways: string[] = [];
  if (payment.mobilePayNumber)
    ways.push(texts.bill.payMobilePay(formatMobilePayNumber(payment.mobilePayNumber)));
  if (payment.mobilePayBox) ways.push(texts.bill.payMobilePayBox(payment.mobilePayBox));
  if (payment.bankReg && payment.bankAccount)
    ways.push(texts.bill.payBank(payment.bankReg, payment.bankAccount));
  return ways.length === 0 ? null : joinDanish(ways, texts.bill.or);
}

/** 'Vil du betale nu': the ways the shop has set up, or today's question when it has set none. */
function payNow(payment: PaymentOptions): string {
  const ways = paymentWaysText(payment);
  return ways === null ? texts.bill.payNow : texts.bill.payNowWith(ways);
}

/** Asks for the contact details that are missing, or nothing when all are known. */
function askDetails(contact: BillContact): string | null {
  const missing = [
    contact.address?.trim() ? null : texts.bill.detailAddress,
    contact.email?.trim() ? null : texts.bill.detailEmail,
    contact.phone?.trim() ? null : texts.bill.detailPhone,
  ].filter((detail) => detail !== null);
  return missing.length === 0 ? null : texts.bill.askDetails(joinDanish(missing, texts.bill.and));
}

/** The closing, then the sender and the shop's name on lines of their own (one name once). */
function signOff(closing: string, senderName: string | undefined, shopName: string): string {
  const names: string[] = [];
  for (const name of [senderName?.trim() ?? '', shopName.trim()]) {
    if (name && !names.some((known) => known.toLocaleLowerCase('da') === name.toLocaleLowerCase('da'))) {
      names.push(name);
    }
  }
  return [closing, ...names].join('\n');
}

/** Builds the whole message; paragraphs are separated by a blank line. */
export function billText({
  customerName,
  pricedOrder,
  homeDelivery,
  frozenShippingOre = null,
  shop,
  contact = {},
  senderName,
}: BillTextInput): string {
  const totals = orderTotals({
    totalOre: pricedOrder.totalOre,
    homeDelivery,
    frozenShippingOre,
    prices: shop,
  });
  const postage = homeDelivery
    ? texts.bill.postageHomeDelivery(formatKr(totals.shippingOre))
    : texts.bill.postage(formatKr(totals.shippingOre));
  const ask = askDetails(contact);
  const paragraphs = [
    [greeting(billGreetingText(shop), customerName), ...itemLines(pricedOrder)].join('\n'),
    [postage, texts.bill.total(formatKr(totals.totalWithShippingOre))].join('\n'),
    [payNow(shop), ...(ask === null ? [] : [ask])].join('\n'),
    signOff(billClosingText(shop), senderName, shop.shopName),
  ];
  return paragraphs.join('\n\n');
}
