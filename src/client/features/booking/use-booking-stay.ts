import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { BOOKING_DEFAULT_NIGHTS } from '#shared/constants.ts';
import { bookingCardParty } from '#shared/pricing.ts';
import { addDays, daysBetween, todayIso } from '#shared/dates.ts';
import { plural } from '#shared/labels.ts';
import { DATES_UNAVAILABLE } from '#shared/messages.ts';
import type { TBlockedRange, TProperty } from '#shared/schemas/property.ts';
import { useSiteConfig } from '../../components/layout/use-site-config.ts';
import { availabilityQuery, stayRulesQuery } from './api.ts';
import { clampCheckOut, firstFreeStay, isCheckOutBlocked, overlapsBlocked } from './blocked-dates.ts';
import type { TPartyChoice } from '../../components/party-picker.tsx';

/** Dates and guests carried in the page URL from a search (docs/decisions.md#booking-card-defaults): they come before the defaults. */
export interface TInitialStay {
  checkIn?: string;
  checkOut?: string;
  guests?: number;
  /** Past the adults, as the checkout's URL carries them. */
  children?: number;
  infants?: number;
  pets?: number;
}

const NO_RANGES: TBlockedRange[] = [];

/**
 * The booking card's stay: the URL's dates, or the first free stay of the default length from today
 * (at least the home's minimum nights) once the calendar is known, or the guest's own choice. It never
 * starts on a night it knows is taken, and `problem` says inline why the chosen dates cannot be booked.
 */
export function useBookingStay(property: TProperty, initial: TInitialStay) {
  const today = todayIso();
  const { settings } = useSiteConfig();
  const availability = useQuery(availabilityQuery(property.id));
  const rules = useQuery(stayRulesQuery(property.id));
  const ranges = availability.data ?? NO_RANGES;
  const minNights = rules.data?.minNights ?? settings.minNightsDefault;
  const maxNights = rules.data?.maxNights ?? settings.maxNightsDefault;
  const advanceDays = rules.data?.advanceBookingDays ?? settings.advanceBookingDays;
  const lastCheckIn = addDays(today, advanceDays);
  const stayLength = Math.max(1, Math.min(Math.max(BOOKING_DEFAULT_NIGHTS, minNights), maxNights));
  const known = availability.isSuccess && !rules.isPending;
  // Answered, even with a failure: until then the card's default dates are not known yet.
  const settled = !availability.isPending && !rules.isPending;

  const [chosen, setChosen] = useState<{ checkIn: string | null; checkOut: string | null } | null>(
    initial.checkIn && initial.checkOut ? { checkIn: initial.checkIn, checkOut: initial.checkOut } : null,
  );
  const [guests, setGuests] = useState(() => bookingCardParty(property.maxGuests, initial.guests).adults);
  // Past the adults (`guests`, as the URL and the server call them): who else comes (docs/booking-operations.md#guests).
  const [extras, setExtras] = useState({
    children: initial.children ?? 0,
    infants: initial.infants ?? 0,
    pets: initial.pets ?? 0,
  });
  const party: TPartyChoice = { adults: guests, ...extras };
  const setParty = (next: TPartyChoice) => {
    setGuests(next.adults);
    setExtras({ children: next.children, infants: next.infants, pets: next.pets });
  };

  const fallback = useMemo(
    () => (known ? firstFreeStay(today, stayLength, ranges, lastCheckIn) : null),
    [known, today, stayLength, ranges, lastCheckIn],
  );
  const checkIn = chosen ? chosen.checkIn : (fallback?.checkIn ?? null);
  const checkOut = chosen ? chosen.checkOut : (fallback?.checkOut ?? null);

  /** A check-in sets the check-out a default stay later, clamped before the next taken night. */
  const chooseCheckIn = (value: string | null) => {
    if (!value) {
      setChosen({ checkIn: null, checkOut: null });
      return;
    }
    setChosen({ checkIn: value, checkOut: clampCheckOut(value, addDays(value, stayLength), ranges) });
  };
  const chooseCheckOut = (value: string | null) => setChosen({ checkIn, checkOut: value });

  let problem: string | null = null;
  if (checkIn && checkOut && checkOut > checkIn) {
    const nights = daysBetween(checkIn, checkOut);
    if (checkIn < today) problem = 'Check-in date cannot be in the past';
    else if (overlapsBlocked(checkIn, checkOut, ranges)) problem = DATES_UNAVAILABLE;
    else if (nights < minNights) problem = `Stays must be at least ${plural(minNights, 'night', 'nights')}`;
    else if (nights > maxNights)
      problem = `Stays cannot be longer than ${plural(maxNights, 'night', 'nights')}`;
    else if (checkIn > lastCheckIn)
      problem = `Bookings can be made at most ${plural(advanceDays, 'day', 'days')} in advance`;
  }

  return {
    today,
    ranges,
    checkIn,
    checkOut,
    guests,
    setGuests,
    party,
    setParty,
    chooseCheckIn,
    chooseCheckOut,
    minNights,
    maxNights,
    lastCheckIn,
    settled,
    /** Why the chosen stay cannot be booked, said inline; Reserve stays disabled while it is set. */
    problem,
    /** A check-in day is offered only when the minimum stay from it crosses no taken night. */
    isCheckInBlocked: (day: string) => overlapsBlocked(day, addDays(day, Math.max(1, minNights)), ranges),
    isCheckOutBlocked: (day: string) =>
      isCheckOutBlocked(day, checkIn, ranges) || (checkIn !== null && daysBetween(checkIn, day) < minNights),
  };
}

export type TBookingStay = ReturnType<typeof useBookingStay>;
