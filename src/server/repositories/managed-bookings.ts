import type { TQuoteLine } from '#shared/pricing.ts';
import { sql as ormSql, type EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { HOLDING_STATUSES, type TBookingStatus } from '#shared/constants.ts';
import type { TCancellationPolicy } from '#shared/cancellation.ts';
import type { TContactInfo } from '#shared/schemas/booking.ts';
import { BookingLink } from '../entities/booking-link.entity.ts';
import { Booking } from '../entities/booking.entity.ts';
import { User } from '../entities/user.entity.ts';
import { db, isoDate, isoTimestamp } from './db.ts';

/** Every query behind manage links, guest cancellation, claims and lookups. */

/** A booking as its guest manages it: the stored facts, before the rules (deadline, what may be done). */
export interface TManagedRecord {
  id: number;
  userId: number | null;
  confirmationNumber: string;
  status: TBookingStatus;
  checkIn: string;
  checkOut: string;
  nights: number;
  guests: number;
  nightlyPrice: number;
  /** Each night's price from check-in on, as booked; null for bookings made before nights were priced one by one. */
  nightPrices: number[] | null;
  taxRate: number;
  taxAmount: number;
  /** The lines after the nights as quoted; null before lines were kept. */
  priceLines: TQuoteLine[] | null;
  totalPrice: number;
  contactInfo: TContactInfo | null;
  createdAt: string;
  property: { id: number; title: string; location: string; cover: string | null };
  /** The home's coordinates as stored (text); null when it has none. */
  latitude: string | null;
  longitude: string | null;
  /** The home's IANA time zone, its own field (docs/cancellation.md#the-homes-local-time). */
  timeZone: string;
  cancellationFee: number | null;
  cancellationPolicy: TCancellationPolicy;
  /** A request's answer deadline (ISO); null otherwise. */
  respondBy: string | null;
  /** Who else stays, past the counted guests (docs/booking-operations.md#guests). */
  children: number;
  infants: number;
  pets: number;
  review: { rating: number; comment: string; date: string } | null;
}

export async function findManagedBooking(
  em: EntityManager,
  bookingId: number,
): Promise<TManagedRecord | null> {
  const r = await db(em)
    .selectFrom('bookings as b')
    .innerJoin('properties as p', 'p.id', 'b.property_id')
    .leftJoin('reviews as r', 'r.booking_id', 'b.id')
    .select([
      'b.id',
      'b.user_id',
      'b.confirmation_number',
      'b.status',
      isoDate('b.check_in').as('check_in'),
      isoDate('b.check_out').as('check_out'),
      'b.nights',
      'b.guests',
      'b.nightly_price',
      'b.night_prices',
      'b.tax_rate',
      'b.tax_amount',
      'b.price_lines',
      'b.total_price',
      'b.contact_info',
      isoTimestamp('b.created_at').as('created_at'),
      'p.id as property_id',
      'p.title',
      'p.location',
      'p.time_zone',
      'p.latitude',
      'p.longitude',
      sql<string | null>`p.images[1]`.as('cover'),
      'p.cancellation_policy',
      'b.cancellation_fee',
      isoTimestamp<string | null>('b.respond_by').as('respond_by'),
      'b.children',
      'b.infants',
      'b.pets',
      'r.rating as review_rating',
      'r.comment as review_comment',
      isoTimestamp<string | null>('r.date').as('review_date'),
    ])
    .where('b.id', '=', bookingId)
    .executeTakeFirst();
  if (!r) return null;
  return {
    id: r.id,
    userId: r.user_id,
    confirmationNumber: r.confirmation_number,
    status: r.status,
    checkIn: r.check_in,
    checkOut: r.check_out,
    nights: r.nights,
    guests: r.guests,
    nightlyPrice: r.nightly_price,
    nightPrices: r.night_prices,
    taxRate: Number(r.tax_rate),
    taxAmount: r.tax_amount,
    priceLines: r.price_lines ?? null,
    totalPrice: r.total_price,
    contactInfo: r.contact_info,
    createdAt: r.created_at,
    property: { id: r.property_id, title: r.title, location: r.location, cover: r.cover },
    latitude: r.latitude,
    longitude: r.longitude,
    timeZone: r.time_zone,
    cancellationFee: r.cancellation_fee,
    cancellationPolicy: r.cancellation_policy,
    respondBy: r.respond_by,
    children: r.children,
    infants: r.infants,
    pets: r.pets,
    review:
      r.review_rating !== null
        ? { rating: r.review_rating, comment: r.review_comment ?? '', date: r.review_date ?? '' }
        : null,
  };
}

export async function insertBookingLink(
  em: EntityManager,
  bookingId: number,
  hash: string,
  expiresAt: Date,
): Promise<void> {
  await em.insert(BookingLink, { id: hash, booking: em.getReference(Booking, bookingId), expiresAt });
}

/** A manage link's insert as a CTE of the statement that writes its booking (`source`'s `id`). */
export function bookingLinkInsertFrom(
  source: string,
  hash: string,
  expiresAt: Date,
): { sql: string; params: unknown[] } {
  return {
    sql: `insert into booking_links (id, booking_id, expires_at) select ?, ${source}.id, ?::timestamptz from ${source}`,
    params: [hash, expiresAt.toISOString()],
  };
}

/** The link's row when it exists and has not expired; the caller compares the hash in constant time. */
export async function findBookingLink(
  em: EntityManager,
  hash: string,
  now: Date,
): Promise<{ id: string; booking_id: number } | null> {
  const row = await db(em)
    .selectFrom('booking_links')
    .select(['id', 'booking_id'])
    .where('id', '=', hash)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row ?? null;
}

export async function deleteExpiredBookingLinks(em: EntityManager, now: Date): Promise<void> {
  await em.nativeDelete(BookingLink, { expiresAt: { $lte: now } });
}

/**
 * Cancels a booking that holds its dates (pending, requested or confirmed) with the late fee it costs (null when free); false when it was
 * already cancelled (or is gone).
 */
export async function markCancelled(
  em: EntityManager,
  bookingId: number,
  fee: number | null = null,
): Promise<boolean> {
  const live = { id: bookingId, status: { $in: [...HOLDING_STATUSES] as TBookingStatus[] } };
  return (await em.nativeUpdate(Booking, live, { status: 'cancelled', cancellationFee: fee })) > 0;
}

/** Moves a signed-out booking into an account; false unless it still belongs to nobody. */
export async function assignOwner(em: EntityManager, bookingId: number, userId: number): Promise<boolean> {
  const unowned = { id: bookingId, user: null };
  return (await em.nativeUpdate(Booking, unowned, { user: em.getReference(User, userId) })) > 0;
}

/** A booking by its Confirmation number, with the e-mail on file, for 'Find my booking'. */
export async function findByConfirmationNumber(
  em: EntityManager,
  confirmationNumber: string,
): Promise<{ id: number; email: string | null; check_out: string } | null> {
  const row = await db(em)
    .selectFrom('bookings')
    .select([
      'id',
      sql<string | null>`contact_info->>'email'`.as('email'),
      isoDate('check_out').as('check_out'),
    ])
    .where(sql<string>`upper(confirmation_number)`, '=', sql<string>`upper(${confirmationNumber})`)
    .executeTakeFirst();
  return row ?? null;
}

/**
 * Confirmed stays that ended between `from` and `to` (inclusive), not reviewed and not yet invited,
 * with an e-mail address on file.
 */
export async function staysToInviteForReview(em: EntityManager, from: string, to: string): Promise<number[]> {
  const rows = await db(em)
    .selectFrom('bookings as b')
    .select('b.id')
    .where('b.status', '=', 'confirmed')
    .where('b.check_out', '>=', sql<string>`${from}::date`)
    .where('b.check_out', '<=', sql<string>`${to}::date`)
    .where('b.review_invited_at', 'is', null)
    .where(sql<boolean>`b.contact_info->>'email' is not null`)
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('reviews as r').select('r.id').whereRef('r.booking_id', '=', 'b.id'))),
    )
    .orderBy('b.id')
    .limit(500)
    .execute();
  return rows.map((r) => r.id);
}

/** Marks the invitation sent; false when another worker got there first. */
export async function markReviewInvited(em: EntityManager, bookingId: number): Promise<boolean> {
  const uninvited = { id: bookingId, reviewInvitedAt: null };
  return (await em.nativeUpdate(Booking, uninvited, { reviewInvitedAt: ormSql.now() })) > 0;
}
