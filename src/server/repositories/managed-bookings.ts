import type { EntityManager } from '@mikro-orm/postgresql';
import type { TBookingStatus } from '../../shared/constants.ts';
import type { TCancellationPolicy } from '../../shared/cancellation.ts';
import type { TContactInfo } from '../../shared/schemas/booking.ts';
import { homeTimeZone } from '../../shared/home-time.ts';
import { sqlDate, sqlTimestamp } from './sql.ts';

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
  totalPrice: number;
  contactInfo: TContactInfo | null;
  createdAt: string;
  property: { id: number; title: string; location: string; cover: string | null };
  /** The home's IANA time zone (shared/home-time.ts). */
  timeZone: string;
  cancellationFee: number | null;
  cancellationPolicy: TCancellationPolicy;
  review: { rating: number; comment: string; date: string } | null;
}

const MANAGED_SELECT = `
  select b.id, b.user_id, b.confirmation_number, b.status,
         ${sqlDate('b.check_in')} as check_in, ${sqlDate('b.check_out')} as check_out,
         b.nights, b.guests, b.nightly_price, b.night_prices, b.tax_rate, b.tax_amount, b.total_price, b.contact_info,
         ${sqlTimestamp('b.created_at')} as created_at,
         p.id as property_id, p.title, p.location, p.latitude, p.longitude, p.images[1] as cover,
         p.cancellation_policy, b.cancellation_fee,
         r.rating as review_rating, r.comment as review_comment,
         ${sqlTimestamp('r.date')} as review_date
    from bookings b
    join properties p on p.id = b.property_id
    left join reviews r on r.booking_id = b.id`;

export async function findManagedBooking(
  em: EntityManager,
  bookingId: number,
): Promise<TManagedRecord | null> {
  const rows = await em.execute<
    {
      id: number;
      user_id: number | null;
      confirmation_number: string;
      status: TBookingStatus;
      check_in: string;
      check_out: string;
      nights: number;
      guests: number;
      nightly_price: number;
      night_prices: number[] | null;
      tax_rate: number | string;
      tax_amount: number;
      total_price: number;
      contact_info: TContactInfo | null;
      created_at: string;
      property_id: number;
      title: string;
      location: string;
      latitude: string | null;
      longitude: string | null;
      cancellation_fee: number | null;
      cover: string | null;
      cancellation_policy: TCancellationPolicy;
      review_rating: number | null;
      review_comment: string | null;
      review_date: string | null;
    }[]
  >(`${MANAGED_SELECT} where b.id = ?`, [bookingId]);
  const r = rows[0];
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
    totalPrice: r.total_price,
    contactInfo: r.contact_info,
    createdAt: r.created_at,
    property: { id: r.property_id, title: r.title, location: r.location, cover: r.cover },
    timeZone: homeTimeZone(r),
    cancellationFee: r.cancellation_fee,
    cancellationPolicy: r.cancellation_policy,
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
  await em.execute('insert into booking_links (id, booking_id, expires_at) values (?, ?, ?)', [
    hash,
    bookingId,
    expiresAt,
  ]);
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
  const rows = await em.execute<{ id: string; booking_id: number }[]>(
    'select id, booking_id from booking_links where id = ? and expires_at > ?',
    [hash, now],
  );
  return rows[0] ?? null;
}

export async function deleteExpiredBookingLinks(em: EntityManager, now: Date): Promise<void> {
  await em.execute('delete from booking_links where expires_at <= ?', [now]);
}

/**
 * Cancels a pending or confirmed booking with the late fee it costs (null when free); false when it was
 * already cancelled (or is gone).
 */
export async function markCancelled(
  em: EntityManager,
  bookingId: number,
  fee: number | null = null,
): Promise<boolean> {
  const rows = await em.execute<{ id: number }[]>(
    `update bookings set status = 'cancelled', cancellation_fee = ? where id = ? and status in ('pending', 'confirmed') returning id`,
    [fee, bookingId],
  );
  return rows.length > 0;
}

/** Moves a signed-out booking into an account; false unless it still belongs to nobody. */
export async function assignOwner(em: EntityManager, bookingId: number, userId: number): Promise<boolean> {
  const rows = await em.execute<{ id: number }[]>(
    'update bookings set user_id = ? where id = ? and user_id is null returning id',
    [userId, bookingId],
  );
  return rows.length > 0;
}

/** A booking by its BIC number, with the e-mail on file, for 'Find my booking'. */
export async function findByConfirmationNumber(
  em: EntityManager,
  confirmationNumber: string,
): Promise<{ id: number; email: string | null; check_out: string } | null> {
  const rows = await em.execute<{ id: number; email: string | null; check_out: string }[]>(
    `select id, contact_info->>'email' as email, ${sqlDate('check_out')} as check_out
       from bookings where upper(confirmation_number) = upper(?)`,
    [confirmationNumber],
  );
  return rows[0] ?? null;
}

/**
 * Confirmed stays that ended between `from` and `to` (inclusive), not reviewed and not yet invited,
 * with an e-mail address on file.
 */
export async function staysToInviteForReview(em: EntityManager, from: string, to: string): Promise<number[]> {
  const rows = await em.execute<{ id: number }[]>(
    `select b.id from bookings b
      where b.status = 'confirmed' and b.check_out between ?::date and ?::date
        and b.review_invited_at is null and b.contact_info->>'email' is not null
        and not exists (select 1 from reviews r where r.booking_id = b.id)
      order by b.id limit 500`,
    [from, to],
  );
  return rows.map((r) => r.id);
}

/** Marks the invitation sent; false when another worker got there first. */
export async function markReviewInvited(em: EntityManager, bookingId: number): Promise<boolean> {
  const rows = await em.execute<{ id: number }[]>(
    'update bookings set review_invited_at = now() where id = ? and review_invited_at is null returning id',
    [bookingId],
  );
  return rows.length > 0;
}
