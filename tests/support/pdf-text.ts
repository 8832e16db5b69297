/**
 * Reads a PDF back with its words' positions, through poppler's `pdftotext -bbox` (Debian's poppler-utils; .ci/run
 * installs it). Positions are in points from the page's top left corner, as the PDF was drawn.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { TMP_DIR } from './test-db.ts';

const run = promisify(execFile);

export const PT_PER_MM = 72 / 25.4;

export type PdfWord = { text: string; xMin: number; yMin: number; xMax: number; yMax: number };
export type PdfPage = { width: number; height: number; words: PdfWord[] };

const decodeEntities = (text: string) =>
  text
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&apos;', "'")
    .replaceAll('&#39;', "'")
    .replaceAll('&amp;', '&');

/** Every page with its words and their boxes. */
export async function readPdf(pdf: Buffer): Promise<PdfPage[]> {
  fs.mkdirSync(TMP_DIR, { recursive: true });
  const file = path.join(TMP_DIR, `read-${crypto.randomUUID()}.pdf`);
  fs.writeFileSync(file, pdf);
  try {
    const { stdout } = await run('pdftotext', ['-bbox', file, '-'], { maxBuffer: 64 * 1024 * 1024 });
    return [...stdout.matchAll(/<page width="([\d.]+)" height="([\d.]+)">([\s\S]*?)<\/page>/g)].map(
      (page) => ({
        width: Number(page[1]),
        height: Number(page[2]),
        words: [
          ...page[3]!.matchAll(
            /<word xMin="([\d.-]+)" yMin="([\d.-]+)" xMax="([\d.-]+)" yMax="([\d.-]+)">([^<]*)<\/word>/g,
          ),
        ].map((word) => ({
          xMin: Number(word[1]),
          yMin: Number(word[2]),
          xMax: Number(word[3]),
          yMax: Number(word[4]),
          text: decodeEntities(word[5]!),
        })),
      }),
    );
  } finally {
    fs.rmSync(file, { force: true });
  }
}

/** A box in millimetres (the label sheets' unit) in points. */
export function mmBox(box: { x: number; y: number; width: number; height: number }) {
  return {
    xMin: box.x * PT_PER_MM,
    yMin: box.y * PT_PER_MM,
    xMax: (box.x + box.width) * PT_PER_MM,
    yMax: (box.y + box.height) * PT_PER_MM,
  };
}

type PtBox = { xMin: number; yMin: number; xMax: number; yMax: number };

/** The words whose middle lies in the box. */
export function wordsIn(words: readonly PdfWord[], box: PtBox): PdfWord[] {
  return words.filter((word) => {
    const x = (word.xMin + word.xMax) / 2;
    const y = (word.yMin + word.yMax) / 2;
    return x >= box.xMin && x <= box.xMax && y >= box.yMin && y <= box.yMax;
  });
}

/** Words gathered into lines (the same top), top to bottom, each line's words left to right, joined by spaces. */
export function linesOf(words: readonly PdfWord[]): Array<{ text: string; box: PtBox }> {
  const byTop = new Map<string, PdfWord[]>();
  for (const word of words) {
    const key = word.yMin.toFixed(1);
    byTop.set(key, [...(byTop.get(key) ?? []), word]);
  }
  return [...byTop.values()]
    .sort((a, b) => a[0]!.yMin - b[0]!.yMin)
    .map((line) => {
      const sorted = [...line].sort((a, b) => a.xMin - b.xMin);
      return {
        text: sorted.map((word) => word.text).join(' '),
        box: {
          xMin: Math.min(...sorted.map((word) => word.xMin)),
          yMin: Math.min(...sorted.map((word) => word.yMin)),
          xMax: Math.max(...sorted.map((word) => word.xMax)),
          yMax: Math.max(...sorted.map((word) => word.yMax)),
        },
      };
    });
}
