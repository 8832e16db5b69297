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
  type Discount,
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
  /** 'Afhentning': no postage, and no address asked for. */
  pickup?: boolean;
  /** The order's 'Rabat', shown as a negative line. */
  discount?: Discount | null;
  /** The bill's number (docs/product/money.md): every bill she sends carries it; null on a preview. */
  number?: string | null;
  /** What she has recorded as paid: the bill then says what is still missing. */
  paidOre?: number;
}

/**
 * One row of the bill, priced as the bill prices it: a '2 for 125' pair (of two beads, or two of one), a single
 * offer bead still without a partner, or a normal line (identical ones bundled). The bill text and the receipt are
 * both written from these rows.
 */
export type BillItem =
  | { kind: 'pair'; first: string; second: string; priceOre: number }
  | { kind: 'pairSame'; text: string; priceOre: number }
  | { kind: 'single'; text: string; priceOre: number }
  | { kind: 'line'; text: string; quantity: number; unitPriceOre: number; priceOre: number };

function offerItem(group: OfferGroup): BillItem | null {
  const [first, second] = group.lines;
  if (first === undefined) return null;
  if (second === undefined) return { kind: 'single', text: first.text, priceOre: first.priceOre ?? 0 };
  const priceOre = (first.priceOre ?? 0) + (second.priceOre ?? 0);
  return first.text === second.text
    ? { kind: 'pairSame', text: first.text, priceOre }
    : { kind: 'pair', first: first.text, second: second.text, priceOre };
}

/**
 * Identical normal lines (same bead or same free text, same price) become one
 * '3 x Sølvnål à 45 kr' line: completing a todo adds one line per unit, and a customer
 * should not read the same line three times.
 */
function bundleNormalLines(lines: readonly PricedLine[]): BillItem[] {
  const bundles = new Map<string, Extract<BillItem, { kind: 'line' }>>();
  for (const line of lines) {
    const price = line.priceOre ?? 0;
    const key = JSON.stringify([line.kind, line.beadId, line.text, price]);
    const bundle = bundles.get(key);
    if (bundle) {
      bundle.quantity += 1;
      bundle.priceOre += price;
    } else
      bundles.set(key, { kind: 'line', text: line.text, quantity: 1, unitPriceOre: price, priceOre: price });
  }
  return [...bundles.values()];
}

/** The bill's rows: offer groups first, then the other lines. */
export function billItems(pricedOrder: PricedOrder<OrderLineInput>): BillItem[] {
  return [
    ...pricedOrder.offerGroups.flatMap((group) => offerItem(group) ?? []),
    ...bundleNormalLines(pricedOrder.normalLines),
  ];
}

function itemLine(item: BillItem): string {
  switch (item.kind) {
    case 'pair':
      return texts.bill.offerPair(item.first, item.second, formatKr(item.priceOre));
    case 'pairSame':
      return texts.bill.offerPairSame(item.text, formatKr(item.priceOre));
    case 'single':
      return texts.bill.offerSingle(item.text, formatKr(item.priceOre));
    case 'line':
      return item.quantity === 1
        ? texts.bill.line(item.text, formatKr(item.unitPriceOre))
        : texts.bill.lineQuantity(
            item.quantity,
            item.text,
            formatKr(item.unitPriceOre),
            formatKr(item.priceOre),
          );
  }
}

function itemLines(pricedOrder: PricedOrder<OrderLineInput>): string[] {
  const lines = billItems(pricedOrder).map(itemLine);
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

/** Asks for the contact details that are missing, or nothing when all are known (no address for a pick-up). */
function askDetails(contact: BillContact, pickup: boolean): string | null {
  const missing = [
    pickup || contact.address?.trim() ? null : texts.bill.detailAddress,
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
  pickup = false,
  discount = null,
  number = null,
  paidOre = 0,
}: BillTextInput): string {
  const totals = orderTotals({
    totalOre: pricedOrder.totalOre,
    homeDelivery,
    pickup,
    frozenShippingOre,
    prices: shop,
    discount,
  });
  const m = texts.money.bill;
  const postage = pickup
    ? m.pickup
    : homeDelivery
      ? texts.bill.postageHomeDelivery(formatKr(totals.shippingOre))
      : texts.bill.postage(formatKr(totals.shippingOre));
  const discountLine =
    totals.discountOre === 0 || discount === null
      ? []
      : [
          discount.kind === 'pct'
            ? m.discountPct(discount.value, formatKr(totals.discountOre))
            : m.discount(formatKr(totals.discountOre)),
        ];
  const owedOre = Math.max(0, totals.totalWithShippingOre - paidOre);
  const paid = paidOre > 0 ? [m.paid(formatKr(paidOre)), m.owed(formatKr(owedOre))] : [];
  const ask = askDetails(contact, pickup);
  const mobilePay = number !== null && shop.mobilePayNumber ? [m.mobilePayMessage(number)] : [];
  const pay = owedOre > 0 || paidOre === 0 ? [payNow(shop), ...mobilePay] : [];
  const paragraphs = [
    [greeting(billGreetingText(shop), customerName), ...itemLines(pricedOrder), ...discountLine].join('\n'),
    [
      postage,
      texts.bill.total(formatKr(totals.totalWithShippingOre)),
      ...paid,
      ...(number === null ? [] : [m.number(number)]),
    ].join('\n'),
    [...pay, ...(ask === null ? [] : [ask])].join('\n'),
    signOff(billClosingText(shop), senderName, shop.shopName),
  ];
  return paragraphs.filter((paragraph) => paragraph !== '').join('\n\n');
}
