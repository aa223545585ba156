import { addDays, daysBetween } from '#shared/dates.ts';
import type { TSettings } from '#shared/schemas/settings.ts';
import { AppError } from '../../errors.ts';
import { AT_LEAST_ONE_GUEST, CHECK_OUT_AFTER_CHECK_IN, SIGN_IN_TO_BOOK } from '#shared/messages.ts';
import { plural } from '#shared/labels.ts';
import { countedGuests, type THomePricing, type TParty } from '#shared/pricing.ts';

/** Re-exported for the services that import it from here; the wording lives in shared/messages.ts. */
export { SIGN_IN_TO_BOOK };
export const PETS_NOT_ALLOWED = 'This home does not allow pets';
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
  /** Counted towards capacity: adults and children. */
  guests: number;
  pets?: number;
}

/**
 * Who stays, from a quote's or a booking's input (docs/booking-operations.md#guests): `guests` means the
 * adults, as it did before the party was split; null when the input names nobody.
 */
export function partyOf(input: {
  guests?: number | undefined;
  children?: number | undefined;
  infants?: number | undefined;
  pets?: number | undefined;
}): TParty | null {
  if (input.guests === undefined) return null;
  return {
    adults: input.guests,
    children: input.children ?? 0,
    infants: input.infants ?? 0,
    pets: input.pets ?? 0,
  };
}

/** The day a stay is booked on, for the booking-window discounts: the server's UTC date. */
export const bookingDay = (now: Date) => now.toISOString().slice(0, 10);

type TStaySettings = Pick<TSettings, 'minNightsDefault' | 'maxNightsDefault' | 'advanceBookingDays'>;

/** The limits one home's stays are held to: the home's own where the operator set them, else the settings'. */
export interface TStayLimits {
  minNights: number;
  maxNights: number;
  advanceBookingDays: number;
  maxGuests: number;
  /** Weekdays (0 = Sunday) a stay may start or end on; null or empty: any day. */
  checkInDays?: readonly number[] | null;
  checkOutDays?: readonly number[] | null;
  petsAllowed?: boolean;
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

function dayList(days: readonly number[]): string {
  const names = [...days].sort((a, b) => a - b).map((d) => WEEKDAYS[d] ?? String(d));
  return names.length < 2
    ? (names[0] ?? '')
    : `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
}

const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

/**
 * The first stay rule a stay breaks, in the words a guest reads, or null (docs/booking-operations.md#stay-rules).
 * The one judge of a stay: the quote answers it as `reason` and the booking as its 400. Without `guests`
 * (a quote for dates alone) the capacity is not judged.
 */
export function stayProblem(
  stay: { checkIn: string; checkOut: string; guests?: number | undefined; pets?: number | undefined },
  limits: TStayLimits,
  now: Date = new Date(),
): string | null {
  const today = todaySpan(now);
  if (stay.checkIn < today.earliest) return 'Check-in date cannot be in the past';
  if (stay.checkOut <= stay.checkIn) return CHECK_OUT_AFTER_CHECK_IN;
  const nights = daysBetween(stay.checkIn, stay.checkOut);
  if (nights < limits.minNights)
    return `Stays must be at least ${plural(limits.minNights, 'night', 'nights')}`;
  if (nights > limits.maxNights)
    return `Stays cannot be longer than ${plural(limits.maxNights, 'night', 'nights')}`;
  if (stay.checkIn > addDays(today.latest, limits.advanceBookingDays)) {
    return `Bookings can be made at most ${plural(limits.advanceBookingDays, 'day', 'days')} in advance`;
  }
  if (limits.checkInDays?.length && !limits.checkInDays.includes(weekday(stay.checkIn)))
    return `Check-in is on ${dayList(limits.checkInDays)} only`;
  if (limits.checkOutDays?.length && !limits.checkOutDays.includes(weekday(stay.checkOut)))
    return `Check-out is on ${dayList(limits.checkOutDays)} only`;
  return partyProblem(stay, limits);
}

/** The party's part of stayProblem: capacity (when `guests` are given) and pets. */
function partyProblem(
  party: { guests?: number | undefined; pets?: number | undefined },
  limits: Pick<TStayLimits, 'maxGuests' | 'petsAllowed'>,
): string | null {
  if (party.guests !== undefined) {
    if (party.guests < 1) return AT_LEAST_ONE_GUEST;
    if (party.guests > limits.maxGuests)
      return `This property allows at most ${plural(limits.maxGuests, 'guest', 'guests')}`;
  }
  if (party.pets && !limits.petsAllowed) return PETS_NOT_ALLOWED;
  return null;
}

/**
 * What a home must have for partyProblem to take `party`: the search asks it of every home, so the homes
 * it finds for a party are those whose quote takes that party (docs/features.md#pets). A home passes
 * exactly when its maxGuests is at least `minGuests` and, when `petsAllowed` is true, it allows pets.
 */
export function partyNeeds(party: TParty): { minGuests: number; petsAllowed: boolean } {
  return { minGuests: countedGuests(party), petsAllowed: party.pets > 0 };
}

/** Whether a home's limits take the party, by partyProblem itself (the search's rows are checked by it). */
export const takesParty = (party: TParty, limits: Pick<TStayLimits, 'maxGuests' | 'petsAllowed'>) =>
  partyProblem({ guests: countedGuests(party), pets: party.pets }, limits) === null;

/** The settings' limits with the home's own where it has them. */
export function limitsOf(
  settings: TStaySettings,
  home: { maxGuests: number; minNights?: number | null; pricing?: THomePricing | null },
): TStayLimits {
  return {
    minNights: home.minNights ?? settings.minNightsDefault,
    maxNights: home.pricing?.maxNights ?? settings.maxNightsDefault,
    advanceBookingDays: settings.advanceBookingDays,
    maxGuests: home.maxGuests,
    checkInDays: home.pricing?.checkInDays ?? null,
    checkOutDays: home.pricing?.checkOutDays ?? null,
    petsAllowed: home.pricing?.petsAllowed ?? false,
  };
}

/** Every stay rule that needs no database (docs/decisions.md#stay-rules); each failure is a 400 with the message a guest reads. */
export function checkStay(
  stay: TStay,
  maxGuests: number,
  settings: TStaySettings,
  now: Date = new Date(),
): void {
  enforceStay(stay, limitsOf(settings, { maxGuests }), now);
}

/** stayProblem as the booking answers it: a 400 with the reason. */
export function enforceStay(stay: TStay, limits: TStayLimits, now: Date = new Date()): void {
  const problem = stayProblem(stay, limits, now);
  if (problem) throw new AppError('VALIDATION', problem);
}
