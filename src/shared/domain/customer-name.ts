/**
 * Customer name rules: how names are cleaned before saving, the case-insensitive Danish
 * uniqueness key (Åse = åse), the hidden test customer, and the first name used in greetings.
 */

import { cleanName } from './names.ts';

/** Customers named exactly this are test rows from the old app and hidden from lists. */
export const HIDDEN_CUSTOMER_NAME = '{name}';

/**
 * The shop's one name cleaning (names.ts): invisible and direction-control characters removed, NFC,
 * whitespace collapsed and trimmed ('A\u030Ase' → 'Åse').
 */
export function normalizeName(name: string): string {
  return cleanName(name);
}

/** The uniqueness key stored in customers.name_key: normalized and lower-cased in Danish. */
export function customerNameKey(name: string): string {
  return normalizeName(name).toLocaleLowerCase('da');
}

/** True for the old app's test marker. Whitespace variants count too: they are the same marker. */
export function isHiddenCustomer(name: string): boolean {
  return normalizeName(name) === HIDDEN_CUSTOMER_NAME;
}

/** Drops hidden test customers from a list. */
export function visibleCustomers<T extends { name: string }>(customers: readonly T[]): T[] {
  return customers.filter((customer) => !isHiddenCustomer(customer.name));
}

function capitalize(word: string): string {
  const [initial = '', ...rest] = [...word];
  return initial.toLocaleUpperCase('da') + rest.join('');
}

/**
 * The name to greet a customer by: the first word, each hyphenated part starting with a
 * capital ('åse hansen' → 'Åse', 'anne-marie jensen' → 'Anne-Marie'). A double name written
 * with a space ('Anne Marie Jensen') cannot be told from a middle name, so only 'Anne' is used.
 */
export function firstName(name: string): string {
  const [first = ''] = normalizeName(name).split(' ');
  return first.split('-').map(capitalize).join('-');
}
