import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import { daysBetween } from '#shared/dates.ts';
import { CHECK_OUT_AFTER_CHECK_IN, PROPERTY_NOT_FOUND } from '#shared/messages.ts';
import { CANCELLED_CANNOT_CHANGE, NOTHING_TO_CHANGE } from '#shared/operator-bookings.ts';
import { countedGuests, partyColumns, quoteStay, type TParty, type TQuote } from '#shared/pricing.ts';
import type { TAdminBooking } from '#shared/schemas/admin.ts';
import type {
  TBookingChangeResult,
  ZBookingChangeInput,
  ZOperatorBookingInput,
} from '#shared/schemas/operator-bookings.ts';
import { AppError, DATES_TAKEN_MESSAGE, toAppError } from '../../errors.ts';
import { clashingHolds } from '../../repositories/calendar-holds.ts';
import { insertBooking } from '../../repositories/bookings.ts';
import { onOneConnection } from '../../repositories/sql.ts';
import {
  lockBookingForChange,
  repricePaymentPlan,
  updateBookingStay,
  type TChangeBase,
} from '../../repositories/operator-bookings.ts';
import { findPlan, listLines } from '../../repositories/payments.ts';
import { stayRulesFor } from '../../repositories/property-rates.ts';
import { recordActivity, type TActor } from '../activity/activity.ts';
import { BOOKING_NOT_FOUND, getAdminBooking } from '../admin/bookings.ts';
import { newLinkToken } from '../auth/secret-tokens.ts';
import { clashMessage } from '../calendar/blocks.ts';
import { emailBookingChanged, emailOperatorBooking } from '../email/booking-changes.ts';
import { planBookingMessages } from '../messaging/automated.ts';
import { bookingMade } from '../messaging/lifecycle.ts';
import { totalsOf } from '../payments/ledger.ts';
import { getSettings } from '../settings/settings.ts';
import { snapshotOf, withConfirmationNumber } from './new-booking.ts';
import { manageLinkExpiry } from './manage.ts';
import { bookingDay, enforceStay, limitsOf, todaySpan } from './rules.ts';

/**
 * Bookings the operator enters and changes (docs/booking-operations.md#operator-bookings). Both are judged
 * by the same stay rules as a guest's booking and held by the same date_holds constraint; a clash answers
 * 409 naming what holds the dates.
 */

/** A home's price rules and stay limits for a stay, read as the quote reads them. */
async function homeFor(tx: EntityManager, propertyId: number, checkIn: string, checkOut: string) {
  const home = (await stayRulesFor(tx, [propertyId], checkIn, checkOut)).get(propertyId);
  if (!home) throw new AppError('NOT_FOUND', PROPERTY_NOT_FOUND);
  const settings = home.settings && home.taxRate !== null ? null : await getSettings(tx);
  return {
    rules: home,
    taxRate: home.taxRate ?? settings?.taxRate ?? 0,
    limits: limitsOf(home.settings ?? settings!, home),
  };
}

/** Judges the stay by the booking's own rules (a 400 with the guest's words), then prices it. */
async function judgeAndQuote(
  tx: EntityManager,
  stay: { propertyId: number; checkIn: string; checkOut: string },
  party: TParty,
  now: Date,
  judgeAt: Date = now,
): Promise<TQuote> {
  const home = await homeFor(tx, stay.propertyId, stay.checkIn, stay.checkOut);
  enforceStay(
    { checkIn: stay.checkIn, checkOut: stay.checkOut, guests: countedGuests(party), pets: party.pets },
    home.limits,
    judgeAt,
  );
  return quoteStay(home.rules, stay.checkIn, stay.checkOut, home.taxRate, {
    party,
    bookedOn: bookingDay(now),
  });
}

/** A 409 that names what holds the dates (another booking first), never the booking being moved. */
async function clashError(
  em: EntityManager,
  stay: { propertyId: number; checkIn: string; checkOut: string },
  ownConfirmation: string | null,
): Promise<AppError> {
  const clashes = (await clashingHolds(em, stay.propertyId, stay.checkIn, stay.checkOut)).filter(
    (c) => c.confirmationNumber === null || c.confirmationNumber !== ownConfirmation,
  );
  return new AppError('CONFLICT', clashMessage(clashes), { details: { clashes } });
}

