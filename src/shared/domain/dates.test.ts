import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  copenhagenMonth,
  copenhagenMonthBounds,
  copenhagenOffsetHours,
  copenhagenParts,
  DANISH_MONTHS,
  formatDateTime,
  formatDayMonthTime,
  formatLongDate,
  formatTime,
  intlCopenhagenParts,
  monthShort,
  monthTitle,
  nowIso,
} from './dates.ts';

describe('formatLongDate', () => {
  it('writes day, Danish month and year in Copenhagen', () => {
    expect(formatLongDate('2026-11-22T13:05:00.000Z')).toBe('22. november 2026');
    expect(formatLongDate('2026-05-01T10:00:00Z')).toBe('1. maj 2026');
    expect(formatLongDate('2026-03-09T10:00:00Z')).toBe('9. marts 2026');
  });

  it('uses the Copenhagen date, not the UTC date, near midnight', () => {
    // 23:30 UTC in winter is 00:30 the next day in Copenhagen.
    expect(formatLongDate('2026-11-21T23:30:00Z')).toBe('22. november 2026');
    // 22:30 UTC in summer is 00:30 the next day (UTC+2).
    expect(formatLongDate('2026-06-30T22:30:00Z')).toBe('1. juli 2026');
    expect(formatLongDate('2026-12-31T23:00:00Z')).toBe('1. januar 2027');
  });

  it('accepts a Date', () => {
    expect(formatLongDate(new Date('2026-11-22T13:05:00Z'))).toBe('22. november 2026');
  });

  it('throws on an invalid date instead of showing NaN', () => {
    expect(() => formatLongDate('not a date')).toThrow(RangeError);
    expect(() => formatTime(new Date(Number.NaN))).toThrow(RangeError);
  });

  it('names every month', () => {
    expect(DANISH_MONTHS).toHaveLength(12);
    DANISH_MONTHS.forEach((name, index) => {
      const iso = `2026-${String(index + 1).padStart(2, '0')}-15T12:00:00Z`;
      expect(formatLongDate(iso)).toBe(`15. ${name} 2026`);
    });
  });
});

describe('formatTime', () => {
  it('shows 24-hour Copenhagen time', () => {
    expect(formatTime('2026-11-22T13:05:00Z')).toBe('14:05');
    expect(formatTime('2026-07-01T13:05:00Z')).toBe('15:05');
    expect(formatTime('2026-11-21T23:00:00Z')).toBe('00:00');
  });

  it('follows the spring-forward DST change (29 March 2026)', () => {
    expect(formatTime('2026-03-29T00:59:00Z')).toBe('01:59');
    expect(formatTime('2026-03-29T01:00:00Z')).toBe('03:00');
  });

  it('follows the fall-back DST change (25 October 2026)', () => {
    expect(formatTime('2026-10-25T00:30:00Z')).toBe('02:30');
    expect(formatTime('2026-10-25T01:30:00Z')).toBe('02:30');
    expect(formatTime('2026-10-25T02:00:00Z')).toBe('03:00');
  });
});

describe('formatDateTime', () => {
  it('combines long date and time', () => {
    expect(formatDateTime('2026-11-22T13:05:00Z')).toBe('22. november 2026 14:05');
    expect(formatDateTime('2026-03-29T01:00:00Z')).toBe('29. marts 2026 03:00');
  });

  it('writes the day of Copenhagen, not of UTC', () => {
    expect(formatLongDate('2026-01-04T23:30:00Z')).toBe('5. januar 2026');
  });

  it('always produces well-formed output', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('1990-01-01T00:00:00Z'),
          max: new Date('2100-01-01T00:00:00Z'),
          noInvalidDate: true,
        }),
        (date) => {
          expect(formatTime(date)).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);
          expect(formatLongDate(date)).toMatch(/^([1-9]|[12]\d|3[01])\. [a-z]+ \d{4}$/);
        },
      ),
    );
  });

  it('is one or two hours ahead of UTC, never anything else', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('2000-01-01T00:00:00Z'),
          max: new Date('2060-01-01T00:00:00Z'),
          noInvalidDate: true,
        }),
        (date) => {
          const p = copenhagenParts(date);
          const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute);
          const utcMinute = Math.floor(date.getTime() / 60_000) * 60_000;
          expect([3_600_000, 7_200_000]).toContain(wall - utcMinute);
        },
      ),
    );
  });
});

describe('copenhagenParts', () => {
  it('returns numeric wall-clock fields', () => {
    expect(copenhagenParts('2026-11-22T13:05:00Z')).toEqual({
      year: 2026,
      month: 11,
      day: 22,
      hour: 14,
      minute: 5,
    });
  });
});

describe('nowIso', () => {
  it('nowIso returns the clock as an ISO UTC string', () => {
    expect(nowIso(() => new Date('2026-11-22T13:05:00Z'))).toBe('2026-11-22T13:05:00.000Z');
    expect(nowIso()).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });
});

