import type { EntityManager } from '@mikro-orm/postgresql';
import type { TBookingSource } from '#shared/operator-bookings.ts';
import type { TQuoteLine } from '#shared/pricing.ts';
import type { TContactInfo } from '#shared/schemas/booking.ts';
import type { TChangeRequest } from '#shared/schemas/operator-bookings.ts';
import { BookingChangeRequest } from '../entities/booking-change-request.entity.ts';
import { sql } from 'kysely';
import { db, isoDate, isoTimestamp } from './db.ts';
import { intArray } from './sql.ts';

/** Bookings the operator enters and changes, and the guests' change requests (docs/booking-operations.md). */

/** What a booking's price snapshot holds: the quote's lines, or the operator's own total. */
export interface TPriceSnapshot {
  totalPrice: number;
  nightlyPrice: number;
  nights: number;
  taxRate: number;
  taxAmount: number;
  nightPrices: number[];
  priceLines: TQuoteLine[];
}

export interface TStayParty {
  guests: number;
  children: number;
  infants: number;
  pets: number;
}

export interface TOperatorBookingRow extends TPriceSnapshot, TStayParty {
  propertyId: number;
  checkIn: string;
  checkOut: string;
  contactInfo: TContactInfo;
  confirmationNumber: string;
  source: TBookingSource;
  sourceDetail: string | null;
  priceOverrideReason: string | null;
}

/** A booking as a change starts from, its row locked until the transaction ends; null when unknown. */
export async function lockBookingForChange(tx: EntityManager, id: number) {
  const locked = await db(tx).selectFrom('bookings').select('id').where('id', '=', id).forUpdate().execute();
  if (locked.length === 0) return null;
  const r = await db(tx)
    .selectFrom('bookings as b')
    .select([
      'b.id',
      'b.status',
      'b.property_id',
      isoDate('b.check_in').as('check_in'),
      isoDate('b.check_out').as('check_out'),
      'b.guests',
      'b.children',
      'b.infants',
      'b.pets',
      'b.total_price',
      'b.confirmation_number',
    ])
    .where('b.id', '=', id)
    .executeTakeFirstOrThrow();
  return {
    id: r.id,
    status: r.status,
    propertyId: r.property_id,
    checkIn: r.check_in,
    checkOut: r.check_out,
    // `guests` keeps the people counted (adults + children): the adults are the rest.
    adults: r.guests - r.children,
    children: r.children,
    infants: r.infants,
    pets: r.pets,
    totalPrice: r.total_price,
    confirmationNumber: r.confirmation_number,
  };
}
export type TChangeBase = NonNullable<Awaited<ReturnType<typeof lockBookingForChange>>>;

/**
 * Moves a booking to new dates, home or party with its new price: the hold trigger moves its row in
 * date_holds in this statement, so a clash raises 23P01 here.
 */
export async function updateBookingStay(
  tx: EntityManager,
  id: number,
  stay: { propertyId: number; checkIn: string; checkOut: string } & TStayParty & TPriceSnapshot,
): Promise<void> {
  await db(tx)
    .updateTable('bookings')
    .set({
      property_id: stay.propertyId,
      check_in: sql<string>`${stay.checkIn}::date`,
      check_out: sql<string>`${stay.checkOut}::date`,
      guests: stay.guests,
      children: stay.children,
      infants: stay.infants,
      pets: stay.pets,
      total_price: stay.totalPrice,
      nightly_price: stay.nightlyPrice,
      nights: stay.nights,
      tax_rate: stay.taxRate,
      tax_amount: stay.taxAmount,
      night_prices: sql<number[]>`${intArray(stay.nightPrices)}::int[]`,
      price_lines: sql<TQuoteLine[]>`${JSON.stringify(stay.priceLines)}::jsonb`,
      price_override_reason: null,
    })
    .where('id', '=', id)
    .execute();
}

/**
 * The booking's payment snapshot follows its new total (cents): the deposit is kept (never above the
 * total), the balance is the rest, and the balance date moves with the check-in. The ledger's totals
 * then show the difference as due or to be refunded (docs/payments.md#ledger).
 */
export async function repricePaymentPlan(
  tx: EntityManager,
  bookingId: number,
  totalCents: number,
  shiftDays: number,
): Promise<void> {
  await db(tx)
    .updateTable('payment_plans')
    .set({
      total_amount: totalCents,
      deposit_amount: sql<number>`least(deposit_amount, ${totalCents})`,
      balance_amount: sql<number>`${totalCents} - least(deposit_amount, ${totalCents})`,
      balance_due_on: sql<string>`balance_due_on + ${shiftDays}::int`,
    })
    .where('booking_id', '=', bookingId)
    .execute();
}

/** Change requests named as TChangeRequest names them. */
function changeRequests(em: EntityManager) {
  return db(em)
    .selectFrom('booking_change_requests as r')
    .select([
      'r.id',
      'r.booking_id as bookingId',
      isoDate('r.check_in').as('checkIn'),
      isoDate('r.check_out').as('checkOut'),
      'r.guests',
      'r.children',
      'r.infants',
      'r.pets',
      'r.message',
      'r.status',
      isoTimestamp('r.created_at').as('createdAt'),
      isoTimestamp<string | null>('r.decided_at').as('decidedAt'),
      'r.decline_reason as declineReason',
    ]);
}

/** A booking's requests, newest first (at most `limit`). */
export async function listChangeRequests(
  em: EntityManager,
  bookingId: number,
  limit: number,
): Promise<TChangeRequest[]> {
  return changeRequests(em)
    .where('r.booking_id', '=', bookingId)
    .orderBy('r.id', 'desc')
    .limit(limit)
    .execute();
}

export async function findChangeRequest(
  em: EntityManager,
  bookingId: number,
  requestId: number,
): Promise<TChangeRequest | null> {
  const r = await changeRequests(em)
    .where('r.booking_id', '=', bookingId)
    .where('r.id', '=', requestId)
    .executeTakeFirst();
  return r ?? null;
}

/** A new waiting request; the partial unique index refuses a second one for the booking (23505). */
export async function insertChangeRequest(
  em: EntityManager,
  r: { bookingId: number; checkIn: string; checkOut: string; message: string | null } & TStayParty,
): Promise<number> {
  return em.insert(BookingChangeRequest, {
    booking: r.bookingId,
    checkIn: r.checkIn,
    checkOut: r.checkOut,
    guests: r.guests,
    children: r.children,
    infants: r.infants,
    pets: r.pets,
    message: r.message,
  });
}

/** Answers a waiting request; false when it was answered already (or is unknown). */
export async function decideChangeRequest(
  tx: EntityManager,
  requestId: number,
  decision: { status: 'accepted' | 'declined'; decidedBy: string; declineReason: string | null },
): Promise<boolean> {
  const n = await tx.nativeUpdate(
    BookingChangeRequest,
    { id: requestId, status: 'pending' },
    {
      status: decision.status,
      decidedAt: new Date(),
      decidedBy: decision.decidedBy,
      declineReason: decision.declineReason,
    },
  );
  return n > 0;
}
