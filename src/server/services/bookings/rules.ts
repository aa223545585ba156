import { addDays, daysBetween } from '../../../shared/dates.ts';
import type { TSettings } from '../../../shared/schemas/settings.ts';
import { AppError } from '../../errors.ts';
import { AT_LEAST_ONE_GUEST, CHECK_OUT_AFTER_CHECK_IN, SIGN_IN_TO_BOOK } from '../../../shared/messages.ts';
import { plural } from '../../../shared/labels.ts';

/** Re-exported for the services that import it from here; the wording lives in shared/messages.ts. */
export { SIGN_IN_TO_BOOK };
export const PRICE_CHANGED = 'The price has changed. Please review the new total.';

const HOUR_MS = 3_600_000;

/**
 * The calendar dates that are "today" somewhere on Earth right now (UTC−12 to UTC+14).
 * A stay's dates carry no time zone (docs/decisions.md#calendar-dates) and the server does not know the guest's, so a date is
 * "not in the past" when it is today for someone, and the advance window is counted from the latest today.
 */
export function todaySpan(now: Date = new Date()): { earliest: string; latest: string } {
  return {
    earliest: new Date(now.getTime() - 12 * HOUR_MS).toISOString().slice(0, 10),
    latest: new Date(now.getTime() + 14 * HOUR_MS).toISOString().slice(0, 10),
  };
}

export interface TStay {
  checkIn: string;
  checkOut: string;
  guests: number;
}

type TStaySettings = Pick<TSettings, 'minNightsDefault' | 'maxNightsDefault' | 'advanceBookingDays'>;

/** Every stay rule that needs no database (docs/decisions.md#stay-rules); each failure is a 400 with the message a guest reads. */
export function checkStay(
  stay: TStay,
  maxGuests: number,
  settings: TStaySettings,
  now: Date = new Date(),
): void {
  const fail = (message: string) => {
    throw new AppError('VALIDATION', message);
  };
  const today = todaySpan(now);
  if (stay.checkIn < today.earliest) fail('Check-in date cannot be in the past');
  if (stay.checkOut <= stay.checkIn) fail(CHECK_OUT_AFTER_CHECK_IN);
  const nights = daysBetween(stay.checkIn, stay.checkOut);
  if (nights < settings.minNightsDefault)
    fail(`Stays must be at least ${plural(settings.minNightsDefault, 'night', 'nights')}`);
  if (nights > settings.maxNightsDefault)
    fail(`Stays cannot be longer than ${plural(settings.maxNightsDefault, 'night', 'nights')}`);
  if (stay.checkIn > addDays(today.latest, settings.advanceBookingDays)) {
    fail(`Bookings can be made at most ${plural(settings.advanceBookingDays, 'day', 'days')} in advance`);
  }
  if (stay.guests < 1) fail(AT_LEAST_ONE_GUEST);
  if (stay.guests > maxGuests) fail(`This property allows at most ${plural(maxGuests, 'guest', 'guests')}`);
}
