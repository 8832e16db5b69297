/**
 * Dates are stored as UTC instants (ISO strings) and shown in Europe/Copenhagen with Danish
 * formats. The EU summer-time rule (or Intl, outside its years) converts the instant to Copenhagen wall-clock numbers; the
 * text itself is built here, so output does not depend on the runtime's locale data.
 */

export const SHOP_TIME_ZONE = 'Europe/Copenhagen';

/** Danish month names, lower case as Danish writes them. */
export const DANISH_MONTHS = [
  'januar',
  'februar',
  'marts',
  'april',
  'maj',
  'juni',
  'juli',
  'august',
  'september',
  'oktober',
  'november',
  'december',
] as const;

/** Wall-clock fields of an instant in Copenhagen. */
export interface CopenhagenParts {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  /** 0–23 */
  hour: number;
  minute: number;
}

// 'h23' avoids the '24:00' some runtimes produce for midnight with hour12: false. Made at first use: a
// formatter with a time zone loads that zone's data (copenhagenOffsetHours spares the app that).
let partsFormatter: Intl.DateTimeFormat | undefined;
const copenhagenFormatter = () =>
  (partsFormatter ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: SHOP_TIME_ZONE,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
    numberingSystem: 'latn',
  }));

function toDate(value: string | Date): Date {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) {
    throw new RangeError(`Invalid date: ${String(value)}`);
  }
  return date;
}

const HOUR_MS = 60 * 60 * 1000;

/** The last Sunday of a month (0-based) at 01:00 UTC: when EU summer time starts (March) and ends (October). */
function lastSundayAtOneUtc(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0, 1));
  return lastDay.getTime() - lastDay.getUTCDay() * 24 * HOUR_MS;
}

/**
 * Copenhagen's offset from UTC in hours by the EU rule (UTC+1, summer time UTC+2 from the last Sunday of March
 * to the last Sunday of October, at 01:00 UTC), which Denmark has followed since 1996; null outside the years
 * where the rule is known to hold. Computed, not asked of Intl: a formatter with a time zone loads the zone's
 * data, ~50 ms of a slow phone's first render of Ordrer or Salg. dates.test.ts holds it against
 * the runtime's time-zone data hour by hour, so a change of the rule fails there.
 */
export function copenhagenOffsetHours(instant: number): 1 | 2 | null {
  const year = new Date(instant).getUTCFullYear();
  if (year < 1996 || year > 2099) return null;
  return instant >= lastSundayAtOneUtc(year, 2) && instant < lastSundayAtOneUtc(year, 9) ? 2 : 1;
}

/** Converts an instant (ISO string or Date) to Copenhagen wall-clock fields. Throws on an invalid date. */
export function copenhagenParts(value: string | Date): CopenhagenParts {
  const date = toDate(value);
  const offset = copenhagenOffsetHours(date.getTime());
  if (offset !== null) {
    const wall = new Date(date.getTime() + offset * HOUR_MS);
    return {
      year: wall.getUTCFullYear(),
      month: wall.getUTCMonth() + 1,
      day: wall.getUTCDate(),
      hour: wall.getUTCHours(),
      minute: wall.getUTCMinutes(),
    };
  }
  return intlCopenhagenParts(date);
}

/** copenhagenParts by the runtime's time-zone data (the years the EU rule does not cover, and the tests). */
export function intlCopenhagenParts(date: Date): CopenhagenParts {
  const fields = new Map<string, number>();
  for (const part of copenhagenFormatter().formatToParts(date)) {
    if (part.type !== 'literal') fields.set(part.type, Number(part.value));
  }
  const get = (type: string): number => fields.get(type) ?? Number.NaN;
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
  };
}

const pad2 = (n: number): string => String(n).padStart(2, '0');

/** '22. november 2026' */
export function formatLongDate(value: string | Date): string {
  const { year, month, day } = copenhagenParts(value);
  return `${day}. ${DANISH_MONTHS[month - 1] ?? ''} ${year}`;
}

/** '14:05' (24-hour clock) */
export function formatTime(value: string | Date): string {
  const { hour, minute } = copenhagenParts(value);
  return `${pad2(hour)}:${pad2(minute)}`;
}

/** '22. november 2026 14:05' */
export function formatDateTime(value: string | Date): string {
  return `${formatLongDate(value)} ${formatTime(value)}`;
}

/** The Danish calendar day of an instant (default now), 'YYYY-MM-DD'. */
export function copenhagenDate(value: string | Date = new Date()): string {
  const { year, month, day } = copenhagenParts(value);
  return `${year}-${pad2(month)}-${pad2(day)}`;
}

/** A calendar day 'YYYY-MM-DD' in Danish: '3. december 2026'. */
export function formatDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return `${date}. ${DANISH_MONTHS[(month ?? 1) - 1] ?? ''} ${year}`;
}

/** The current instant as the ISO UTC string stored in the database. Takes a clock so callers can test. */
export function nowIso(clock: () => Date = () => new Date()): string {
  return clock().toISOString();
}

/** '3. marts 14:02': a moment this year or last, in an order's history. */
export function formatDayMonthTime(value: string | Date): string {
  const { month, day } = copenhagenParts(value);
  return `${day}. ${DANISH_MONTHS[month - 1] ?? ''} ${formatTime(value)}`;
}

/** The instant a Copenhagen calendar month begins (midnight on the 1st, winter or summer time). */
function copenhagenMonthStart(year: number, month: number): Date {
  // Copenhagen is UTC+1 or UTC+2: one of the two candidates is local midnight on the 1st.
  for (const offsetHours of [1, 2]) {
    const candidate = new Date(Date.UTC(year, month - 1, 1, -offsetHours));
    const parts = copenhagenParts(candidate);
    if (parts.year === year && parts.month === month && parts.day === 1 && parts.hour === 0) return candidate;
  }
  throw new RangeError(`No Copenhagen midnight found for ${year}-${month}`);
}

/** The Copenhagen calendar month around `now` as [from, until) instants, e.g. for "Afsendt i denne måned". */
export function copenhagenMonth(now: Date = new Date()): { from: string; until: string } {
  const { year, month } = copenhagenParts(now);
  const next = month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
  return {
    from: copenhagenMonthStart(year, month).toISOString(),
    until: copenhagenMonthStart(next.year, next.month).toISOString(),
  };
}

/** The Copenhagen calendar year of an instant (default now). */
export function copenhagenYear(now: Date = new Date()): number {
  return copenhagenParts(now).year;
}

/**
 * The 13 instants (ISO, UTC) that bound the 12 Copenhagen months of `year`: [0] is 1 January 00:00 local time,
 * [12] is 1 January of the next year. Month m (1–12) is [bounds[m - 1], bounds[m]); SQL buckets ISO text by
 * comparing with these, since SQLite has no time zones (Sales).
 */
export function copenhagenMonthBounds(year: number): string[] {
  return Array.from({ length: 13 }, (_, i) =>
    copenhagenMonthStart(year + Math.floor(i / 12), (i % 12) + 1).toISOString(),
  );
}

/** A month's Danish name with a capital, as a table or list starts it: 1 → 'Januar'. */
export function monthTitle(month: number): string {
  const name = DANISH_MONTHS[month - 1] ?? '';
  return name.charAt(0).toLocaleUpperCase('da') + name.slice(1);
}

/** A month's short Danish name for a chart axis: 1 → 'jan', 5 → 'maj'. */
export function monthShort(month: number): string {
  return (DANISH_MONTHS[month - 1] ?? '').slice(0, 3);
}
