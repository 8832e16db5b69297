/**
 * "Indsæt besked" (issue 46, docs/product/messages.md): what a customer's message asks for, read the way her
 * customers write Danish. A pure function of the message and the catalogue; the rules, each tested in
 * message-reading.test.ts:
 *
 * 1. Case, and the spellings aa / ae / oe for å / æ / ø, do not matter ('Roed' = 'rød').
 * 2. Inflections and plurals: a word matches another when one of its forms does. A word's forms are itself and
 *    the word without one of the endings -erne, -ene, -er, -en, -et, -e, -t, -s (and a doubled last consonant
 *    made single: 'grønne' → 'grøn'), so rød / røde / rødt and perle / perler / perlerne meet.
 * 3. A typo: a word of five to seven letters may differ by one letter (a letter added, left out, changed, or two
 *    swapped), a word of eight or more by two. Sizes and numbers never match loosely.
 * 4. Sizes '4mm' and '4 mm' are the same.
 * 5. Quantities: digits ('2', '2x', 'x2', '2 stk.'), or words: en, et, ét = 1, to, tre, fire, fem, seks, syv, otte,
 *    ni, ti, and 'et par' = 2. A bead named without a quantity counts 1. A quantity before a bead, or right after
 *    it, belongs to it.
 * 6. Greetings, emojis, 'tak' and the like (IGNORED) are ignored, and so are the words for beads in general
 *    (perle, perler, stk): they name no bead of their own.
 * 7. Items are parted by commas, full stops, new lines, 'og', '+' and '&', and by a quantity that starts the next.
 * 8. The catalogue's own names win: an item that holds a bead's whole name, word for word, is that bead (the
 *    longest such name if several).
 * 9. Otherwise each bead is scored by the words of its name the item matches: a kind word ('glasperle',
 *    'rosenkvarts') 2, a colour, a size or a finish 1. A bead needs a kind word matched, and no colour or size of
 *    the message that is not its own. The best score wins; beads equal at the best score ask her which
 *    ('millefiori' with a blue and a red one). An item that fits no bead is never guessed: its words are
 *    "Ikke genkendt".
 * 10. Words of an item that its bead did not use are read again, as an item of their own (quantity 1).
 */

export type CatalogueBead = { id: string; name: string };

export type MessageProposal = {
  /** The bead, or null when the words fit several equally well (`candidates`). */
  beadId: string | null;
  /** Beads equal at the best score, best first (more than one: she chooses). */
  candidates: string[];
  quantity: number;
  /** The message's words that named it, as written. */
  words: string;
  exact: boolean;
};

export type MessageReading = {
  proposals: MessageProposal[];
  /** Words that fit nothing, as written, in the message's order. */
  unrecognised: string[];
};

import {
  cachedMatch,
  IGNORED,
  type Kind,
  kindOf,
  kindOfToken,
  MAX_QUANTITY,
  NUMBER_WORDS,
  type Token,
  tokens,
} from './message-words.ts';

type NameWord = { word: string; kind: Kind };
type PreparedBead = { id: string; words: NameWord[]; phrase: string };

const prepared = new WeakMap<readonly CatalogueBead[], PreparedBead[]>();

/** The catalogue's names in words, once per catalogue (the same array as she types on). */
function prepare(beads: readonly CatalogueBead[]): PreparedBead[] {
  const known = prepared.get(beads);
  if (known) return known;
  const list = beads.map((bead) => {
    // The words a message's reading ignores are left out of the names too ('Hjerte i sølv'), unless nothing is left.
    const all = tokens(bead.name);
    const named = all.filter(({ word }) => !IGNORED.has(word));
    const words = (named.length > 0 ? named : all).map(({ word }) => ({ word, kind: kindOf(word) }));
    return { id: bead.id, words, phrase: ` ${words.map((w) => w.word).join(' ')} ` };
  });
  prepared.set(beads, list);
  return list;
}

