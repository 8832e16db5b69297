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
  /** What the order costs incl. postage (the order's totals: frozen prices and postage, offer pairs). */
  amountOre: number;
  /** The shop's ways to pay, its closing and its name. */
  shop: PaymentOptions & Pick<BillWording, 'billClosing'> & { shopName: string };
}

/** Builds the whole reminder; paragraphs are separated by a blank line. */
export function reminderText({ customerName, amountOre, shop }: ReminderTextInput): string {
  const t = texts.reminders.text;
  const ways = paymentWaysText(shop);
  const closing = [billClosingText(shop), shop.shopName.trim()].filter((line) => line !== '');
  return [
    t.greeting(firstName(customerName ?? '')),
    t.body(formatKr(amountOre)),
    [ways === null ? t.payAsk : t.payWith(ways), t.alreadyPaid].join('\n'),
    closing.join('\n'),
  ].join('\n\n');
}
