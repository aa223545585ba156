import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import { countedGuests, partyColumns } from '#shared/pricing.ts';
import { ZQuote, type TBooking, type ZBookingCreateInput } from '#shared/schemas/booking.ts';
import { AppError } from '../../errors.ts';
import {
  findStayContext,
  insertBooking,
  type TBookingCompanions,
  type TNewBooking,
  type TStayContext,
  type TStayHome,
  type TStaySettings,
} from '../../repositories/bookings.ts';
import { onOneConnection, type TRunSql } from '../../repositories/sql.ts';
import { PROPERTY_NOT_FOUND } from '../properties/queries.ts';
import { getSettings } from '../settings/settings.ts';
import { priceStay } from './quote.ts';
import { newConfirmationNumber, snapshotOf, withConfirmationNumber } from './new-booking.ts';
import { enforceStay, limitsOf, partyOf, PRICE_CHANGED, SIGN_IN_TO_BOOK } from './rules.ts';

/** The stay's context; when the settings record does not exist yet, getSettings creates it. */
async function loadStayContext(
  em: EntityManager,
  run: TRunSql,
  input: z.output<typeof ZBookingCreateInput>,
  candidateNumbers: string[],
): Promise<TStayContext> {
  const found = await findStayContext(run, input, candidateNumbers);
  if (found) return found;
  await getSettings(em);
  const created = await findStayContext(run, input, candidateNumbers);
  if (!created) throw new Error('the settings record is missing');
  return created;
}

/**
 * The booking's owner is whoever the session belongs to (docs/decisions.md#booking-identity): the session user, never the acting
 * user. The spec's client sends `?directAdmin=true` with every booking; in demo mode that flag makes the
 * seeded admin the acting user, which must not make a guest's booking the admin's.
 */
export interface TBookingCaller {
  sessionUser: { id: number } | null;
}

/** What the booking's statement writes with it, made from the booking (its number) and what it was checked against. */
export type TCompanionsOf = (
  booking: Omit<TBooking, 'id'>,
  property: TStayHome,
  settings: TStaySettings,
) => TBookingCompanions;

/** Numbers checked against the bookings with the stay's context, so the insert rarely meets a taken one. */
const CONFIRMATION_CANDIDATES = 4;

/**
 * Creates a booking, confirmed or requested by the home's booking mode (docs/decisions.md#booking-identity, #server-price, #no-double-bookings, #stay-rules): identity from the session (null for a guest), every stay
 * rule checked here, the price computed here and snapshotted, and the dates held by the exclusion
 * constraint, whose violation the error table turns into 409 'These dates are no longer available'.
 * The booking and its companions (manage link, its emails' token) are one statement: all or nothing.
 */
export async function createBooking(
  em: EntityManager,
  caller: TBookingCaller,
  input: z.output<typeof ZBookingCreateInput>,
  companionsOf: TCompanionsOf,
  now: Date = new Date(),
): Promise<TBooking> {
  const user = caller.sessionUser;
  const candidates = Array.from({ length: CONFIRMATION_CANDIDATES }, newConfirmationNumber);
  // One read and one insert on one connection, with no transaction: the insert is one statement.
  return onOneConnection(em, async (run) => {
    const { settings, property, rules, freeNumbers } = await loadStayContext(em, run, input, candidates);
    if (settings.enableGuestRegistration && !user) throw new AppError('UNAUTHORIZED', SIGN_IN_TO_BOOK);
    if (!property || !rules) throw new AppError('NOT_FOUND', PROPERTY_NOT_FOUND);
    // The quote judges a stay with the same function and limits (docs/booking-operations.md#stay-rules).
    const party = partyOf(input) ?? { adults: input.guests, children: 0, infants: 0, pets: 0 };
    enforceStay(
      { ...input, guests: countedGuests(party), pets: party.pets },
      limitsOf(settings, { ...rules, maxGuests: property.maxGuests }),
      now,
    );

    const quote = priceStay(rules, settings.taxRate, input, party, now);
    if (input.totalPrice !== undefined && input.totalPrice !== quote.total) {
      // Details skip the output schema: the quote goes out in currency units as the procedure's answers do.
      throw new AppError('CONFLICT', PRICE_CHANGED, {
        details: { quote: ZQuote.parse({ ...quote, available: true }) },
      });
    }

    const userId = user?.id ?? null;
    const createdAt = now.toISOString();
    // An instant booking is confirmed at once; a request holds its dates until answered (docs/booking-operations.md#booking-modes).
    const request = property.bookingMode === 'request';
    const status = request ? 'requested' : 'confirmed';
    const respondBy = request
      ? new Date(now.getTime() + settings.requestResponseHours * 3_600_000).toISOString()
      : null;
    // One statement per attempt: a clash on the confirmation number inserts nothing (no error, so a
    // caller's transaction goes on) and draws again, while a clash on the dates raises 23P01 from the
    // exclusion constraint.
    return withConfirmationNumber(async (confirmationNumber) => {
      const row: TNewBooking = {
        propertyId: property.id,
        userId,
        checkIn: input.checkIn,
        checkOut: input.checkOut,
        ...partyColumns(party),
        ...snapshotOf(quote),
        contactInfo: input.contactInfo,
        confirmationNumber,
        createdAt,
        status,
        respondBy,
      };
      const booking: Omit<TBooking, 'id'> = { ...row, status };
      const written = await insertBooking(run, row, companionsOf(booking, property, settings));
      return written ? { id: written.id, ...booking } : null;
    }, freeNumbers);
  });
}
