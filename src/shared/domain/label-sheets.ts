/**
 * Address label sheets (docs/decisions/0017-parcels-and-labels.md): each sheet's geometry as published
 * in glabels' template database (and the makers' own data sheets), in millimetres from the page's top left
 * corner, and where each label goes. Pure data and arithmetic: the server draws the PDF from it, the label dialog
 * names the sheets and counts the labels on a page, and tests check that every box lies on its page and that no
 * two overlap.
 */

/** Every sheet of one printer kind shares one offset: an A4 printer's feed is not the label printer's. */
export type PrinterKind = 'a4' | 'roll';

export type LabelSheet = {
  id: string;
  kind: PrinterKind;
  pageWidthMm: number;
  pageHeightMm: number;
  columns: number;
  rows: number;
  labelWidthMm: number;
  labelHeightMm: number;
  /** The first label's top left corner. */
  leftMm: number;
  topMm: number;
  /** From one label's left (top) edge to the next one's. */
  pitchXMm: number;
  pitchYMm: number;
  /** The corners' radius (the outline on 'Prøveark'). */
  cornerMm: number;
  /** The largest text size on this label, in points; longer addresses shrink from it. */
  maxFontPt: number;
  /** Who makes such sheets, shown after the size ('Avery L7160'). */
  maker?: string;
};

export const LABEL_SHEETS = [
  {
    // glabels: Igepa EA-700x423 (70 × 42.3, 0.45 mm above and below); edge to edge across the page.
    id: 'a4-3x7-70x42',
    kind: 'a4',
    pageWidthMm: 210,
    pageHeightMm: 297,
    columns: 3,
    rows: 7,
    labelWidthMm: 70,
    labelHeightMm: 42.3,
    leftMm: 0,
    topMm: 0.45,
    pitchXMm: 70,
    pitchYMm: 42.3,
    cornerMm: 0,
    maxFontPt: 12,
  },
  {
    // glabels: Igepa EA-700x370 (70 × 37, 0.5 mm above and below); Zweckform 3474 lies 0.5 mm higher.
    id: 'a4-3x8-70x37',
    kind: 'a4',
    pageWidthMm: 210,
    pageHeightMm: 297,
    columns: 3,
    rows: 8,
    labelWidthMm: 70,
    labelHeightMm: 37,
    leftMm: 0,
    topMm: 0.5,
    pitchXMm: 70,
    pitchYMm: 37,
    cornerMm: 0,
    maxFontPt: 11,
  },
  {
    // Avery L7160 as published (63.5 × 38.1, margins 7.21 and 15.15 mm, pitch 66.04 mm); glabels' Endisch
    // 6406338x has exactly this, its Avery 7160 entry differs by under 0.5 mm.
    id: 'a4-3x7-63x38',
    kind: 'a4',
    pageWidthMm: 210,
    pageHeightMm: 297,
    columns: 3,
    rows: 7,
    labelWidthMm: 63.5,
    labelHeightMm: 38.1,
    leftMm: 7.21,
    topMm: 15.15,
    pitchXMm: 66.04,
    pitchYMm: 38.1,
    cornerMm: 2,
    maxFontPt: 11,
    maker: 'Avery L7160',
  },
  {
    // Avery L7163 as published (99.1 × 38.1, margins 4.65 and 15.15 mm, pitch 101.6 mm); glabels' Endisch
    // 6409938x and Rayfilm 0810 agree within 0.1 mm.
    id: 'a4-2x7-99x38',
    kind: 'a4',
    pageWidthMm: 210,
    pageHeightMm: 297,
    columns: 2,
    rows: 7,
    labelWidthMm: 99.1,
    labelHeightMm: 38.1,
    leftMm: 4.65,
    topMm: 15.15,
    pitchXMm: 101.6,
    pitchYMm: 38.1,
    cornerMm: 2,
    maxFontPt: 12,
    maker: 'Avery L7163',
  },
  {
    // Brother DK-11202 die-cut shipping labels (glabels: DK-1202, 61.98 × 99.82 mm): one label, one page.
    id: 'brother-62x100',
    kind: 'roll',
    pageWidthMm: 62,
    pageHeightMm: 100,
    columns: 1,
    rows: 1,
    labelWidthMm: 62,
    labelHeightMm: 100,
    leftMm: 0,
    topMm: 0,
    pitchXMm: 62,
    pitchYMm: 100,
    cornerMm: 1.5,
    maxFontPt: 14,
    maker: 'Brother DK-11202',
  },
] as const satisfies readonly LabelSheet[];

