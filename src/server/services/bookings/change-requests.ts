import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import {
  CANCELLED_CANNOT_CHANGE,
  CHANGE_REQUEST_DECIDED,
  CHANGE_REQUEST_NOT_FOUND,
  CHANGE_REQUEST_WAITING,
} from '#shared/operator-bookings.ts';
import { countedGuests, partyColumns } from '#shared/pricing.ts';
import type {
  TBookingChangeResult,
  TChangeRequest,
  ZChangeRequestInput,
} from '#shared/schemas/operator-bookings.ts';
import { AppError } from '../../errors.ts';
import {
  decideChangeRequest,
  findChangeRequest,
  insertChangeRequest,
  listChangeRequests,
  lockBookingForChange,
} from '../../repositories/operator-bookings.ts';
import { stayRulesFor } from '../../repositories/property-rates.ts';
import { recordActivity, type TActor } from '../activity/activity.ts';
import { BOOKING_NOT_FOUND } from '../admin/bookings.ts';
import { enforceLimit, type TLimit } from '../auth/throttle.ts';
import { emailChangeDeclined, emailChangeRequested } from '../email/booking-changes.ts';
import { getSettings } from '../settings/settings.ts';
import { bookingIdForToken, stayIsOver } from './manage.ts';
import { changeBooking, type TChangeOptions } from './operator.ts';
import { enforceStay, limitsOf } from './rules.ts';

/**
 * A guest asks, from the manage page, for other dates or another party; the operator accepts (the change
 * is applied as the operator's own would be) or declines, and the guest is e-mailed either way
 * (docs/booking-operations.md#change-requests).
 */

/** Each request e-mails the operator: counted per client address and per booking. */
export const CHANGE_REQUEST_LIMITS = {
  perIp: { name: 'change-request:ip', max: 10, windowMinutes: 60 },
  perBooking: { name: 'change-request:booking', max: 3, windowMinutes: 60 },
} as const satisfies Record<string, TLimit>;

export const STAY_OVER_NO_CHANGE = 'This stay is over and can no longer be changed';
const REQUESTS_SHOWN = 20;

export async function requestChange(
  em: EntityManager,
  input: z.output<typeof ZChangeRequestInput>,
  ip: string,
  now: Date = new Date(),
): Promise<TChangeRequest> {
  await enforceLimit(em, CHANGE_REQUEST_LIMITS.perIp, ip);
  const bookingId = await bookingIdForToken(em, input.token, now);
  await enforceLimit(em, CHANGE_REQUEST_LIMITS.perBooking, String(bookingId));
  const party = {
    adults: input.guests,
    children: input.children ?? 0,
    infants: input.infants ?? 0,
    pets: input.pets ?? 0,
  };
  const id = await em.transactional(async (tx) => {
    const base = await lockBookingForChange(tx, bookingId);
    if (!base) throw new AppError('NOT_FOUND', BOOKING_NOT_FOUND);
    if (base.status === 'cancelled') throw new AppError('CONFLICT', CANCELLED_CANNOT_CHANGE);
    if (stayIsOver(base.checkOut, now)) throw new AppError('CONFLICT', STAY_OVER_NO_CHANGE);
    if ((await listChangeRequests(tx, bookingId, 1))[0]?.status === 'pending')
      throw new AppError('CONFLICT', CHANGE_REQUEST_WAITING);
    // The guest hears at once of a stay the home's rules refuse, in the booking's own words.
    const home = (await stayRulesFor(tx, [base.propertyId], input.checkIn, input.checkOut)).get(
      base.propertyId,
    );
    if (home) {
      const settings = home.settings ?? (await getSettings(tx));
      enforceStay(
        { checkIn: input.checkIn, checkOut: input.checkOut, guests: countedGuests(party), pets: party.pets },
        limitsOf(settings, home),
        now,
      );
    }
    const requestId = await insertChangeRequest(tx, {
      bookingId,
      checkIn: input.checkIn,
      checkOut: input.checkOut,
      ...partyColumns(party),
      message: input.message || null,
    });
    await recordActivity(tx, null, {
      action: 'booking.change_request',
      entityType: 'booking',
      entityId: bookingId,
      after: { requestId, checkIn: input.checkIn, checkOut: input.checkOut, guests: countedGuests(party) },
    });
    await emailChangeRequested(tx, bookingId, {
      checkIn: input.checkIn,
      checkOut: input.checkOut,
      guests: countedGuests(party),
      infants: party.infants,
      pets: party.pets,
      message: input.message || null,
    });
    return requestId;
  });
  const request = await findChangeRequest(em, bookingId, id);
  if (!request) throw new AppError('NOT_FOUND', CHANGE_REQUEST_NOT_FOUND);
  return request;
}

