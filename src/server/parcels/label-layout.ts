/**
 * How a label's lines fit its text box: the name in bold, then the address, all at one size, as large
 * as the box allows up to the sheet's largest size. A line too wide at the smallest size that still reads well is
 * wrapped at spaces (a word too long for a line at the characters) and the size found again, so the text
 * shrinks and wraps rather than runs over the label's edge. Sizes in points; widths measured by the caller (the
 * PDF's own font), so the arithmetic is tested apart from the PDF.
 */

/** The width of `text` in points at `sizePt`, in the regular or bold font. */
export type Measure = (text: string, sizePt: number, bold: boolean) => number;

/**
 * The height of one line as a multiple of the size: the font's ascent and descent (DejaVu Sans: 0.928 + 0.236)
 * with a little air between lines.
 */
export const LINE_HEIGHT = 1.2;
/** The font's ascent plus descent: how tall the last line's letters reach. */
export const GLYPH_HEIGHT = 1.1641;
/** Below this the text is wrapped rather than shrunk further. */
export const MIN_UNWRAPPED_PT = 7;
/** The smallest size at all: every address within the shop's limits fits every sheet at it (tested). */
export const MIN_FONT_PT = 4;
const STEP_PT = 0.25;

export type LaidLine = { text: string; bold: boolean };
export type LabelLayout = { sizePt: number; lines: LaidLine[]; heightPt: number };

const blockHeight = (count: number, sizePt: number) =>
  count === 0 ? 0 : ((count - 1) * LINE_HEIGHT + GLYPH_HEIGHT) * sizePt;

/** Breaks a word wider than the line into pieces that fit. */
function breakWord(word: string, fits: (text: string) => boolean): string[] {
  const pieces: string[] = [];
  let piece = '';
  for (const char of word) {
    if (piece !== '' && !fits(piece + char)) {
      pieces.push(piece);
      piece = char;
    } else piece += char;
  }
  if (piece !== '') pieces.push(piece);
  return pieces;
}

/** One line wrapped at spaces into lines that `fits` accepts (no wider than the box). */
export function wrapLine(text: string, fits: (text: string) => boolean): string[] {
  if (fits(text)) return [text];
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(' ').filter(Boolean)) {
    const candidate = current === '' ? word : `${current} ${word}`;
    if (fits(candidate)) {
      current = candidate;
      continue;
    }
    if (current !== '') lines.push(current);
    if (fits(word)) current = word;
    else {
      const pieces = breakWord(word, fits);
      lines.push(...pieces.slice(0, -1));
      current = pieces.at(-1) ?? '';
    }
  }
  if (current !== '') lines.push(current);
  return lines;
}

function layoutAt(
  lines: readonly string[],
  sizePt: number,
  box: { widthPt: number; heightPt: number },
  measure: Measure,
  wrap: boolean,
): LabelLayout | null {
  const laid: LaidLine[] = [];
  for (const [index, text] of lines.entries()) {
    const bold = index === 0;
    const fits = (candidate: string) => measure(candidate, sizePt, bold) <= box.widthPt;
    if (!wrap && !fits(text)) return null;
    for (const part of wrap ? wrapLine(text, fits) : [text]) laid.push({ text: part, bold });
  }
  const heightPt = blockHeight(laid.length, sizePt);
  return heightPt <= box.heightPt ? { sizePt, lines: laid, heightPt } : null;
}

/**
 * The largest size in [minPt, maxPt] (in STEP_PT steps) at which `at` gives a layout, by halving: a smaller
 * size never needs more room, so the sizes that fit are all below the ones that do not.
 */
function largestFitting(
  minPt: number,
  maxPt: number,
  at: (sizePt: number) => LabelLayout | null,
): LabelLayout | null {
  let high = Math.floor((maxPt - minPt) / STEP_PT);
  // Most addresses fit at the largest size: one try.
  const largest = at(minPt + high * STEP_PT);
  if (largest) return largest;
  high -= 1;
  let low = 0;
  let best: LabelLayout | null = null;
  while (low <= high) {
    const step = Math.floor((low + high) / 2);
    const laid = at(minPt + step * STEP_PT);
    if (laid) {
      best = laid;
      low = step + 1;
    } else high = step - 1;
  }
  return best;
}

/**
 * The label's lines (the name first) laid out in a box of `widthPt` × `heightPt`: the largest size up to
 * `maxPt` at which every line fits unwrapped, if that is at least MIN_UNWRAPPED_PT; else the largest at which
 * the wrapped lines fit; at worst MIN_FONT_PT, wrapped.
 */
export function layoutLabel(
  lines: readonly string[],
  box: { widthPt: number; heightPt: number },
  maxPt: number,
  measure: Measure,
): LabelLayout {
  return (
    largestFitting(MIN_UNWRAPPED_PT, maxPt, (size) => layoutAt(lines, size, box, measure, false)) ??
    largestFitting(MIN_FONT_PT, maxPt, (size) => layoutAt(lines, size, box, measure, true)) ??
    layoutAt(lines, MIN_FONT_PT, { ...box, heightPt: Number.POSITIVE_INFINITY }, measure, true)!
  );
}
