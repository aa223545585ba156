import { addDays, toUtcMs } from '#shared/dates.ts';
import { offsetMinutes } from '#shared/home-time.ts';
import type { TMessageTrigger } from '#shared/schemas/messaging.ts';

/**
 * When a timed template's message is due for a booking (docs/messaging.md#automated-messages): a calendar
 * day and a time of day at the home, turned into an instant with the home's own time zone.
 */

export interface TTimedTemplate {
  trigger: TMessageTrigger;
  offsetDays: number;
  sendTime: string | null;
}

/** The time of day a timed trigger uses when its template names none. */
const DEFAULT_TIME: Partial<Record<TMessageTrigger, string>> = {
  days_before_check_in: '10:00',
  check_in_day: '09:00',
  days_after_check_in: '11:00',
  day_before_check_out: '18:00',
  days_after_check_out: '10:00',
};

/** The instant the clock at the home shows `hhmm` on `day` (`yyyy-MM-dd`). */
export function instantAtHome(day: string, hhmm: string, zone: string): Date {
  const [h, min] = hhmm.split(':').map(Number);
  const wall = toUtcMs(day) + ((h ?? 0) * 60 + (min ?? 0)) * 60_000;
  // The offset at the guess, then at the corrected instant (a DST change that day moves it).
  const first = wall - offsetMinutes(zone, wall) * 60_000;
  return new Date(wall - offsetMinutes(zone, first) * 60_000);
}

/** The due instant of a timed template for a stay; null for the event triggers and saved replies. */
export function dueAt(
  t: TTimedTemplate,
  stay: { checkIn: string; checkOut: string },
  zone: string,
): Date | null {
  const time = t.sendTime ?? DEFAULT_TIME[t.trigger];
  if (!time) return null;
  switch (t.trigger) {
    case 'days_before_check_in':
      return instantAtHome(addDays(stay.checkIn, -t.offsetDays), time, zone);
    case 'check_in_day':
      return instantAtHome(stay.checkIn, time, zone);
    case 'days_after_check_in': {
      // A check during the stay: none when the stay is over by that day.
      const day = addDays(stay.checkIn, t.offsetDays);
      return day < stay.checkOut ? instantAtHome(day, time, zone) : null;
    }
    case 'day_before_check_out':
      return instantAtHome(addDays(stay.checkOut, -1), time, zone);
    case 'days_after_check_out':
      return instantAtHome(addDays(stay.checkOut, t.offsetDays), time, zone);
    default:
      return null;
  }
}
