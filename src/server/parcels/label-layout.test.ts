import { describe, expect, it } from 'vitest';
import {
  GLYPH_HEIGHT,
  LINE_HEIGHT,
  layoutLabel,
  type Measure,
  MIN_UNWRAPPED_PT,
  wrapLine,
} from './label-layout.ts';

/** A font where every character is 0.6 of the size wide (bold: 0.7); the box is 200 × 90 pt. */
const measure: Measure = (text, size, bold) => [...text].length * size * (bold ? 0.7 : 0.6);
const box = { widthPt: 200, heightPt: 90 };

const fitsBox = (layout: ReturnType<typeof layoutLabel>) => {
  for (const line of layout.lines)
    expect(measure(line.text, layout.sizePt, line.bold)).toBeLessThanOrEqual(200);
  expect(layout.heightPt).toBeLessThanOrEqual(90);
  expect(layout.heightPt).toBeCloseTo(
    ((layout.lines.length - 1) * LINE_HEIGHT + GLYPH_HEIGHT) * layout.sizePt,
  );
};

describe('layoutLabel', () => {
  it('uses the largest size for a short address, the name in bold, nothing wrapped', () => {
    const layout = layoutLabel(['Åse Holm', 'Kastanievej 15, 2. th', '4671 Strøby'], box, 12, measure);
    expect(layout.sizePt).toBe(12);
    expect(layout.lines).toEqual([
      { text: 'Åse Holm', bold: true },
      { text: 'Kastanievej 15, 2. th', bold: false },
      { text: '4671 Strøby', bold: false },
    ]);
    fitsBox(layout);
  });

  it('shrinks rather than runs over the edge', () => {
    const layout = layoutLabel(
      ['Anne-Marie Christiansen-Bøgelund', 'Vej 1', '8000 Aarhus C'],
      box,
      12,
      measure,
    );
    expect(layout.sizePt).toBeLessThan(12);
    expect(layout.sizePt).toBeGreaterThanOrEqual(MIN_UNWRAPPED_PT);
    expect(layout.lines).toHaveLength(3);
    fitsBox(layout);
  });

  it('shrinks for many lines too', () => {
    const lines = ['Navn', 'Linje 1', 'Linje 2', '1234 By', 'LAND', 'Ekstra'];
    const layout = layoutLabel(lines, { widthPt: 150, heightPt: 40 }, 12, measure);
    expect(layout.heightPt).toBeLessThanOrEqual(40);
    expect(layout.lines.map((line) => line.text)).toEqual(lines);
  });

  it('wraps a line that would otherwise be too small to read, and still fits the box', () => {
    const name = 'Maria Magdalena Christiansen-Bøgelund Hvidtfeldt Rasmussen Jørgensen';
    const layout = layoutLabel([name, 'Vej 1', '8000 Aarhus C'], box, 12, measure);
    expect(layout.lines.length).toBeGreaterThan(3);
    expect(
      layout.lines
        .filter((line) => line.bold)
        .map((line) => line.text)
        .join(' '),
    ).toBe(name);
    fitsBox(layout);
  });

  it('breaks a word longer than the line, losing no character', () => {
    const word = 'W'.repeat(120);
    const layout = layoutLabel([word, 'Vej 1'], box, 12, measure);
    expect(
      layout.lines
        .filter((line) => line.bold)
        .map((line) => line.text)
        .join(''),
    ).toBe(word);
    fitsBox(layout);
  });
});

describe('wrapLine', () => {
  const fits = (text: string) => text.length <= 10;

  it('keeps a line that fits, and wraps at spaces', () => {
    expect(wrapLine('Kort linje', fits)).toEqual(['Kort linje']);
    expect(wrapLine('Æblegade 7, 2. tv', fits)).toEqual(['Æblegade', '7, 2. tv']);
  });

  it('breaks a word that is wider than the line at the characters', () => {
    expect(wrapLine('abcdefghijklmnopqrstuvwxyz æøå', fits)).toEqual([
      'abcdefghij',
      'klmnopqrst',
      'uvwxyz æøå',
    ]);
  });
});