export type LabelSheetId = (typeof LABEL_SHEETS)[number]['id'];
export const LABEL_SHEET_IDS = LABEL_SHEETS.map((sheet) => sheet.id) as [LabelSheetId, ...LabelSheetId[]];
export const DEFAULT_LABEL_SHEET: LabelSheetId = 'a4-3x7-70x42';

/** Text keeps this far from every edge of its label. */
export const LABEL_TEXT_MARGIN_MM = 4;
/** The offset ('Justér') moves everything at most this far, right or left, down or up. */
export const MAX_LABEL_OFFSET_MM = 10;

export function isLabelSheetId(id: unknown): id is LabelSheetId {
  return typeof id === 'string' && (LABEL_SHEET_IDS as readonly string[]).includes(id);
}

export function labelSheet(id: LabelSheetId): LabelSheet & { id: LabelSheetId } {
  return LABEL_SHEETS.find((sheet) => sheet.id === id)!;
}

export function labelsPerPage(sheet: LabelSheet): number {
  return sheet.columns * sheet.rows;
}

const mm = (value: number) => value.toLocaleString('da-DK', { maximumFractionDigits: 2 });

/** The sheet as the dialog names it: '3 × 7 · 70 × 42,3 mm', '3 × 7 · 63,5 × 38,1 mm · Avery L7160'. */
export function labelSheetName(sheet: LabelSheet): string {
  const layout = labelsPerPage(sheet) === 1 ? '1 pr. side' : `${sheet.columns} × ${sheet.rows}`;
  const size = `${mm(sheet.labelWidthMm)} × ${mm(sheet.labelHeightMm)} mm`;
  return [layout, size, sheet.maker].filter(Boolean).join(' · ');
}

/** A rectangle in millimetres, from the page's top left corner. */
export type Box = { x: number; y: number; width: number; height: number };

/** How far the printout is moved: right and down (negative: left and up), in mm. */
export type LabelOffset = { rightMm: number; downMm: number };
export const NO_OFFSET: LabelOffset = { rightMm: 0, downMm: 0 };

/** The `index`-th label of a page (0 = top left, then along the row), moved by the offset. */
export function labelBox(sheet: LabelSheet, index: number, offset: LabelOffset = NO_OFFSET): Box {
  const column = index % sheet.columns;
  const row = Math.floor(index / sheet.columns);
  return {
    x: sheet.leftMm + column * sheet.pitchXMm + offset.rightMm,
    y: sheet.topMm + row * sheet.pitchYMm + offset.downMm,
    width: sheet.labelWidthMm,
    height: sheet.labelHeightMm,
  };
}

/** Where a label's text may go: the label less LABEL_TEXT_MARGIN_MM on every side. */
export function textBox(label: Box): Box {
  return {
    x: label.x + LABEL_TEXT_MARGIN_MM,
    y: label.y + LABEL_TEXT_MARGIN_MM,
    width: label.width - 2 * LABEL_TEXT_MARGIN_MM,
    height: label.height - 2 * LABEL_TEXT_MARGIN_MM,
  };
}

/**
 * Where `count` labels go when the first `skip` labels of the first page are used already ('Spring over'): the
 * page (0-based) and the label's index on it, in order.
 */
export function placeLabels(
  sheet: LabelSheet,
  count: number,
  skip: number,
): Array<{ page: number; index: number }> {
  const perPage = labelsPerPage(sheet);
  return Array.from({ length: count }, (_, n) => {
    const position = skip + n;
    return { page: Math.floor(position / perPage), index: position % perPage };
  });
}

/** How many pages `count` labels take after `skip` used ones (at least one). */
export function pagesNeeded(sheet: LabelSheet, count: number, skip: number): number {
  return Math.max(1, Math.ceil((skip + count) / labelsPerPage(sheet)));
}