/** A quantity word or number of the token at `i`, and how many tokens it takes ('et par' takes two). */
function quantityAt(
  list: readonly Token[],
  i: number,
): { quantity: number; length: number; marked: boolean } | null {
  const word = list[i]?.word ?? '';
  if (word === 'et' && list[i + 1]?.word === 'par') return { quantity: 2, length: 2, marked: false };
  // 'x 2', as 'x2': a quantity that belongs to the words before it.
  if (word === 'x' && /^\d{1,3}$/.test(list[i + 1]?.word ?? '')) {
    const quantity = Number(list[i + 1]!.word);
    return quantity >= 1 && quantity <= MAX_QUANTITY ? { quantity, length: 2, marked: true } : null;
  }
  const digits = /^(?:x?(\d{1,3})x?|(\d{1,3})stk)$/.exec(word);
  if (digits) {
    const quantity = Number(digits[1] ?? digits[2]);
    const marked = word.startsWith('x') || word.endsWith('stk') || list[i + 1]?.word === 'stk';
    return quantity >= 1 && quantity <= MAX_QUANTITY ? { quantity, length: 1, marked } : null;
  }
  const spelled = NUMBER_WORDS[word];
  return spelled === undefined ? null : { quantity: spelled, length: 1, marked: false };
}

type Item = { quantity: number | null; words: Token[] };

/** The message's items (rule 7): parted by punctuation and 'og', and by a quantity that starts the next. */
function items(message: string): Item[] {
  const out: Item[] = [];
  // 'stk.' and 'ca.' end no sentence.
  const text = message.replace(/\b(stk|ca)\./giu, '$1 ');
  for (const part of text.split(/[,.;:!?\n\r+&()]+|\s+og\s+|\s+samt\s+/iu)) {
    const list = tokens(part);
    let current: Item = { quantity: null, words: [] };
    let closed = false; // a quantity after the item's words closes it
    for (let i = 0; i < list.length; i++) {
      const found = quantityAt(list, i);
      if (found) {
        // After an item's words, a quantity is the item's when it says so ('x2', '2 stk') or ends the part;
        // one followed by more words starts the next item ('1 rosenkvarts 2 lavasten').
        const rest = list.slice(i + found.length).filter((token) => !IGNORED.has(token.word));
        const trailing = found.marked || rest.length === 0 || quantityAt(rest, 0) !== null;
        if (current.words.length > 0 && current.quantity === null && !closed && trailing) {
          current.quantity = found.quantity;
          closed = true;
        } else {
          if (current.words.length > 0 || current.quantity !== null) out.push(current);
          current = { quantity: found.quantity, words: [] };
          closed = false;
        }
        i += found.length - 1;
        continue;
      }
      const token = list[i]!;
      if (IGNORED.has(token.word)) continue;
      if (closed) {
        out.push(current);
        current = { quantity: null, words: [] };
        closed = false;
      }
      current.words.push(token);
    }
    if (current.words.length > 0) out.push(current);
  }
  return out;
}

const WEIGHT: Record<Kind, number> = { kind: 2, colour: 1, size: 1, finish: 1 };

/** The bead's score for the item's words, and the words it used; null when it does not fit (rule 9). */
function score(
  bead: PreparedBead,
  words: readonly Token[],
): { score: number; used: Set<number>; unmatched: number } | null {
  const used = new Set<number>();
  let total = 0;
  let kindMatched = false;
  for (const nameWord of bead.words) {
    const at = words.findIndex((token, i) => !used.has(i) && cachedMatch(token.word, nameWord.word));
    if (at < 0) continue;
    used.add(at);
    total += WEIGHT[nameWord.kind];
    if (nameWord.kind === 'kind') kindMatched = true;
  }
  if (!kindMatched) return null;
  // A colour or size she wrote that is not the bead's rules it out.
  for (let i = 0; i < words.length; i++) {
    if (used.has(i)) continue;
    const kind = kindOfToken(words[i]!);
    if (kind === 'size' && bead.words.some((w) => w.kind === 'size')) return null;
    if (kind === 'colour' && bead.words.some((w) => w.kind === 'colour')) return null;
  }
  return { score: total, used, unmatched: bead.words.length - used.size };
}

