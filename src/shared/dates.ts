/**
 * Calendar dates as `yyyy-MM-dd` strings, end to end (docs/decisions.md#calendar-dates).
 * All arithmetic is done in UTC on the date alone so no time zone can shift a stay by a day.
 */
export const ISO_DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

export function isValidIsoDate(value: string): boolean {
  if (!ISO_DATE_RE.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

export function toUtcMs(value: string): number {
  return Date.parse(`${value}T00:00:00Z`);
}

export function addDays(value: string, days: number): string {
  return new Date(toUtcMs(value) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (positive when `to` is later). */
export function daysBetween(from: string, to: string): number {
  return Math.round((toUtcMs(to) - toUtcMs(from)) / 86_400_000);
}

/** Today's calendar date where the code runs (the browser's local day, or the server's). */
export function todayIso(now: Date = new Date()): string {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, '0');
  const d = String(now.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/** A local Date (midnight) for a calendar date, for date pickers. */
export function isoToLocalDate(value: string): Date {
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** `Jan` … `Dec`, as Intl's en-US short month. */
export const MONTHS_SHORT = MONTHS.map((m) => m.slice(0, 3));

/** `November 2026`: an instant's month in the reader's own time zone, written by hand as formatIsoDate is. */
export function formatMonthYear(instant: Date | string): string {
  const d = new Date(instant);
  return `${MONTHS[d.getMonth()] ?? ''} ${d.getFullYear()}`;
}

/**
 * `Nov 22` or, with the year, `Nov 22, 2026` (en-US, as the spec's labels). Written from the date's own
 * digits, not with Intl: the first Intl formatter a page builds loads the locale's data, one long task on
 * a phone while the app first renders (docs/money.md says the same of prices).
 */
export function formatIsoDate(value: string, withYear = false): string {
  if (!ISO_DATE_RE.test(value)) throw new RangeError(`Not a calendar date: ${value}`);
  const month = MONTHS[Number(value.slice(5, 7)) - 1]?.slice(0, 3);
  if (!month) throw new RangeError(`Not a calendar date: ${value}`);
  const day = `${month} ${Number(value.slice(8, 10))}`;
  return withYear ? `${day}, ${Number(value.slice(0, 4))}` : day;
}

/** `Nov 22` this year, `Jan 3, 2027` in any other (docs/product.md#guest-constants: the year where a year is needed). */
export function formatDateForToday(value: string, today: string = todayIso()): string {
  return formatIsoDate(value, value.slice(0, 4) !== today.slice(0, 4));
}
