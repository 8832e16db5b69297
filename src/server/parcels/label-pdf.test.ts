/**
 * The labels PDF with the real embedded fonts, read back by poppler's pdftotext: on every sheet, the longest
 * name and address the shop allows stay inside the label's text box (4 mm from each edge), and no letter is lost.
 */
import { describe, expect, it } from 'vitest';
import { linesOf, mmBox, readPdf, wordsIn } from '../../../tests/support/pdf-text.ts';
import { countryName } from '../../shared/domain/countries.ts';
import {
  LABEL_SHEETS,
  labelBox,
  labelsPerPage,
  NO_OFFSET,
  textBox,
} from '../../shared/domain/label-sheets.ts';
import {
  MAX_ADDRESS_LINE_LENGTH,
  MAX_CITY_LENGTH,
  MAX_NAME_LENGTH,
  MAX_POSTCODE_LENGTH,
} from '../../shared/domain/limits.ts';
import { labelPdf, testSheetPdf } from './label-pdf.ts';

const longestCountry = countryName('TF').toLocaleUpperCase('da');
/** W is DejaVu's widest capital: the worst case for width. */
const WIDEST = [
  'W'.repeat(MAX_NAME_LENGTH),
  'W'.repeat(MAX_ADDRESS_LINE_LENGTH),
  'W'.repeat(MAX_ADDRESS_LINE_LENGTH),
  `${'W'.repeat(MAX_POSTCODE_LENGTH)} ${'W'.repeat(MAX_CITY_LENGTH)}`,
  longestCountry,
];
const WORDY = [
  `${'Anne-Marie '.repeat(10)}Jensen`.slice(0, MAX_NAME_LENGTH),
  'Kastanievej 15, 2. th, lejlighed 4, opgang B, baghuset',
  'c/o Hansen & Co., Vester Egesborg, Sydsjælland, Danmark',
  '4760 Vordingborg Sydhavn og Omegns Sogn',
  longestCountry,
];

describe.each(LABEL_SHEETS.map((sheet) => [sheet.id, sheet] as const))('labels on %s', (_, sheet) => {
  it('keeps the longest allowed address inside the text box, every letter there', async () => {
    const labels = [WIDEST, WORDY, ['Łucja Wąs', 'ul. Długa 5', '00-238 Warszawa', 'POLEN']];
    const pages = await readPdf(await labelPdf({ sheet, skip: 0, offset: NO_OFFSET, labels }));
    const perPage = labelsPerPage(sheet);
    labels.forEach((lines, n) => {
      const page = pages[Math.floor(n / perPage)]!;
      const index = n % perPage;
      const inside = wordsIn(page.words, mmBox(labelBox(sheet, index)));
      const text = mmBox(textBox(labelBox(sheet, index)));
      for (const word of inside) {
        expect(word.xMin).toBeGreaterThanOrEqual(text.xMin - 0.01);
        expect(word.xMax).toBeLessThanOrEqual(text.xMax + 0.01);
        expect(word.yMin).toBeGreaterThanOrEqual(text.yMin - 0.01);
        expect(word.yMax).toBeLessThanOrEqual(text.yMax + 0.01);
      }
      const squeeze = (text: string) => text.replace(/\s/g, '');
      expect(
        squeeze(
          linesOf(inside)
            .map((line) => line.text)
            .join(''),
        ),
      ).toBe(squeeze(lines.join('')));
    });
  });

  it('draws a test sheet with every label numbered', async () => {
    const [page] = await readPdf(await testSheetPdf({ sheet, offset: NO_OFFSET }));
    for (let index = 0; index < labelsPerPage(sheet); index++) {
      const lines = linesOf(wordsIn(page!.words, mmBox(labelBox(sheet, index))));
      expect(lines[0]?.text).toBe(String(index + 1));
    }
  });
});
