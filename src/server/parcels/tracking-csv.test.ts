import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors.ts';
import { readTrackingCsv } from './tracking-csv.ts';

const messageOf = (run: () => unknown): string => {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error.message;
    throw error;
  }
  throw new Error('did not refuse');
};

describe('readTrackingCsv', () => {
  it('reads our reference and the Pakkenummer, whatever the separator, quotes and BOM', () => {
    expect(
      readTrackingCsv('\uFEFFname;reference;Tracking number\r\n"Hansen; Bo";ab12cd34;"00370 7123"\r\n;;\r\n'),
    ).toEqual([{ reference: 'ab12cd34', trackingNumber: '003707123' }]);
    expect(readTrackingCsv('Reference,Pakkenummer\nAB12CD34,rr123dk\n')).toEqual([
      { reference: 'AB12CD34', trackingNumber: 'RR123DK' },
    ]);
  });

  it('leaves out rows without a reference or a number', () => {
    expect(readTrackingCsv('reference;tracking_code\nab12cd34;\n;123\n')).toEqual([]);
  });

  it('refuses a file without the columns, in Danish', () => {
    expect(messageOf(() => readTrackingCsv('name;tracking\nBo;1\n'))).toBe(
      'Filen har ingen kolonne "reference"',
    );
    expect(messageOf(() => readTrackingCsv('reference;name\nab;Bo\n'))).toMatch(
      /ingen kolonne med pakkenummer/,
    );
  });

  it('refuses a Pakkenummer that is not one, naming its row as a spreadsheet does', () => {
    expect(messageOf(() => readTrackingCsv('reference;stregkode\na1;123\nb2;12/34\n'))).toBe(
      'Række 3: Pakkenummeret må kun have bogstaver, tal og bindestreger',
    );
    expect(messageOf(() => readTrackingCsv(`reference;stregkode\na1;${'1'.repeat(41)}\n`))).toBe(
      'Række 2: Pakkenummeret må højst være på 40 tegn',
    );
  });
});