/** The guest's latest request, answered or not; null when they never asked. */
export async function latestRequestByToken(
  em: EntityManager,
  token: string,
  now: Date = new Date(),
): Promise<TChangeRequest | null> {
  const bookingId = await bookingIdForToken(em, token, now);
  return (await listChangeRequests(em, bookingId, 1))[0] ?? null;
}

export async function changeRequestsOf(em: EntityManager, bookingId: number): Promise<TChangeRequest[]> {
  return listChangeRequests(em, bookingId, REQUESTS_SHOWN);
}

async function waitingRequest(
  em: EntityManager,
  bookingId: number,
  requestId: number,
): Promise<TChangeRequest> {
  const request = await findChangeRequest(em, bookingId, requestId);
  if (!request) throw new AppError('NOT_FOUND', CHANGE_REQUEST_NOT_FOUND);
  if (request.status !== 'pending') throw new AppError('CONFLICT', CHANGE_REQUEST_DECIDED);
  return request;
}

const actorName = (actor: TActor | null) => (actor ? actor.name || actor.username : 'System');

/** Applies the request as the operator's change (a clash answers 409 and leaves it waiting). */
export async function acceptChangeRequest(
  em: EntityManager,
  bookingId: number,
  requestId: number,
  actor: TActor | null,
  opts: Pick<TChangeOptions, 'now'> = {},
): Promise<TBookingChangeResult> {
  const request = await waitingRequest(em, bookingId, requestId);
  return changeBooking(
    em,
    {
      id: bookingId,
      checkIn: request.checkIn,
      checkOut: request.checkOut,
      guests: request.guests - request.children,
      children: request.children,
      infants: request.infants,
      pets: request.pets,
    },
    actor,
    {
      ...opts,
      acceptedRequest: true,
      alsoInTx: async (tx) => {
        const decided = await decideChangeRequest(tx, requestId, {
          status: 'accepted',
          decidedBy: actorName(actor),
          declineReason: null,
        });
        if (!decided) throw new AppError('CONFLICT', CHANGE_REQUEST_DECIDED);
      },
    },
  );
}

export async function declineChangeRequest(
  em: EntityManager,
  bookingId: number,
  requestId: number,
  reason: string | undefined,
  actor: TActor | null,
): Promise<TChangeRequest> {
  await waitingRequest(em, bookingId, requestId);
  await em.transactional(async (tx) => {
    const decided = await decideChangeRequest(tx, requestId, {
      status: 'declined',
      decidedBy: actorName(actor),
      declineReason: reason || null,
    });
    if (!decided) throw new AppError('CONFLICT', CHANGE_REQUEST_DECIDED);
    const request = await findChangeRequest(tx, bookingId, requestId);
    if (!request) throw new AppError('NOT_FOUND', CHANGE_REQUEST_NOT_FOUND);
    await recordActivity(tx, actor, {
      action: 'booking.change_declined',
      entityType: 'booking',
      entityId: bookingId,
      before: { changeRequest: 'pending' },
      after: { changeRequest: 'declined', requestId, reason: reason ?? null },
    });
    await emailChangeDeclined(tx, bookingId, request);
  });
  const request = await findChangeRequest(em, bookingId, requestId);
  if (!request) throw new AppError('NOT_FOUND', CHANGE_REQUEST_NOT_FOUND);
  return request;
}
