import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import {
  CANCELLATION_CLOSED_MESSAGE,
  cancellationDeadline,
  cancellationTerms,
  LATE_FEE_CHANGED_MESSAGE,
  type TCancellationTerms,
} from '#shared/cancellation.ts';
import { bookedLines, bookedNights } from '#shared/pricing.ts';
import { toMajor } from '#shared/money.ts';
import { addDays } from '#shared/dates.ts';
import type { TBooking, ZBookingCreateInput } from '#shared/schemas/booking.ts';
import type { TManagedBooking } from '#shared/schemas/manage.ts';
import { AppError } from '../../errors.ts';
import { lockBooking } from '../../repositories/bookings.ts';
import { recordActivity } from '../activity/activity.ts';
import {
  assignOwner,
  findBookingLink,
  findManagedBooking,
  insertBookingLink,
  markCancelled,
  type TManagedRecord,
} from '../../repositories/managed-bookings.ts';
import type { TSessionUser } from '../auth/sessions.ts';
import { newLinkToken, sameHash, tokenHash } from '../auth/secret-tokens.ts';
import { countGuestBooking, refundGuestBooking } from '../auth/throttle.ts';
import { emailBookingCancelled } from '../email/guest-emails.ts';
import { bookingEmailsDue } from '../email/outbox.ts';
import { bookingStatusChanged } from '../messaging/automated.ts';
import { bookingMade } from '../messaging/lifecycle.ts';
import { cancelMoneyFor } from '../payments/terms.ts';
import { getSettings } from '../settings/settings.ts';
import { answerUpdateFrom } from '../../repositories/idempotency-keys.ts';
import type { TIdempotentCall } from '../idempotency.ts';
import { createBooking, type TBookingCaller } from './create.ts';
import { todaySpan } from './rules.ts';
import { stayUnderWay, tripFacts } from './trip.ts';
import { guestPayments, type TGuestPaymentWords } from '../payments/guest-state.ts';
import type { THomeGuide } from '#shared/schemas/messaging.ts';
import { findHomeGuide } from '../../repositories/message-templates.ts';
import { guestCheckIn } from './check-in.ts';

/** One answer for an unknown, malformed or expired link, so a 404 tells nothing (docs/decisions.md#secret-links). */
export const BOOKING_LINK_NOT_FOUND = 'Booking not found';
export const BOOKING_NOT_FOUND = 'Booking not found';
export const ALREADY_CANCELLED = 'This booking is already cancelled';
export const CLAIM_REFUSED =
  'This booking can only be added to the account with the e-mail address it was made with';

/** A manage link works until this many days after check-out (long enough to review the stay). */
export const LINK_DAYS_AFTER_CHECKOUT = 90;

export function manageLinkExpiry(checkOut: string): Date {
  return new Date(`${addDays(checkOut, LINK_DAYS_AFTER_CHECKOUT)}T00:00:00Z`);
}

/** A fresh manage link for a booking; the token is returned once and only its hash is kept. */
export async function issueManageLink(
  em: EntityManager,
  bookingId: number,
  checkOut: string,
): Promise<string> {
  const { token, hash } = newLinkToken();
  await insertBookingLink(em, bookingId, hash, manageLinkExpiry(checkOut));
  return token;
}

/** The booking a manage token opens, or the one 404 for anything else. */
export async function bookingIdForToken(em: EntityManager, token: string, now = new Date()): Promise<number> {
  const hash = tokenHash(token);
  const link = hash ? await findBookingLink(em, hash, now) : null;
  if (!hash || !link || !sameHash(link.id, hash)) throw new AppError('NOT_FOUND', BOOKING_LINK_NOT_FOUND);
  return link.booking_id;
}

/** A stay is over once its check-out day has come everywhere on Earth... or at least somewhere: the guest's own today. */
export function stayIsOver(checkOut: string, now: Date): boolean {
  return checkOut <= todaySpan(now).latest;
}

/** Where the booking stands for a guest's cancellation at `now` (shared/cancellation.ts). */
function termsOf(b: TManagedRecord, now: Date): TCancellationTerms {
  return cancellationTerms(
    {
      status: b.status,
      checkIn: b.checkIn,
      policy: b.cancellationPolicy,
      timeZone: b.timeZone,
      nightPrices: bookedNights(b).map((n) => n.price),
      taxRate: b.taxRate,
      priceLines: b.priceLines,
    },
    now,
  );
}