const sameSet = (a: ReadonlySet<number>, b: ReadonlySet<number>) =>
  a.size === b.size && [...a].every((i) => b.has(i));
const firstOf = (set: ReadonlySet<number>) => Math.min(...set);

/**
 * The best beads for the words: the highest score; of those, the ones whose words come first (two beads named
 * side by side are two items, in the message's order, not a choice); then the fewest words of the bead's name
 * left unmatched ('amethyst' is 'Ametyst', not 'Lilla ametyst 3 mm'). Beads equal on all of it, on the same
 * words, are the choice she makes.
 */
function bestScored(
  beads: readonly PreparedBead[],
  words: readonly Token[],
): { beads: PreparedBead[]; used: Set<number> } | null {
  const fitting: Array<{ bead: PreparedBead; score: number; used: Set<number>; unmatched: number }> = [];
  for (const bead of beads) {
    const result = score(bead, words);
    if (result) fitting.push({ bead, ...result });
  }
  if (fitting.length === 0) return null;
  const top = Math.max(...fitting.map((f) => f.score));
  const best = fitting.filter((f) => f.score === top);
  const earliest = Math.min(...best.map((f) => firstOf(f.used)));
  const first = best.filter((f) => firstOf(f.used) === earliest);
  const fewest = Math.min(...first.map((f) => f.unmatched));
  const tied = first.filter((f) => f.unmatched === fewest);
  const same = tied.filter((f) => sameSet(f.used, tied[0]!.used));
  return { beads: same.map((f) => f.bead), used: tied[0]!.used };
}

function readItem(
  beads: readonly PreparedBead[],
  item: Item,
  proposals: MessageProposal[],
  unrecognised: Token[],
): void {
  let words = item.words;
  let quantity = item.quantity ?? 1;
  while (words.length > 0) {
    const phrase = ` ${words.map((w) => w.word).join(' ')} `;
    // Rule 8: the catalogue's own names, word for word; the longest wins.
    let exact: PreparedBead | undefined;
    for (const bead of beads)
      if (phrase.includes(bead.phrase) && (!exact || bead.phrase.length > exact.phrase.length)) exact = bead;
    let chosen: { beads: PreparedBead[]; used: Set<number>; exact: boolean } | null = null;
    const scored = bestScored(beads, words);
    if (exact) {
      const start = phrase.indexOf(exact.phrase);
      const before = phrase.slice(0, start).trim();
      const first = before === '' ? 0 : before.split(' ').length;
      const used = new Set(exact.words.map((_, i) => first + i));
      chosen = { beads: [exact], used, exact: true };
      // A bead that uses every word of the exact name and more ('lilla ametyst' beside 'Ametyst') is named more
      // fully still.
      if (
        scored?.beads.length === 1 &&
        scored.used.size > used.size &&
        [...used].every((i) => scored.used.has(i))
      )
        chosen = { ...scored, exact: false };
    } else if (scored) chosen = { ...scored, exact: false };
    if (!chosen) {
      unrecognised.push(...words);
      return;
    }
    const named = words.filter((_, i) => chosen.used.has(i));
    proposals.push({
      beadId: chosen.beads.length === 1 ? chosen.beads[0]!.id : null,
      candidates: chosen.beads.map((bead) => bead.id),
      quantity,
      words: named.map((w) => w.text).join(' '),
      exact: chosen.exact,
    });
    // Rule 10: what the bead did not use is read again, as an item of its own.
    words = words.filter((_, i) => !chosen.used.has(i));
    quantity = 1;
  }
}

/** What the message asks for (the module's rules), against the catalogue. */
export function readMessage(message: string, catalogue: readonly CatalogueBead[]): MessageReading {
  const beads = prepare(catalogue);
  const proposals: MessageProposal[] = [];
  const unrecognised: Token[] = [];
  for (const item of items(message)) readItem(beads, item, proposals, unrecognised);
  return { proposals, unrecognised: unrecognised.map((token) => token.text) };
}
