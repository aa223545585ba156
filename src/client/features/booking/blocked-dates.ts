import { addDays } from '#shared/dates.ts';
import type { TBlockedRange } from '#shared/schemas/property.ts';

/** True when the night starting on `day` is held by a booking (ranges are half-open: check-out day free). */
export function isNightBlocked(day: string, ranges: readonly TBlockedRange[]): boolean {
  return ranges.some((r) => r.checkIn <= day && day < r.checkOut);
}

/**
 * True when `day` cannot be the check-out: not after the check-in, or the stay would cross a booked
 * night. Without a check-in, a day is blocked when the night before it is booked.
 */
export function isCheckOutBlocked(
  day: string,
  checkIn: string | null,
  ranges: readonly TBlockedRange[],
): boolean {
  if (!checkIn) return isNightBlocked(addDays(day, -1), ranges);
  if (day <= checkIn) return true;
  return ranges.some((r) => r.checkIn < day && checkIn < r.checkOut);
}

/** True when the stay [checkIn, checkOut) overlaps a booked range. */
export function overlapsBlocked(
  checkIn: string,
  checkOut: string,
  ranges: readonly TBlockedRange[],
): boolean {
  return ranges.some((r) => r.checkIn < checkOut && checkIn < r.checkOut);
}

/**
 * The first stay of `nights` nights starting on or after `from` (and no later than `lastCheckIn`) that
 * crosses no held night (docs/decisions.md#booking-card-defaults); null when the window has none.
 */
export function firstFreeStay(
  from: string,
  nights: number,
  ranges: readonly TBlockedRange[],
  lastCheckIn: string,
): { checkIn: string; checkOut: string } | null {
  let checkIn = from;
  while (checkIn <= lastCheckIn) {
    const checkOut = addDays(checkIn, nights);
    const clashes = ranges.filter((r) => r.checkIn < checkOut && checkIn < r.checkOut);
    if (clashes.length === 0) return { checkIn, checkOut };
    // Every night up to the end of the latest clashing hold is taken for a stay this long.
    checkIn = clashes.reduce((end, r) => (r.checkOut > end ? r.checkOut : end), checkIn);
  }
  return null;
}

/**
 * The check-out for a stay from `checkIn` that wants to end on `wanted`: `wanted`, or the last free
 * check-out before the next held night when the stay would cross one (the next guest's check-in day).
 */
export function clampCheckOut(checkIn: string, wanted: string, ranges: readonly TBlockedRange[]): string {
  let end = wanted;
  for (const r of ranges) if (r.checkIn > checkIn && r.checkIn < end) end = r.checkIn;
  return end;
}
