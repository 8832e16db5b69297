import { describe, expect, it } from 'vitest';
import {
  type Box,
  LABEL_SHEETS,
  LABEL_TEXT_MARGIN_MM,
  type LabelSheet,
  labelBox,
  labelSheet,
  labelSheetName,
  labelsPerPage,
  pagesNeeded,
  placeLabels,
  textBox,
} from './label-sheets.ts';

const EPSILON = 1e-9;
const boxes = (sheet: LabelSheet) =>
  Array.from({ length: labelsPerPage(sheet) }, (_, index) => labelBox(sheet, index));

describe.each(LABEL_SHEETS.map((sheet) => [sheet.id, sheet] as const))('label sheet %s', (_, sheet) => {
  it('has every label box inside the page', () => {
    for (const box of boxes(sheet)) {
      expect(box.x).toBeGreaterThanOrEqual(-EPSILON);
      expect(box.y).toBeGreaterThanOrEqual(-EPSILON);
      expect(box.x + box.width).toBeLessThanOrEqual(sheet.pageWidthMm + EPSILON);
      expect(box.y + box.height).toBeLessThanOrEqual(sheet.pageHeightMm + EPSILON);
    }
  });

  it('has no two label boxes overlapping', () => {
    const all = boxes(sheet);
    const overlap = (a: Box, b: Box) =>
      a.x < b.x + b.width - EPSILON &&
      b.x < a.x + a.width - EPSILON &&
      a.y < b.y + b.height - EPSILON &&
      b.y < a.y + a.height - EPSILON;
    for (let i = 0; i < all.length; i++) {
      for (let j = i + 1; j < all.length; j++) expect(overlap(all[i]!, all[j]!)).toBe(false);
    }
  });

  it('keeps text 4 mm inside each label', () => {
    for (const box of boxes(sheet)) {
      const text = textBox(box);
      expect(text.x - box.x).toBeCloseTo(LABEL_TEXT_MARGIN_MM);
      expect(text.y - box.y).toBeCloseTo(LABEL_TEXT_MARGIN_MM);
      expect(box.x + box.width - (text.x + text.width)).toBeCloseTo(LABEL_TEXT_MARGIN_MM);
      expect(box.y + box.height - (text.y + text.height)).toBeCloseTo(LABEL_TEXT_MARGIN_MM);
      expect(text.width).toBeGreaterThan(40);
      expect(text.height).toBeGreaterThan(25);
    }
  });

  it('goes along each row, then down', () => {
    const [first, second] = [labelBox(sheet, 0), labelBox(sheet, 1)];
    expect(first).toEqual({
      x: sheet.leftMm,
      y: sheet.topMm,
      width: sheet.labelWidthMm,
      height: sheet.labelHeightMm,
    });
    if (sheet.columns > 1) expect(second).toMatchObject({ x: sheet.leftMm + sheet.pitchXMm, y: sheet.topMm });
    const nextRow = labelBox(sheet, sheet.columns);
    if (sheet.rows > 1) expect(nextRow).toMatchObject({ x: sheet.leftMm, y: sheet.topMm + sheet.pitchYMm });
  });

  it('moves every box by the offset', () => {
    const moved = labelBox(sheet, labelsPerPage(sheet) - 1, { rightMm: 1.5, downMm: -2 });
    const plain = labelBox(sheet, labelsPerPage(sheet) - 1);
    expect(moved.x - plain.x).toBeCloseTo(1.5);
    expect(moved.y - plain.y).toBeCloseTo(-2);
  });
});

/**
 * The same sheets as glabels' template database (and Avery's data sheets) publish them, in mm (glabels gives
 * points: 181.4 pt = 63.99 mm). Sheets from different makers differ by up to 1.3 mm, and a sheet by ±0.5 mm:
 * printed at 100 %, the text of every label must still land on the label with room to spare on each of them.
 */