describe('order history dates', () => {
  it('formats a moment as day, month and time in Copenhagen', () => {
    expect(formatDayMonthTime('2026-03-03T13:02:00.000Z')).toBe('3. marts 14:02');
    expect(formatDayMonthTime('2026-07-09T08:15:00.000Z')).toBe('9. juli 10:15');
  });

  it('gives the Copenhagen month as [from, until), in winter and summer time and across the new year', () => {
    expect(copenhagenMonth(new Date('2026-11-23T12:00:00.000Z'))).toEqual({
      from: '2026-10-31T23:00:00.000Z',
      until: '2026-11-30T23:00:00.000Z',
    });
    expect(copenhagenMonth(new Date('2026-07-01T00:30:00.000Z'))).toEqual({
      from: '2026-06-30T22:00:00.000Z',
      until: '2026-07-31T22:00:00.000Z',
    });
    expect(copenhagenMonth(new Date('2026-12-31T23:30:00.000Z'))).toEqual({
      from: '2026-12-31T23:00:00.000Z',
      until: '2027-01-31T23:00:00.000Z',
    });
    // The last minutes of March in Copenhagen (summer time has begun) still belong to March.
    expect(copenhagenMonth(new Date('2026-03-31T21:59:00.000Z')).from).toBe('2026-02-28T23:00:00.000Z');
  });
});

describe('copenhagenMonthBounds, monthTitle and monthShort (Salg)', () => {
  it('gives the 13 UTC instants of Copenhagen midnight on the 1st, across summer time', () => {
    const bounds = copenhagenMonthBounds(2026);
    expect(bounds).toHaveLength(13);
    expect(bounds[0]).toBe('2025-12-31T23:00:00.000Z');
    expect(bounds[3]).toBe('2026-03-31T22:00:00.000Z');
    expect(bounds[10]).toBe('2026-10-31T23:00:00.000Z');
    expect(bounds[12]).toBe('2026-12-31T23:00:00.000Z');
    expect([...bounds].sort()).toEqual(bounds);
  });

  it('names months in Danish', () => {
    expect(monthTitle(1)).toBe('Januar');
    expect(monthTitle(12)).toBe('December');
    expect(monthShort(5)).toBe('maj');
  });
});

describe('Copenhagen time without Intl', () => {
  const HOUR = 60 * 60 * 1000;
  const transitions = (year: number) =>
    [2, 9].map((month) => {
      const last = new Date(Date.UTC(year, month + 1, 0, 1));
      return last.getTime() - last.getUTCDay() * 24 * HOUR;
    });

  // Every 11 h 7 min lands on every hour of the day and every minute over the years; the changes themselves are
  // checked exhaustively below. (Every 3 hours took over 5 s of a loaded CI machine: Intl is the slow side.)
  it('agrees with the runtime’s time-zone data every 11 hours from 1996 to 2040, and around every change', {
    timeout: 30_000,
  }, () => {
    const start = Date.UTC(1996, 0, 1);
    const end = Date.UTC(2041, 0, 1);
    let checked = 0;
    for (let t = start; t < end; t += 11 * HOUR + 7 * 60 * 1000) {
      expect(copenhagenParts(new Date(t)), new Date(t).toISOString()).toEqual(
        intlCopenhagenParts(new Date(t)),
      );
      checked++;
    }
    for (let year = 1996; year <= 2040; year++) {
      for (const change of transitions(year)) {
        for (const delta of [-HOUR - 1, -HOUR, -60_000, -1, 0, 1, 60_000, HOUR - 1, HOUR]) {
          const date = new Date(change + delta);
          expect(copenhagenParts(date), date.toISOString()).toEqual(intlCopenhagenParts(date));
        }
      }
    }
    expect(checked).toBeGreaterThan(35_000);
  });

  it('knows summer and winter time, and leaves other years to Intl', () => {
    expect(copenhagenOffsetHours(Date.parse('2026-07-01T12:00:00Z'))).toBe(2);
    expect(copenhagenOffsetHours(Date.parse('2026-12-01T12:00:00Z'))).toBe(1);
    expect(copenhagenOffsetHours(Date.parse('2026-03-29T00:59:59Z'))).toBe(1);
    expect(copenhagenOffsetHours(Date.parse('2026-03-29T01:00:00Z'))).toBe(2);
    expect(copenhagenOffsetHours(Date.parse('2026-10-25T00:59:59Z'))).toBe(2);
    expect(copenhagenOffsetHours(Date.parse('2026-10-25T01:00:00Z'))).toBe(1);
    expect(copenhagenOffsetHours(Date.parse('1990-07-01T12:00:00Z'))).toBeNull();
    expect(copenhagenParts('1990-07-01T12:00:00Z')).toEqual({
      year: 1990,
      month: 7,
      day: 1,
      hour: 14,
      minute: 0,
    });
    expect(copenhagenOffsetHours(Date.parse('2100-07-01T12:00:00Z'))).toBeNull();
  });
});
