/**
 * The shop's PDFs (the parcels' labels, receipts and credit notes), drawn with pdfkit in DejaVu Sans, embedded
 * (and subset), so every letter a name may hold in Latin, Greek or Cyrillic script comes out as typed ('Ł', 'ą',
 * 'Ø'). pdfkit's own Helvetica is never loaded.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

type Fonts = { regular: Buffer; bold: Buffer };
let fonts: Fonts | undefined;

/** The two TrueType files of the installed dejavu-fonts-ttf package, read once. */
function loadFonts(): Fonts {
  if (!fonts) {
    const require = createRequire(import.meta.url);
    const file = (name: string) => fs.readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${name}`));
    fonts = { regular: file('DejaVuSans.ttf'), bold: file('DejaVuSans-Bold.ttf') };
  }
  return fonts;
}

export type PdfDoc = InstanceType<typeof PDFDocument>;

/** A document in the embedded fonts ('regular' and 'bold'), handed over as bytes. */
export function renderPdf(title: string, draw: (doc: PdfDoc) => void): Promise<Buffer> {
  const { regular, bold } = loadFonts();
  const doc = new PDFDocument({
    autoFirstPage: false,
    margin: 0,
    font: regular as unknown as string,
    info: { Title: title, Creator: 'Nålepuden', Producer: 'Nålepuden' },
  });
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  draw(doc);
  doc.end();
  return done;
}

const PT_PER_MM = 72 / 25.4;
/** Millimetres in PDF points. */
export const pt = (mm: number) => mm * PT_PER_MM;