/** The booking as its guest sees it: the stored facts plus what the rules allow right now. */
function toManaged(
  b: TManagedRecord,
  opts: {
    now: Date;
    reviewsEnabled: boolean;
    viewer: TSessionUser | null;
    guide: THomeGuide;
    payment: TGuestPaymentWords | null;
  },
): Omit<TManagedBooking, 'onlineCheckIn'> {
  const deadline = cancellationDeadline(b.checkIn, b.cancellationPolicy, b.timeZone);
  const terms = termsOf(b, opts.now);
  const contactEmail = b.contactInfo?.email?.toLowerCase();
  const { userId, cancellationFee, priceLines: _lines, latitude: _lat, longitude: _lng, ...facts } = b;
  const nightPrices = bookedNights(b).map((n) => n.price);
  return {
    ...facts,
    nightPrices,
    // The nights' own sum, not the rounded average × nights; the lines after them follow (docs/money.md).
    subtotal: nightPrices.reduce((sum, n) => sum + n, 0),
    lines: bookedLines(b),
    // A request's free window runs to the stay itself (shared/cancellation.ts); the policy's otherwise.
    cancellationDeadline:
      terms.kind === 'free' || terms.kind === 'fee' ? terms.deadline : deadline.toISOString(),
    canCancel: terms.kind === 'free' || terms.kind === 'fee',
    cancellationFee: terms.kind === 'free' ? 0 : terms.kind === 'fee' ? terms.fee : null,
    cancellationFeeCharged: b.status === 'cancelled' ? cancellationFee : null,
    stayOver: stayIsOver(b.checkOut, opts.now),
    canReview:
      opts.reviewsEnabled &&
      b.status === 'confirmed' &&
      stayIsOver(b.checkOut, opts.now) &&
      b.review === null,
    claimable:
      opts.viewer !== null &&
      userId === null &&
      contactEmail !== undefined &&
      contactEmail === opts.viewer.email.toLowerCase(),
    trip: tripFacts(b, opts.guide, opts.now),
    payment: opts.payment,
    underWay: stayUnderWay(b, opts.now),
  };
}

export async function loadManaged(
  em: EntityManager,
  bookingId: number,
  viewer: TSessionUser | null,
  now: Date,
): Promise<TManagedBooking> {
  const [row, settings] = await Promise.all([findManagedBooking(em, bookingId), getSettings(em)]);
  if (!row) throw new AppError('NOT_FOUND', BOOKING_NOT_FOUND);
  const [guide, payments] = await Promise.all([
    findHomeGuide(em, row.property.id),
    guestPayments(em, [bookingId], now),
  ]);
  const managed = toManaged(row, {
    now,
    reviewsEnabled: settings.enableReviews,
    viewer,
    guide,
    payment: payments.get(bookingId) ?? null,
  });
  // Before the guest confirms a cancellation, they are told what it keeps and gives back of what was paid.
  const cancelMoney =
    managed.canCancel && managed.cancellationFee !== null
      ? await cancelMoneyFor(em, bookingId, managed.cancellationFee)
      : null;
  const onlineCheckIn = await guestCheckIn(
    em,
    {
      id: row.id,
      propertyId: row.property.id,
      status: row.status,
      checkIn: row.checkIn,
      timeZone: row.timeZone,
    },
    now,
  );
  return { ...managed, cancelMoney, onlineCheckIn };
}

/** The user's own booking, or the same 404 as a booking that does not exist. */
export async function ownBookingId(em: EntityManager, userId: number, bookingId: number): Promise<number> {
  const row = await findManagedBooking(em, bookingId);
  if (!row || row.userId !== userId) throw new AppError('NOT_FOUND', BOOKING_NOT_FOUND);
  return row.id;
}

export async function manageByToken(
  em: EntityManager,
  token: string,
  viewer: TSessionUser | null,
  now = new Date(),
): Promise<TManagedBooking> {
  return loadManaged(em, await bookingIdForToken(em, token, now), viewer, now);
}

export async function myBookingDetail(
  em: EntityManager,
  user: TSessionUser,
  bookingId: number,
  now = new Date(),
): Promise<TManagedBooking> {
  return loadManaged(em, await ownBookingId(em, user.id, bookingId), user, now);
}

/**
 * The guest cancels (docs/decisions.md#cancellation-policy, docs/cancellation.md): free before the policy's deadline; after it, for
 * the late fee, only when `acceptedFee` is that fee (otherwise refused with the current fee, which the
 * guest must see first); refused once the stay has begun, with a pointer to the contact form. The dates
 * are free at once (the exclusion constraint and availability only count pending and confirmed stays).
 */
