/**
 * The words of "Indsæt besked" (docs/product/messages.md): their canonical spelling, their Danish forms, typos,
 * and the lists of words that are ignored, that are quantities, colours and finishes. message-reading.ts reads
 * messages with them.
 */

/** Words that name nothing (canonical spelling: å → aa, æ → ae, ø → oe). */
export const IGNORED = new Set(
  `hej hejsa hey hi hallo halloej goddag davs godmorgen godaften tak takker tusind mange paa forhaand jeg vi vil
  gerne have maa faa kan kunne koebe koeber bestille bestil bestiller skal skulle bruge og af de den det dem der som
  til mig os med ogsaa lige saa please pls kh knus hilsen hilsner mvh venlig venligst stk styk stykker styks ca
  nogle nogen mere eller ok okay super dejlig dejlige fin fine flot flotte smuk smukke har du i fra hvis muligt
  gerne tilbage endnu en gang ja nej perle perler perlerne perlen perl bead beads gang gange kun bare lidt flere
  hvad koster pris tak! tillykke herligt tusinde hygge dag god weekend glaedelig jul sende send sendt hurtigt snart
  vaere vaer saerlig venlige love elsker elske nye ny nyt dine din dit jeres altsaa derudover desuden samt plus
  for sidst igen mangler manglede oensker oenske x`
    .split(/\s+/)
    .filter(Boolean),
);

export const NUMBER_WORDS: Record<string, number> = {
  en: 1,
  et: 1,
  ét: 1,
  to: 2,
  tre: 3,
  fire: 4,
  fem: 5,
  seks: 6,
  syv: 7,
  otte: 8,
  ni: 9,
  ti: 10,
};

const COLOURS = new Set(
  `roed blaa groen gul sort hvid lilla rosa orange brun guld soelv bronze creme graa turkis pink beige mint
  lyseblaa moerkeblaa lysegroen moerkegroen aertegroen lyseroed moerkeroed lyserroed bordeaux kobber klar
  transparent violet oliven petrol koral fersken champagne`
    .split(/\s+/)
    .filter(Boolean),
);
const FINISHES = new Set(['mat', 'blank', 'metallic', 'glitter', 'perlemor', 'facet', 'facetteret']);

const ENDINGS = ['erne', 'ene', 'er', 'en', 'et', 'e', 't', 's'];
export const MAX_QUANTITY = 99;

/** Lower case in Danish, å æ ø written aa ae oe, accents dropped: both ways of writing meet. */
export function canonicalWord(word: string): string {
  return word
    .normalize('NFC')
    .toLocaleLowerCase('da')
    .replace(/å/g, 'aa')
    .replace(/æ/g, 'ae')
    .replace(/ø/g, 'oe')
    .normalize('NFD')
    .replace(/\p{M}/gu, '');
}

/** The word and its forms without one Danish ending (rule 2). */
export function wordForms(word: string): Set<string> {
  const forms = new Set([word]);
  if (!/^\p{L}+$/u.test(word)) return forms;
  for (const ending of ENDINGS) {
    if (!word.endsWith(ending)) continue;
    const stem = word.slice(0, -ending.length);
    if (stem.length < 3) continue;
    forms.add(stem);
    const last = stem.at(-1) ?? '';
    if (stem.length >= 4 && last === stem.at(-2) && !/[aeiouy]/.test(last)) forms.add(stem.slice(0, -1));
  }
  return forms;
}

/** Edits between two words (optimal string alignment: a swap of two neighbours is one), stopping above `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) rows.push([i]);
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    let best = Number.POSITIVE_INFINITY;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = value;
      best = Math.min(best, value);
    }
    if (best > max) return max + 1;
  }
  return rows[a.length]![b.length]!;
}

/** How many letters a word of this length may be off by (rule 3). */
function typosAllowed(length: number): number {
  if (length >= 8) return 2;
  if (length >= 5) return 1;
  return 0;
}

const isSize = (word: string) => /^\d+(?:[.,]\d+)?mm$/.test(word);

/**
 * The answers of wordsMatch, kept: a catalogue of 2,000 beads has a few hundred distinct words, so a message's
 * reading compares each pair once (a phone reads as she types).
 */
const matchCache = new Map<string, boolean>();
const MATCH_CACHE_MAX = 50_000;

export function cachedMatch(messageWord: string, nameWord: string): boolean {
  const key = `${messageWord}\u0000${nameWord}`;
  let answer = matchCache.get(key);
  if (answer === undefined) {
    if (matchCache.size >= MATCH_CACHE_MAX) matchCache.clear();
    answer = wordsMatch(messageWord, nameWord);
    matchCache.set(key, answer);
  }
  return answer;
}

/** True when the message's word is the name's word: a form in common, or a small typo (rules 2 and 3). */
export function wordsMatch(messageWord: string, nameWord: string): boolean {
  if (messageWord === nameWord) return true;
  if (/\d/.test(messageWord) || /\d/.test(nameWord)) return false;
  const a = wordForms(messageWord);
  const b = wordForms(nameWord);
  for (const form of a) if (b.has(form)) return true;
  const allowed = typosAllowed(Math.min(messageWord.length, nameWord.length));
  if (allowed === 0) return false;
  for (const x of a)
    for (const y of b)
      if (Math.min(x.length, y.length) >= 5 && editDistance(x, y, allowed) <= allowed) return true;
  return false;
}

export type Token = { text: string; word: string };

/** The kind of a message's word, worked out once per word. */
const tokenKinds = new WeakMap<Token, Kind>();
export function kindOfToken(token: Token): Kind {
  let kind = tokenKinds.get(token);
  if (kind === undefined) {
    kind = kindOf(token.word);
    tokenKinds.set(token, kind);
  }
  return kind;
}
export type Kind = 'kind' | 'colour' | 'size' | 'finish';

export function kindOf(word: string): Kind {
  if (isSize(word)) return 'size';
  if (COLOURS.has(word) || [...wordForms(word)].some((form) => COLOURS.has(form))) return 'colour';
  if (FINISHES.has(word) || [...wordForms(word)].some((form) => FINISHES.has(form))) return 'finish';
  return 'kind';
}

/** The words of a text as written and in canonical spelling, sizes joined ('4 mm' → '4mm'). */
export function tokens(text: string): Token[] {
  const raw = text.match(/[\p{L}\p{N}]+(?:[.,]\d+)?/gu) ?? [];
  const out: Token[] = [];
  for (const piece of raw) {
    const word = canonicalWord(piece);
    const previous = out.at(-1);
    if (word === 'mm' && previous && /^\d+(?:[.,]\d+)?$/.test(previous.word)) {
      out[out.length - 1] = { text: `${previous.text} ${piece}`, word: `${previous.word}mm` };
      continue;
    }
    out.push({ text: piece, word });
  }
  return out;
}
