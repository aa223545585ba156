import { randomInt } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import { quoteStay } from '../../../shared/pricing.ts';
import type { TBooking, ZBookingCreateInput } from '../../../shared/schemas/booking.ts';
import type { TSettings } from '../../../shared/schemas/settings.ts';
import { AppError } from '../../errors.ts';
import { intArray } from '../../repositories/calendar-holds.ts';
import { stayRulesFor } from '../../repositories/property-rates.ts';
import { PROPERTY_NOT_FOUND } from '../properties/queries.ts';
import { getSettings } from '../settings/settings.ts';
import { checkStay, PRICE_CHANGED, SIGN_IN_TO_BOOK } from './rules.ts';

interface TStayContextRow {
  tax_rate: number;
  min_nights_default: number;
  max_nights_default: number;
  advance_booking_days: number;
  enable_guest_registration: boolean;
  property_id: number | null;
  price: number | null;
  max_guests: number | null;
}

type TStaySettings = Pick<
  TSettings,
  'taxRate' | 'minNightsDefault' | 'maxNightsDefault' | 'advanceBookingDays' | 'enableGuestRegistration'
>;

/**
 * The settings a booking obeys and the property's price and capacity, in one round trip: this is the
 * hot path of the booking benchmark. When the settings record does not exist yet, getSettings creates it.
 */
async function loadStayContext(
  em: EntityManager,
  propertyId: number,
): Promise<{ settings: TStaySettings; property: { id: number; price: number; maxGuests: number } | null }> {
  const query = () =>
    em.getConnection().execute<TStayContextRow[]>(
      `select s.tax_rate, s.min_nights_default, s.max_nights_default, s.advance_booking_days, s.enable_guest_registration,
              p.id as property_id, p.price, p.max_guests
         from settings s
         left join properties p on p.id = ? and p.archived_at is null
        where s.id = 1`,
      [propertyId],
    );
  let row = (await query())[0];
  if (!row) {
    await getSettings(em);
    row = (await query())[0];
  }
  if (!row) throw new Error('the settings record is missing');
  return {
    settings: {
      taxRate: Number(row.tax_rate),
      minNightsDefault: row.min_nights_default,
      maxNightsDefault: row.max_nights_default,
      advanceBookingDays: row.advance_booking_days,
      enableGuestRegistration: row.enable_guest_registration,
    },
    property:
      row.property_id !== null && row.price !== null && row.max_guests !== null
        ? { id: row.property_id, price: row.price, maxGuests: row.max_guests }
        : null,
  };
}

/**
 * The booking's owner is whoever the session belongs to (DECISIONS 2): the session user, never the acting
 * user. The spec's client sends `?directAdmin=true` with every booking; in demo mode that flag makes the
 * seeded admin the acting user, which must not make a guest's booking the admin's.
 */
export interface TBookingCaller {
  sessionUser: { id: number } | null;
}

/** 'BIC' and a random number of up to 6 digits (guest-side §9), made on the server so it can be looked up. */
export function newConfirmationNumber(): string {
  return `BIC${randomInt(100_000, 1_000_000)}`;
}

/** A fresh number is drawn on the rare clash with an existing one; this many draws in a row cannot all clash in practice. */
const CONFIRMATION_ATTEMPTS = 8;

/**
 * Creates a pending booking (DECISIONS 2, 3, 5, 7): identity from the session (null for a guest), every stay
 * rule checked here, the price computed here and snapshotted, and the dates held by the exclusion
 * constraint, whose violation the error table turns into 409 'These dates are no longer available'.
 */
export async function createBooking(
  em: EntityManager,
  caller: TBookingCaller,
  input: z.output<typeof ZBookingCreateInput>,
  now: Date = new Date(),
): Promise<TBooking> {
  const user = caller.sessionUser;
  const [{ settings, property }, rules] = await Promise.all([
    loadStayContext(em, input.propertyId),
    stayRulesFor(em, [input.propertyId], input.checkIn, input.checkOut),
  ]);
  if (settings.enableGuestRegistration && !user) throw new AppError('UNAUTHORIZED', SIGN_IN_TO_BOOK);
  const homeRules = rules.get(input.propertyId);
  if (!property || !homeRules) throw new AppError('NOT_FOUND', PROPERTY_NOT_FOUND);
  // A home's own minimum stay overrides the settings' default (issue 14).
  checkStay(
    input,
    property.maxGuests,
    { ...settings, minNightsDefault: homeRules.minNights ?? settings.minNightsDefault },
    now,
  );

  const quote = quoteStay(homeRules, input.checkIn, input.checkOut, settings.taxRate);
  if (input.totalPrice !== undefined && input.totalPrice !== quote.total) {
    throw new AppError('CONFLICT', PRICE_CHANGED, { details: { quote } });
  }

  const userId = user?.id ?? null;
  const createdAt = now.toISOString();
  // One statement per attempt: a clash on the confirmation number inserts nothing (no error, so the
  // caller's transaction goes on) and draws again, while a clash on the dates raises 23P01 from the
  // exclusion constraint.
  for (let attempt = 0; attempt < CONFIRMATION_ATTEMPTS; attempt++) {
    const confirmationNumber = newConfirmationNumber();
    const rows = await em.execute<{ id: number }[]>(
      `insert into bookings (user_id, property_id, check_in, check_out, guests, total_price, status, contact_info,
                             nightly_price, nights, tax_rate, tax_amount, night_prices, confirmation_number, created_at)
       values (?, ?, ?::date, ?::date, ?, ?, 'pending', ?::jsonb, ?, ?, ?, ?, ?::int[], ?, ?::timestamptz)
       on conflict (confirmation_number) do nothing
       returning id`,
      [
        userId,
        property.id,
        input.checkIn,
        input.checkOut,
        input.guests,
        quote.total,
        JSON.stringify(input.contactInfo),
        quote.nightlyPrice,
        quote.nights,
        quote.taxRate,
        quote.tax,
        intArray(quote.nightly.map((n) => n.price)),
        confirmationNumber,
        createdAt,
      ],
    );
    const id = rows[0]?.id;
    if (id === undefined) continue;
    return {
      id,
      propertyId: property.id,
      userId,
      checkIn: input.checkIn,
      checkOut: input.checkOut,
      guests: input.guests,
      totalPrice: quote.total,
      status: 'pending',
      contactInfo: input.contactInfo,
      nightlyPrice: quote.nightlyPrice,
      nights: quote.nights,
      taxRate: quote.taxRate,
      taxAmount: quote.tax,
      nightPrices: quote.nightly.map((n) => n.price),
      confirmationNumber,
      createdAt,
    };
  }
  throw new AppError('UNAVAILABLE', 'Could not issue a confirmation number. Please try again.');
}
