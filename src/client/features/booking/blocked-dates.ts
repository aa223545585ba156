import { addDays } from '../../../shared/dates.ts';
import type { TBlockedRange } from '../../../shared/schemas/property.ts';

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
