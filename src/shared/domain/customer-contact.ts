/**
 * A customer's contact details: how phone, e-mail and address are cleaned before saving and what
 * makes them plausible. Empty means unknown (stored as null). The database repeats the limits (migration
 * 0006-customer-contact), so a script or an import cannot store what the screens would refuse.
 */
import { MAX_ADDRESS_LENGTH, MAX_EMAIL_LENGTH, MAX_PHONE_LENGTH } from './limits.ts';
import { cleanLines, cleanName } from './names.ts';

export { MAX_ADDRESS_LENGTH, MAX_EMAIL_LENGTH, MAX_PHONE_LENGTH };

/** A phone number as stored: cleaned like a name (invisible characters gone, spaces collapsed, trimmed). */
export function cleanPhone(text: string): string {
  return cleanName(text);
}

/** Only digits, spaces, '+' and '-' ('+45 12 34 56 78', '12-34-56-78'). */
export const PHONE_CHARACTERS = /^[0-9 +-]+$/;

/** Some digits at all: '+ -' is not a phone number. */
export function phoneHasDigits(phone: string): boolean {
  return /[0-9]/.test(phone);
}

/** An e-mail as stored: cleaned like a name, and no spaces at all (a space typed on a phone keyboard). */
export function cleanEmail(text: string): string {
  return cleanName(text).replace(/\s+/g, '');
}

/**
 * A plausible address: something, one '@', a domain with a dot that neither starts nor ends it. Letters
 * outside ASCII are allowed (søren@møller.dk). Whether it reaches anyone only a mail can tell.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.][^\s@]*\.[^\s@]*[^\s@.]$/;

/** An address as stored: each line cleaned like a name, empty lines dropped. */
export function cleanAddress(text: string): string {
  return cleanLines(text);
}

/** The length the database counts: characters (code points), not UTF-16 units. */
export function characterCount(text: string): number {
  return [...text].length;
}

/** Lower-cased digits-and-letters form used to search by phone ('12 34 56 78' finds '12345678'). */
export function phoneSearchKey(phone: string): string {
  return phone.replace(/[^0-9+]/g, '');
}
