import { addDays, formatIsoDate } from '#shared/dates.ts';

/**
 * Seasons and blocks store an exclusive end (the morning after their last night), but a person reads a
 * range of nights by its last night: a season ending on the 24th prices the 23rd, not the 24th.
 */
export function nightsRange(startDate: string, endDate: string, withYear = false): string {
  const last = addDays(endDate, -1);
  const first = formatIsoDate(startDate, withYear);
  return last <= startDate ? first : `${first} – ${formatIsoDate(last, withYear)}`;
}

/** A bar's dates: bookings and imported stays read check-in – check-out; a block reads its nights. */
export function barDates(bar: { kind: string; startDate: string; endDate: string }): string {
  return bar.kind === 'block'
    ? nightsRange(bar.startDate, bar.endDate)
    : `${formatIsoDate(bar.startDate)} – ${formatIsoDate(bar.endDate)}`;
}
