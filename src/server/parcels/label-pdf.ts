/**
 * The labels as a PDF (docs/decisions/0017-parcels-and-labels.md), drawn with pdfkit on the sheet's
 * geometry (src/shared/domain/label-sheets.ts) in the embedded DejaVu Sans (pdf/pdf-document.ts), so every letter a
 * name may hold comes out as typed. A PDF rather than a printed web page,
 * because browsers disagree on CSS page sizes and margins; printed at 100 %, each label lands on its box.
 */
import {
  type LabelOffset,
  type LabelSheet,
  labelBox,
  labelSheetName,
  labelsPerPage,
  pagesNeeded,
  placeLabels,
  textBox,
} from '../../shared/domain/label-sheets.ts';
import { texts } from '../../shared/texts.ts';
import { type PdfDoc as Doc, pt, renderPdf } from '../pdf/pdf-document.ts';
import { LINE_HEIGHT, layoutLabel, type Measure } from './label-layout.ts';

const addPage = (doc: Doc, sheet: LabelSheet) =>
  doc.addPage({ size: [pt(sheet.pageWidthMm), pt(sheet.pageHeightMm)], margin: 0 });

function measureWith(doc: Doc): Measure {
  return (text, sizePt, bold) =>
    doc
      .font(bold ? 'bold' : 'regular')
      .fontSize(sizePt)
      .widthOfString(text);
}

/** One label's lines in its text box: left aligned, the block centred from top to bottom. */
function drawLabel(
  doc: Doc,
  measure: Measure,
  sheet: LabelSheet,
  index: number,
  offset: LabelOffset,
  lines: string[],
): void {
  const box = textBox(labelBox(sheet, index, offset));
  const area = { widthPt: pt(box.width), heightPt: pt(box.height) };
  const layout = layoutLabel(lines, area, sheet.maxFontPt, measure);
  const top = pt(box.y) + (area.heightPt - layout.heightPt) / 2;
  layout.lines.forEach((line, n) => {
    doc
      .font(line.bold ? 'bold' : 'regular')
      .fontSize(layout.sizePt)
      .text(line.text, pt(box.x), top + n * LINE_HEIGHT * layout.sizePt, { lineBreak: false });
  });
}

export type LabelPdfInput = {
  sheet: LabelSheet;
  /** Labels already used at the start of the first page ('Spring over'). */
  skip: number;
  offset: LabelOffset;
  /** Each label's lines: the name, then the address. */
  labels: string[][];
};

/** The labels, in order, from the `skip`+1-th box of the first page on; as many pages as they need. */
export function labelPdf({ sheet, skip, offset, labels }: LabelPdfInput): Promise<Buffer> {
  return renderPdf(texts.parcels.pdfTitle, (doc) => {
    const places = placeLabels(sheet, labels.length, skip);
    const measure = measureWith(doc);
    for (let page = 0; page < pagesNeeded(sheet, labels.length, skip); page++) {
      addPage(doc, sheet);
      places.forEach((place, n) => {
        if (place.page === page) drawLabel(doc, measure, sheet, place.index, offset, labels[n]!);
      });
    }
  });
}

const mm = (value: number) => value.toLocaleString('da-DK', { maximumFractionDigits: 1 });

/**
 * 'Prøveark': one page with every label's outline and, dashed, where its text goes, numbered in reading order,
 * moved by the offset. Printed on plain paper and held against a sheet of labels (against the light), it shows
 * how far the printer is off.
 */
export function testSheetPdf({ sheet, offset }: { sheet: LabelSheet; offset: LabelOffset }): Promise<Buffer> {
  const p = texts.parcels;
  return renderPdf(p.testSheetTitle, (doc) => {
    addPage(doc, sheet);
    const measure = measureWith(doc);
    for (let index = 0; index < labelsPerPage(sheet); index++) {
      const label = labelBox(sheet, index, offset);
      const text = textBox(label);
      doc
        .lineWidth(0.6)
        .roundedRect(pt(label.x), pt(label.y), pt(label.width), pt(label.height), pt(sheet.cornerMm))
        .stroke('#000000');
      doc
        .lineWidth(0.4)
        .dash(2, { space: 2 })
        .rect(pt(text.x), pt(text.y), pt(text.width), pt(text.height))
        .stroke('#888888')
        .undash();
      const lines =
        index === 0
          ? [
              String(index + 1),
              p.testSheetTitle,
              labelSheetName(sheet),
              p.offsetSummary(mm(offset.rightMm), mm(offset.downMm)),
            ]
          : [String(index + 1)];
      doc.fillColor('#000000');
      drawLabel(doc, measure, { ...sheet, maxFontPt: 8 }, index, offset, lines);
    }
  });
}
