/**
 * The one cleaning every stored name goes through (customers, beads, free-line texts;
 * docs/product/limits.md): what a person cannot see must not decide whether two names are the same, and must
 * not turn a list upside down (a right-to-left override in a name reverses the rest of the row).
 */

/** Line and paragraph separators, tabs, NEL and other line breaks become a plain space. */
const LINE_BREAKS = /[\t\n\v\f\r\u0085\u2028\u2029]/g;

/**
 * Removed outright: C0 and C1 control characters, the soft hyphen, zero-width characters and
 * direction marks (U+200B–U+200F), direction embeddings and overrides (U+202A–U+202E), word joiner and
 * invisible operators (U+2060–U+2064), direction isolates (U+2066–U+2069) and the byte order mark.
 */
const INVISIBLE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point.
  /[\u0000-\u001F\u007F-\u009F\u00AD\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;

/**
 * A name as it is stored: line breaks turned into spaces, invisible and direction-control characters
 * removed, NFC-normalised ('A\u030Ase' → 'Åse'), inner whitespace collapsed to one space, trimmed.
 * Idempotent: cleaning a clean name changes nothing.
 */
export function cleanName(text: string): string {
  return text.replace(LINE_BREAKS, ' ').replace(INVISIBLE, '').normalize('NFC').replace(/\s+/g, ' ').trim();
}

/**
 * A text of several lines as it is stored (the bill's greeting and closing): each line cleaned like a
 * name (so nothing invisible or direction-changing gets into a message to a customer), line breaks kept as
 * '\n', at most one blank line in a row, no blank lines at the start or end. Idempotent.
 */
export function cleanText(text: string): string {
  return text
    .replace(/\r\n?|[\v\f\u0085\u2028\u2029]/g, '\n')
    .split('\n')
    .map(cleanName)
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Every kind of line break, as text pasted from a phone or a mail may hold them. */
const ANY_LINE_BREAK = /\r\n|[\n\v\f\r\u0085\u2028\u2029]/;

/**
 * Text over several lines (a postal address): each line cleaned like a name, empty lines dropped, joined with
 * '\n'. Idempotent.
 */
export function cleanLines(text: string): string {
  return text
    .split(ANY_LINE_BREAK)
    .map(cleanName)
    .filter((line) => line !== '')
    .join('\n');
}