/**
 * The operator enters a phone, walk-in or owner's booking: confirmed at once, priced by the quote or by
 * the operator's total with a reason, the guest e-mailed (with a manage link) when an e-mail is given.
 */
export async function createOperatorBooking(
  em: EntityManager,
  input: z.output<typeof ZOperatorBookingInput>,
  actor: TActor | null,
  now: Date = new Date(),
): Promise<TAdminBooking> {
  const party: TParty = {
    adults: input.guests,
    children: input.children ?? 0,
    infants: input.infants ?? 0,
    pets: input.pets ?? 0,
  };
  const email = input.guest.email ?? '';
  const { token, hash } = newLinkToken();
  let id: number;
  try {
    id = await em.transactional(async (tx) => {
      const quote = await judgeAndQuote(tx, input, party, now);
      const snapshot = snapshotOf(
        quote,
        input.totalPrice !== undefined
          ? { total: input.totalPrice, reason: input.overrideReason ?? '' }
          : undefined,
      );
      const bookingId = await onOneConnection(tx, (run) =>
        withConfirmationNumber(async (confirmationNumber) => {
          const row = await insertBooking(
            run,
            {
              userId: null,
              propertyId: input.propertyId,
              checkIn: input.checkIn,
              checkOut: input.checkOut,
              ...partyColumns(party),
              ...snapshot,
              contactInfo: { name: input.guest.name, email, phone: input.guest.phone ?? '', country: '' },
              confirmationNumber,
              createdAt: now.toISOString(),
              status: 'confirmed',
              source: input.source,
              sourceDetail: input.sourceDetail || null,
              priceOverrideReason: input.totalPrice !== undefined ? (input.overrideReason ?? null) : null,
            },
            // The operator's booking emails its guest itself (below), so no emails are due by the row.
            { link: { hash, expiresAt: manageLinkExpiry(input.checkOut) }, emailsToken: null },
          );
          return row?.id ?? null;
        }),
      );
      await recordActivity(tx, actor, {
        action: 'booking.create_by_operator',
        entityType: 'booking',
        entityId: bookingId,
        after: {
          status: 'confirmed',
          source: input.source,
          checkIn: input.checkIn,
          checkOut: input.checkOut,
          totalPrice: snapshot.totalPrice,
          ...(input.totalPrice !== undefined
            ? { quotedPrice: quote.total, overrideReason: input.overrideReason }
            : {}),
        },
      });
      if (email) await emailOperatorBooking(tx, bookingId, token);
      return bookingId;
    });
  } catch (err) {
    if (toAppError(err)?.message !== DATES_TAKEN_MESSAGE) throw err;
    throw await clashError(em, input, null);
  }
  // Automated messages go to a guest who has an e-mail, as for a booking made on the site.
  if (email) await bookingMade(em, { id, propertyId: input.propertyId, contactInfo: { email } }, now);
  return getAdminBooking(em, id);
}

/** Rolls a dry run's transaction back while carrying its answer out. */
class DryRun extends Error {
  readonly result: TBookingChangeResult;
  constructor(result: TBookingChangeResult) {
    super('dry run');
    this.result = result;
  }
}

export interface TChangeOptions {
  now?: Date;
  /** Run in the change's transaction once it is written (accepting a guest's request marks it so). */
  alsoInTx?: (tx: EntityManager) => Promise<void>;
  acceptedRequest?: boolean;
}

/**
 * Changes a booking's dates, home or party (docs/booking-operations.md#changing-a-booking): re-judged and
 * re-quoted, its hold moved in the same statement (409 naming the booking that holds the new dates), its
 * payment plan repriced so the ledger shows the difference as due or to refund, the guest e-mailed, the
 * change in the audit trail, and its scheduled messages moved to the new dates. A dry run answers the
 * same without saving anything.
 */
