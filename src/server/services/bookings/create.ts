import { randomInt } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import { quoteStay } from '../../../shared/pricing.ts';
import type { TBooking, ZBookingCreateInput } from '../../../shared/schemas/booking.ts';
import { AppError } from '../../errors.ts';
import {
  findStayContext,
  insertPendingBooking,
  type TStayContext,
  type TStayHome,
  type TStaySettings,
} from '../../repositories/bookings.ts';
import { stayRulesFor } from '../../repositories/property-rates.ts';
import { PROPERTY_NOT_FOUND } from '../properties/queries.ts';
import { getSettings } from '../settings/settings.ts';
import { checkStay, PRICE_CHANGED, SIGN_IN_TO_BOOK } from './rules.ts';

/** The stay's context; when the settings record does not exist yet, getSettings creates it. */
async function loadStayContext(em: EntityManager, propertyId: number): Promise<TStayContext> {
  const found = await findStayContext(em, propertyId);
  if (found) return found;
  await getSettings(em);
  const created = await findStayContext(em, propertyId);
  if (!created) throw new Error('the settings record is missing');
  return created;
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

/** The booking, and the home and settings it was checked against (its emails are composed from them). */
export interface TCreatedStay {
  booking: TBooking;
  property: TStayHome;
  settings: TStaySettings;
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
): Promise<TCreatedStay> {
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
    const id = await insertPendingBooking(em, {
      userId,
      propertyId: property.id,
      checkIn: input.checkIn,
      checkOut: input.checkOut,
      guests: input.guests,
      totalPrice: quote.total,
      contactInfo: input.contactInfo,
      nightlyPrice: quote.nightlyPrice,
      nights: quote.nights,
      taxRate: quote.taxRate,
      taxAmount: quote.tax,
      nightPrices: quote.nightly.map((n) => n.price),
      confirmationNumber,
      createdAt,
    });
    if (id === null) continue;
    const booking: TBooking = {
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
    return { booking, property, settings };
  }
  throw new AppError('UNAVAILABLE', 'Could not issue a confirmation number. Please try again.');
}
