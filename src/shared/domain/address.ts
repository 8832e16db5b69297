/**
 * A customer's postal address (docs/product/customers.md "Address"): 'Adresse' (street, number, floor
 * and door), 'Ekstra adresselinje' (c/o, a supplementary town name), 'Postnr.', 'By' and 'Land', in the order a
 * Danish label lists them, and how an old free-text address is read into them. Pure: the forms, the API, the
 * import and the labels share it. Migration 0010-customer-address repeats `parseFreeTextAddress` (migrations
 * never import app code); a test holds the two equal.
 */
import { countryName } from './countries.ts';
import { MAX_ADDRESS_LINE_LENGTH, MAX_CITY_LENGTH } from './limits.ts';

/** ISO 3166-1 alpha-2 code of Denmark: the default 'Land', and the one a label does not name. */
export const DENMARK = 'DK';

export type PostalAddress = {
  address: string | null;
  address2: string | null;
  postcode: string | null;
  city: string | null;
  countryCode: string;
  /** 'Tjek adressen': an old free-text address that could not be read; it stays in `address` as it was. */
  needsCheck: boolean;
};

/** A Danish postcode: 4 digits, 1000–9999. */
export const DANISH_POSTCODE = /^[1-9][0-9]{3}$/;

export function isDanishPostcode(postcode: string | null | undefined): boolean {
  return postcode != null && DANISH_POSTCODE.test(postcode);
}

/** Every kind of line break text pasted from a phone or a mail may hold. */
const LINE_BREAK = /\r\n|[\n\v\f\r\u0085\u2028\u2029]/;

/** 'By' as read from old text: letters (any alphabet), spaces, '.', '-' and apostrophes, starting with a letter. */
const CITY = /^\p{L}[\p{L}\p{M} .'’-]*$/u;
/** The last line 'NNNN By'. */
const POSTCODE_CITY = /^([1-9][0-9]{3})\s+(\S.*)$/u;
/** One line 'Vej 1, NNNN By': the comma before the postcode stands for a line break. */
const ONE_LINE = /^(.*\S)\s*,\s*([1-9][0-9]{3})\s+(\S.*)$/u;

const fitsLine = (line: string) => [...line].length <= MAX_ADDRESS_LINE_LENGTH;

/**
 * Reads an old free-text address into the fields. A last line 'NNNN By' (a Danish postcode, then the town)
 * becomes 'Postnr.' and 'By', and the one or two lines before it 'Adresse' and 'Ekstra adresselinje'; a single
 * line 'Vej 1, NNNN By' is read the same way. Anything else (a foreign address, a country line, three lines
 * before the postcode, a line too long for a label, text that is no address) stays in 'Adresse' exactly as it
 * was, with `needsCheck`, for the owner to look at. Empty text is no address (null). Nothing is lost: every
 * character of the text is in the fields, in order, except the line breaks (and the comma of the one-line form)
 * between them.
 */
export function parseFreeTextAddress(text: string): PostalAddress | null {
  const lines = text
    .split(LINE_BREAK)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  if (lines.length === 0) return null;
  const unread: PostalAddress = {
    address: text,
    address2: null,
    postcode: null,
    city: null,
    countryCode: DENMARK,
    needsCheck: true,
  };
  let before: string[];
  let postcode: string;
  let city: string;
  const last = POSTCODE_CITY.exec(lines.at(-1)!);
  const oneLine = lines.length === 1 ? ONE_LINE.exec(lines[0]!) : null;
  if (last && lines.length > 1) {
    before = lines.slice(0, -1);
    postcode = last[1]!;
    city = last[2]!.trim();
  } else if (oneLine) {
    before = [oneLine[1]!];
    postcode = oneLine[2]!;
    city = oneLine[3]!.trim();
  } else {
    return unread;
  }
  const readable =
    before.length <= 2 && before.every(fitsLine) && CITY.test(city) && [...city].length <= MAX_CITY_LENGTH;
  if (!readable) return unread;
  return {
    address: before[0]!,
    address2: before[1] ?? null,
    postcode,
    city,
    countryCode: DENMARK,
    needsCheck: false,
  };
}

/**
 * Whether a label can be printed for the address: 'ok'; 'check' while an old address waits for the owner
 * ('Tjek adressen'); 'missing' without a street, a town, or (in Denmark) a valid postcode ('mangler adresse').
 */
export type AddressState = 'ok' | 'check' | 'missing';

export function addressState(address: PostalAddress): AddressState {
  if (address.needsCheck) return 'check';
  if (!address.address || !address.city) return 'missing';
  if (address.countryCode === DENMARK && !isDanishPostcode(address.postcode)) return 'missing';
  return 'ok';
}

/** 'postnr by' ('8000 Aarhus C'), or the town alone where there is no postcode. */
export function postcodeCityLine(address: Pick<PostalAddress, 'postcode' | 'city'>): string {
  return [address.postcode, address.city].filter(Boolean).join(' ');
}

/**
 * The address as lines to read or print, in Danish order: 'Adresse', 'Ekstra adresselinje', 'postnr by', and
 * the country in capitals when it is not Denmark. An unread old address gives its own lines.
 */
export function addressLines(address: PostalAddress): string[] {
  if (address.needsCheck) {
    return (address.address ?? '')
      .split(LINE_BREAK)
      .map((line) => line.trim())
      .filter(Boolean);
  }
  const lines = [address.address, address.address2, postcodeCityLine(address)].filter(
    (line): line is string => Boolean(line),
  );
  if (lines.length > 0 && address.countryCode && address.countryCode !== DENMARK) {
    lines.push(countryName(address.countryCode).toLocaleUpperCase('da'));
  }
  return lines;
}

/** A label's lines: the name, then the address (at most six lines of a few words each, as the post wants). */
export function labelLines(name: string, address: PostalAddress): string[] {
  return [name, ...addressLines(address)];
}