export async function changeBooking(
  em: EntityManager,
  input: z.output<typeof ZBookingChangeInput>,
  actor: TActor | null,
  opts: TChangeOptions = {},
): Promise<TBookingChangeResult> {
  const now = opts.now ?? new Date();
  // What the catch needs to name a clash: the stay asked for, and the booking's own number.
  const seen: { stay?: { propertyId: number; checkIn: string; checkOut: string }; base?: TChangeBase } = {};
  try {
    return await em.transactional(async (tx) => {
      const base = await lockBookingForChange(tx, input.id);
      if (!base) throw new AppError('NOT_FOUND', BOOKING_NOT_FOUND);
      seen.base = base;
      if (base.status === 'cancelled') throw new AppError('CONFLICT', CANCELLED_CANNOT_CHANGE);
      const stay = {
        propertyId: input.propertyId ?? base.propertyId,
        checkIn: input.checkIn ?? base.checkIn,
        checkOut: input.checkOut ?? base.checkOut,
      };
      if (stay.checkOut <= stay.checkIn) throw new AppError('VALIDATION', CHECK_OUT_AFTER_CHECK_IN);
      seen.stay = stay;
      const party: TParty = {
        adults: input.guests ?? base.adults,
        children: input.children ?? base.children,
        infants: input.infants ?? base.infants,
        pets: input.pets ?? base.pets,
      };
      const counted = countedGuests(party);
      const same =
        stay.propertyId === base.propertyId &&
        stay.checkIn === base.checkIn &&
        stay.checkOut === base.checkOut &&
        party.adults === base.adults &&
        party.children === base.children &&
        party.infants === base.infants &&
        party.pets === base.pets;
      if (same) throw new AppError('VALIDATION', NOTHING_TO_CHANGE);
      // A stay under way keeps its check-in: only a new check-in is held to 'not in the past'.
      const begun = stay.checkIn === base.checkIn && stay.checkIn < todaySpan(now).earliest;
      const quote = await judgeAndQuote(
        tx,
        stay,
        party,
        now,
        begun ? new Date(`${stay.checkIn}T12:00:00Z`) : now,
      );
      const snapshot = snapshotOf(quote);
      await updateBookingStay(tx, base.id, {
        ...stay,
        guests: counted,
        children: party.children,
        infants: party.infants,
        pets: party.pets,
        ...snapshot,
      });
      await repricePaymentPlan(tx, base.id, snapshot.totalPrice, daysBetween(base.checkIn, stay.checkIn));
      const before = {
        propertyId: base.propertyId,
        checkIn: base.checkIn,
        checkOut: base.checkOut,
        guests: base.adults + base.children,
        children: base.children,
        infants: base.infants,
        pets: base.pets,
        totalPrice: base.totalPrice,
      };
      const after = {
        ...stay,
        guests: counted,
        children: party.children,
        infants: party.infants,
        pets: party.pets,
        totalPrice: snapshot.totalPrice,
      };
      await recordActivity(tx, actor, {
        action: 'booking.change',
        entityType: 'booking',
        entityId: base.id,
        before,
        after,
      });
      await opts.alsoInTx?.(tx);
      const difference = snapshot.totalPrice - base.totalPrice;
      if (!input.dryRun) {
        await emailBookingChanged(tx, base.id, {
          difference,
          acceptedRequest: opts.acceptedRequest ?? false,
        });
        await planBookingMessages(tx, base.id, now);
      }
      const [plan, lines] = await Promise.all([findPlan(tx, base.id), listLines(tx, base.id)]);
      const totals = plan ? totalsOf(plan, lines) : null;
      const result: TBookingChangeResult = {
        booking: await getAdminBooking(tx, base.id),
        applied: !input.dryRun,
        previousTotal: base.totalPrice,
        total: snapshot.totalPrice,
        difference,
        balanceDue: totals?.balanceDue ?? 0,
        refundDue: totals?.refundDue ?? 0,
        nights: snapshot.nights,
        subtotal: snapshot.nightPrices.reduce((sum, n) => sum + n, 0),
        lines: snapshot.priceLines,
      };
      if (input.dryRun) throw new DryRun(result);
      return result;
    });
  } catch (err) {
    if (err instanceof DryRun) return err.result;
    if (toAppError(err)?.message !== DATES_TAKEN_MESSAGE || !seen.stay || !seen.base) throw err;
    throw await clashError(em, seen.stay, seen.base.confirmationNumber);
  }
}