const PUBLISHED: Record<string, Array<{ source: string; geometry: Omit<Geometry, 'columns' | 'rows'> }>> = {
  'a4-3x7-70x42': [
    { source: 'glabels Igepa EA-700x423', geometry: g(70, 42.3, 0, 0.45, 70, 42.3) },
    { source: 'glabels Endisch 6507042x', geometry: g(70, 42.3, 0, 0, 70, 42.43) },
    { source: 'glabels JAC 7042', geometry: g(70, 42.4, 0, 0, 70, 42.4) },
    { source: 'glabels Hisago ELM011', geometry: g(70, 42.43, 0, 0, 70, 42.43) },
  ],
  'a4-3x8-70x37': [
    { source: 'glabels Igepa EA-700x370', geometry: g(70, 37, 0, 0.5, 70, 37) },
    { source: 'glabels Zweckform 3474', geometry: g(70, 37, 0, 0, 70, 37) },
    { source: 'glabels JAC 7037', geometry: g(70, 37.12, 0, 0, 70, 37.12) },
    { source: 'glabels Rayfilm 0508', geometry: g(70, 37, 0, 0.95, 70, 37) },
  ],
  'a4-3x7-63x38': [
    { source: 'Avery L7160 data sheet', geometry: g(63.5, 38.1, 7.21, 15.15, 66.04, 38.1) },
    { source: 'glabels Avery 7160', geometry: g(63.99, 38.1, 7.48, 15.49, 66.04, 38.1) },
    { source: 'glabels Geha Z54', geometry: g(63.5, 38.1, 7.2, 15.9, 66.04, 38.1) },
    { source: 'glabels Rayfilm 0410', geometry: g(63.5, 38.1, 7.2, 15.1, 66, 38.1) },
    { source: 'glabels Herma 4111', geometry: g(63.5, 38.1, 6.75, 15.5, 66.5, 38.1) },
  ],
  'a4-2x7-99x38': [
    { source: 'Avery L7163 data sheet', geometry: g(99.1, 38.1, 4.65, 15.15, 101.6, 38.1) },
    { source: 'glabels Avery 7163', geometry: g(99.1, 38.1, 3.35, 15.17, 103.01, 38.1) },
    { source: 'glabels Endisch 6409938x', geometry: g(99.1, 38.1, 4.63, 15.15, 101.64, 38.1) },
    { source: 'glabels Geha Z53', geometry: g(99.1, 38.1, 3, 15.9, 101.6, 38.1) },
  ],
  'brother-62x100': [{ source: 'glabels Brother DK-1202', geometry: g(61.98, 99.82, 0, 0, 0, 0) }],
};

type Geometry = {
  labelWidthMm: number;
  labelHeightMm: number;
  leftMm: number;
  topMm: number;
  pitchXMm: number;
  pitchYMm: number;
};
function g(w: number, h: number, x0: number, y0: number, dx: number, dy: number): Geometry {
  return { labelWidthMm: w, labelHeightMm: h, leftMm: x0, topMm: y0, pitchXMm: dx, pitchYMm: dy };
}

/** At 100 % every label's text lies on the label of each published sheet, this far from its edges at least. */
const ROOM_MM = 2;

describe('a sheet printed at 100 % lines up with the published templates', () => {
  it.each(Object.entries(PUBLISHED))('%s', (id, templates) => {
    const sheet = labelSheet(id as LabelSheet['id'] as never);
    for (const { source, geometry } of templates) {
      const published: LabelSheet = { ...sheet, ...geometry };
      for (let index = 0; index < labelsPerPage(sheet); index++) {
        const text = textBox(labelBox(sheet, index));
        const label = labelBox(published, index);
        const room = Math.min(
          text.x - label.x,
          text.y - label.y,
          label.x + label.width - (text.x + text.width),
          label.y + label.height - (text.y + text.height),
        );
        expect(room, `${source}, label ${index + 1}`).toBeGreaterThanOrEqual(ROOM_MM);
      }
    }
  });
});

describe('placing labels', () => {
  const sheet = labelSheet('a4-3x7-70x42');

  it('starts after the used ones and goes on to the next page', () => {
    const places = placeLabels(sheet, 23, 2);
    expect(places[0]).toEqual({ page: 0, index: 2 });
    expect(places[18]).toEqual({ page: 0, index: 20 });
    expect(places[19]).toEqual({ page: 1, index: 0 });
    expect(places[22]).toEqual({ page: 1, index: 3 });
    expect(pagesNeeded(sheet, 23, 2)).toBe(2);
    expect(pagesNeeded(sheet, 19, 2)).toBe(1);
    expect(pagesNeeded(sheet, 0, 0)).toBe(1);
  });

  it('puts one Brother label on each page', () => {
    const brother = labelSheet('brother-62x100');
    expect(placeLabels(brother, 3, 0)).toEqual([
      { page: 0, index: 0 },
      { page: 1, index: 0 },
      { page: 2, index: 0 },
    ]);
  });

  it('names each sheet by its size, in Danish', () => {
    expect(LABEL_SHEETS.map(labelSheetName)).toEqual([
      '3 × 7 · 70 × 42,3 mm',
      '3 × 8 · 70 × 37 mm',
      '3 × 7 · 63,5 × 38,1 mm · Avery L7160',
      '2 × 7 · 99,1 × 38,1 mm · Avery L7163',
      '1 pr. side · 62 × 100 mm · Brother DK-11202',
    ]);
  });
});
