/**
 * The payment reminder the shop owner copies into Messenger or an SMS: plain text, line breaks, no
 * markdown. Greets the customer by first name, names the amount owed incl. postage, says how to pay (the ways
 * the shop has set up, named as the bill names them), and closes with the shop's closing and name.
 */
import { texts } from '../texts.ts';
import { paymentWaysText } from './bill-text.ts';
import { firstName } from './customer-name.ts';
import { formatKr } from './money.ts';
import { type BillWording, billClosingText, type PaymentOptions } from './shop-settings.ts';

export interface ReminderTextInput {
  /** The customer's full name ('' or null when the order has no customer: the greeting is just 'Hej'). */
  customerName: string | null;
  /** What the customer still owes incl. postage (the order's total, less what she has paid). */
  amountOre: number;
  /** The bill's number (docs/product/money.md), and what she has paid of it already. */
  number?: string | null;
  paidOre?: number;
  /** The shop's ways to pay, its closing and its name. */
  shop: PaymentOptions & Pick<BillWording, 'billClosing'> & { shopName: string };
}

/** Builds the whole reminder; paragraphs are separated by a blank line. */
export function reminderText({
  customerName,
  amountOre,
  shop,
  number = null,
  paidOre = 0,
}: ReminderTextInput): string {
  const t = texts.reminders.text;
  const ways = paymentWaysText(shop);
  const closing = [billClosingText(shop), shop.shopName.trim()].filter((line) => line !== '');
  const body =
    number === null
      ? t.body(formatKr(amountOre))
      : paidOre > 0
        ? t.bodyRest(number, formatKr(paidOre), formatKr(amountOre))
        : t.bodyNumbered(number, formatKr(amountOre));
  const mobilePay =
    number !== null && shop.mobilePayNumber ? [texts.money.bill.mobilePayMessage(number)] : [];
  return [
    t.greeting(firstName(customerName ?? '')),
    body,
    [ways === null ? t.payAsk : t.payWith(ways), ...mobilePay, t.alreadyPaid].join('\n'),
    closing.join('\n'),
  ].join('\n\n');
}
