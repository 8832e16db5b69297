import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvCell, toCsv } from './csv.ts';

describe('CSV for Danish Excel', () => {
  it('starts with a BOM, separates with ; and ends rows with CRLF', () => {
    expect(
      toCsv(
        ['Id', 'Navn'],
        [
          ['1', 'Åse Ørsted'],
          ['2', 'Bæk'],
        ],
      ),
    ).toBe(`${CSV_BOM}Id;Navn\r\n1;Åse Ørsted\r\n2;Bæk\r\n`);
  });

  it('quotes cells with ;, quotes, line breaks or edge spaces, doubling inner quotes', () => {
    expect(csvCell('Perle; rosa')).toBe('"Perle; rosa"');
    expect(csvCell('Æske "stor"')).toBe('"Æske ""stor"""');
    expect(csvCell('to\nlinjer')).toBe('"to\nlinjer"');
    expect(csvCell(' luft ')).toBe('" luft "');
    expect(csvCell('12,50')).toBe('12,50');
  });

  it('writes null as an empty cell and numbers as they are', () => {
    expect(csvCell(null)).toBe('');
    expect(csvCell(3)).toBe('3');
  });

  it('keeps text that Excel would run as a formula from running', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell('+45 1234')).toBe("'+45 1234");
    expect(csvCell('@kunde')).toBe("'@kunde");
  });
});
