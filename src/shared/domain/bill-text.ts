/**
 * The bill text the shop owner copies into Messenger or an SMS: plain text, line breaks,
 * no markdown. Greets by first name, lists the '2 for 125' pairs and the other lines with
 * prices, adds Porto and I alt, asks whether the customer wants to pay now, and asks for
 * address, e-mail and phone.
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

export interface BillTextInput {
  customerName: string;
  pricedOrder: PricedOrder<OrderLineInput>;
  homeDelivery: boolean;
  /** Signed below 'Mange hilsner' when given (e.g. the signed-in user's display name). */
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

/** Builds the whole message; paragraphs are separated by a blank line. */
export function billText({ customerName, pricedOrder, homeDelivery, senderName }: BillTextInput): string {
  const totals = orderTotals({ totalOre: pricedOrder.totalOre, homeDelivery });
  const postage = homeDelivery
    ? texts.bill.postageHomeDelivery(formatKr(totals.shippingOre))
    : texts.bill.postage(formatKr(totals.shippingOre));
  const signature = senderName?.trim() ? `${texts.bill.closing}\n${senderName.trim()}` : texts.bill.closing;
  const paragraphs = [
    texts.bill.greeting(firstName(customerName)),
    [texts.bill.intro, ...itemLines(pricedOrder)].join('\n'),
    [postage, texts.bill.total(formatKr(totals.totalWithShippingOre))].join('\n'),
    [texts.bill.payNow, texts.bill.askDetails].join('\n'),
    signature,
  ];
  return paragraphs.join('\n\n');
}