export async function cancelAsGuest(
  em: EntityManager,
  bookingId: number,
  viewer: TSessionUser | null,
  now = new Date(),
  acceptedFee?: number,
): Promise<TManagedBooking> {
  await em.transactional(async (tx) => {
    await lockBooking(tx, bookingId);
    const row = await findManagedBooking(tx, bookingId);
    if (!row) throw new AppError('NOT_FOUND', BOOKING_NOT_FOUND);
    if (row.status === 'cancelled') throw new AppError('CONFLICT', ALREADY_CANCELLED);
    const terms = termsOf(row, now);
    if (terms.kind === 'started' || terms.kind === 'closed')
      throw new AppError('CONFLICT', CANCELLATION_CLOSED_MESSAGE, { details: { contact: '/contact' } });
    if (terms.kind === 'fee' && acceptedFee !== terms.fee)
      throw new AppError('CONFLICT', LATE_FEE_CHANGED_MESSAGE, {
        // Details skip the output schema: the fee goes out in dollars, as the booking's answers state it.
        details: { cancellationFee: toMajor(terms.fee), deadline: terms.deadline },
      });
    const fee = terms.kind === 'fee' ? terms.fee : null;
    if (!(await markCancelled(tx, bookingId, fee))) throw new AppError('CONFLICT', ALREADY_CANCELLED);
    await recordActivity(tx, viewer, {
      action: 'booking.cancel_by_guest',
      entityType: 'booking',
      entityId: bookingId,
      before: { status: row.status },
      after: { status: 'cancelled', cancellationFee: fee },
    });
    await emailBookingCancelled(tx, bookingId);
    await bookingStatusChanged(tx, bookingId, row.status, 'cancelled', now);
  });
  return loadManaged(em, bookingId, viewer, now);
}

export async function cancelByToken(
  em: EntityManager,
  token: string,
  viewer: TSessionUser | null,
  now = new Date(),
  acceptedFee?: number,
): Promise<TManagedBooking> {
  return cancelAsGuest(em, await bookingIdForToken(em, token, now), viewer, now, acceptedFee);
}

export async function cancelMine(
  em: EntityManager,
  user: TSessionUser,
  bookingId: number,
  now = new Date(),
  acceptedFee?: number,
): Promise<TManagedBooking> {
  return cancelAsGuest(em, await ownBookingId(em, user.id, bookingId), user, now, acceptedFee);
}

/**
 * Adds a booking made while signed out to the signed-in account. Holding the manage link proves the
 * guest received the booking e-mail, and the booking's e-mail must be the account's.
 */
export async function claimByToken(
  em: EntityManager,
  token: string,
  user: TSessionUser,
  now = new Date(),
): Promise<TManagedBooking> {
  const bookingId = await bookingIdForToken(em, token, now);
  const managed = await loadManaged(em, bookingId, user, now);
  if (!managed.claimable || !(await assignOwner(em, bookingId, user.id)))
    throw new AppError('FORBIDDEN', CLAIM_REFUSED);
  return loadManaged(em, bookingId, user, now);
}

/**
 * Books (see createBooking) with the manage link shown in the confirmation dialog and e-mail, and the
 * record that its emails are due, all written in the booking's one statement (docs/decisions.md#emails): a refused
 * booking never gets an email, a committed one always does.
 */
export async function createBookingWithLink(
  em: EntityManager,
  caller: TBookingCaller & { guestLimit?: { ip: string; perHour: number } },
  input: z.output<typeof ZBookingCreateInput>,
  idempotency?: TIdempotentCall,
): Promise<TBooking & { manageToken: string }> {
  const limit = caller.guestLimit;
  const guest = !caller.sessionUser && limit ? { ip: limit.ip, email: input.contactInfo.email } : null;
  if (!guest || !limit) return bookWithLink(em, caller, input, idempotency);
  await countGuestBooking(em, guest, limit.perHour);
  try {
    return await bookWithLink(em, caller, input, idempotency);
  } catch (err) {
    if (limit.perHour > 0) await refundGuestBooking(em, guest).catch(() => undefined);
    throw err;
  }
}

async function bookWithLink(
  em: EntityManager,
  caller: TBookingCaller,
  input: z.output<typeof ZBookingCreateInput>,
  idempotency?: TIdempotentCall,
): Promise<TBooking & { manageToken: string }> {
  const { token, hash } = newLinkToken();
  let emailsDue = false;
  const booking = await createBooking(em, caller, input, (b, _property, settings) => {
    // The booking's row records that its emails are due; the booking-emails job writes them once the
    // row is committed (docs/decisions.md#emails). None with Email Notifications off.
    emailsDue = settings.enableEmailNotifications && Boolean(b.contactInfo?.email);
    return {
      link: { hash, expiresAt: manageLinkExpiry(b.checkOut) },
      emailsToken: emailsDue ? token : null,
      // The answer goes with the booking in its statement: a booking made always has its replay.
      idempotency: idempotency
        ? answerUpdateFrom('b', idempotency, idempotency.seal({ ...b, manageToken: token }))
        : null,
    };
  });
  if (idempotency) idempotency.recorded = true;
  // The booking's statement has committed (or, inside a caller's transaction, the job waits for its commit).
  if (emailsDue)
    await bookingEmailsDue(em, { id: booking.id, createdMs: String(Date.parse(booking.createdAt)) });
  await bookingMade(em, booking);
  return { ...booking, manageToken: token };
}
