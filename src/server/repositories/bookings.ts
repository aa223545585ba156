import type { EntityManager } from '@mikro-orm/postgresql';
import type { TCancellationPolicy } from '../../shared/cancellation.ts';
import type { TBookingStatus } from '../../shared/constants.ts';
import type { TContactInfo, TMyBooking } from '../../shared/schemas/booking.ts';
import type { TSettings } from '../../shared/schemas/settings.ts';
import { outboxInsertFrom, outboxKeysOf, type TNewEmail, type TOutboxKey } from './emails.ts';
import { bookingLinkInsertFrom } from './managed-bookings.ts';
import { intArray, liveProperty, sqlDate, sqlTimestamp } from './sql.ts';

/** Booking creation and the guest's own list (manage links and lookups: managed-bookings.ts). */

/** The settings a booking obeys, and those its emails need (so they cost no second read). */
export type TStaySettings = Pick<
  TSettings,
  | 'taxRate'
  | 'minNightsDefault'
  | 'maxNightsDefault'
  | 'advanceBookingDays'
  | 'enableGuestRegistration'
  | 'siteName'
  | 'notificationEmail'
  | 'enableEmailNotifications'
>;

export interface TStayHome {
  id: number;
  title: string;
  price: number;
  maxGuests: number;
  cancellationPolicy: TCancellationPolicy;
}

export interface TStayContext {
  settings: TStaySettings;
  /** The listed home's price, capacity, and what the booking email says of it; null when unknown or archived. */
  property: TStayHome | null;
  /** The candidate confirmation numbers no booking holds yet, in the order given. */
  freeNumbers: string[];
}

/**
 * The settings a booking obeys and the property's price and capacity, in one round trip, with what its
 * 'booking received' emails need (so composing them reads nothing more), and which of the candidate
 * confirmation numbers are free (a clash costs the insert a second round trip; on the bench's 200,000
 * bookings about one draw in five clashed). Raw SQL on the booking hot path: 0.6 ms vs 2.4 ms for
 * em.findOne(Settings) + em.findOne(Property) (2,000 reads, warm, measured on the test database
 * 2026-11-23). Null when the settings record does not exist yet.
 */
export async function findStayContext(
  em: EntityManager,
  propertyId: number,
  candidateNumbers: string[],
): Promise<TStayContext | null> {
  const rows = await em.execute<
    {
      tax_rate: number;
      min_nights_default: number;
      max_nights_default: number;
      advance_booking_days: number;
      enable_guest_registration: boolean;
      site_name: string;
      notification_email: string;
      enable_email_notifications: boolean;
      property_id: number | null;
      title: string | null;
      price: number | null;
      max_guests: number | null;
      cancellation_policy: TCancellationPolicy | null;
      free_numbers: string[];
    }[]
  >(
    `select s.tax_rate, s.min_nights_default, s.max_nights_default, s.advance_booking_days, s.enable_guest_registration,
            s.site_name, s.notification_email, s.enable_email_notifications,
            p.id as property_id, p.title, p.price, p.max_guests, p.cancellation_policy,
            array(select c.n from unnest(?::text[]) with ordinality c(n, i)
                   where not exists (select 1 from bookings b where b.confirmation_number = c.n) order by c.i) as free_numbers
       from settings s
       left join properties p on p.id = ? and ${liveProperty('p')}
      where s.id = 1`,
    [`{${candidateNumbers.join(',')}}`, propertyId],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    settings: {
      taxRate: Number(row.tax_rate),
      minNightsDefault: row.min_nights_default,
      maxNightsDefault: row.max_nights_default,
      advanceBookingDays: row.advance_booking_days,
      enableGuestRegistration: row.enable_guest_registration,
      siteName: row.site_name,
      notificationEmail: row.notification_email,
      enableEmailNotifications: row.enable_email_notifications,
    },
    property:
      row.property_id !== null &&
      row.title !== null &&
      row.price !== null &&
      row.max_guests !== null &&
      row.cancellation_policy !== null
        ? {
            id: row.property_id,
            title: row.title,
            price: row.price,
            maxGuests: row.max_guests,
            cancellationPolicy: row.cancellation_policy,
          }
        : null,
    freeNumbers: row.free_numbers,
  };
}

export interface TNewBooking {
  userId: number | null;
  propertyId: number;
  checkIn: string;
  checkOut: string;
  guests: number;
  totalPrice: number;
  contactInfo: TContactInfo;
  nightlyPrice: number;
  nights: number;
  taxRate: number;
  taxAmount: number;
  nightPrices: number[];
  confirmationNumber: string;
  createdAt: string;
}

/** What is written with a booking, in its statement: the manage link, and the outbox rows about it. */
export interface TBookingCompanions {
  link: { hash: string; expiresAt: Date };
  emails: TNewEmail[];
}

/**
 * Inserts a pending booking with its manage link and its outbox rows in one statement (data-modifying
 * CTEs): all or nothing, so the transactional outbox holds (a booking refused by the exclusion
 * constraint, 23P01, writes neither link nor email) with no round trip for the link or the emails. Raw
 * SQL on the booking hot path: a booking went from 7-8 round trips to 5 (begin, the stay context, the
 * rules, this, commit); the node side spent ~19 % of its CPU in socket writes to PostgreSQL under the
 * bench's booking load (CPU profile, 2026-11-25). Null when the confirmation number is taken (nothing is
 * written; the caller draws another).
 */
export async function insertPendingBooking(
  em: EntityManager,
  b: TNewBooking,
  companions: TBookingCompanions,
): Promise<{ id: number; emails: TOutboxKey[] } | null> {
  const link = bookingLinkInsertFrom('b', companions.link.hash, companions.link.expiresAt);
  const outbox = companions.emails.length > 0 ? outboxInsertFrom('b', companions.emails) : null;
  const rows = await em.execute<{ id: number; emails: TOutboxKey[] }[]>(
    `with b as (
       insert into bookings (user_id, property_id, check_in, check_out, guests, total_price, status, contact_info,
                             nightly_price, nights, tax_rate, tax_amount, night_prices, confirmation_number, created_at)
       values (?, ?, ?::date, ?::date, ?, ?, 'pending', ?::jsonb, ?, ?, ?, ?, ?::int[], ?, ?::timestamptz)
       on conflict (confirmation_number) do nothing
       returning id
     ), l as (${link.sql})${outbox ? `, e as (${outbox.sql})` : ''}
     select b.id, ${outbox ? outboxKeysOf('e') : `'[]'::json`} as emails from b`,
    [
      b.userId,
      b.propertyId,
      b.checkIn,
      b.checkOut,
      b.guests,
      b.totalPrice,
      JSON.stringify(b.contactInfo),
      b.nightlyPrice,
      b.nights,
      b.taxRate,
      b.taxAmount,
      intArray(b.nightPrices),
      b.confirmationNumber,
      b.createdAt,
      ...link.params,
      ...(outbox?.params ?? []),
    ],
  );
  const row = rows[0];
  return row ? { id: row.id, emails: row.emails } : null;
}

/** A user's own bookings, newest stay first. */
export async function bookingsOfUser(em: EntityManager, userId: number): Promise<TMyBooking[]> {
  const rows = await em.execute<
    {
      id: number;
      property_id: number;
      title: string;
      cover: string | null;
      check_in: string;
      check_out: string;
      guests: number;
      nights: number;
      total_price: number;
      status: TBookingStatus;
      confirmation_number: string;
      created_at: string;
    }[]
  >(
    `select b.id, b.property_id, p.title, p.images[1] as cover,
            ${sqlDate('b.check_in')} as check_in, ${sqlDate('b.check_out')} as check_out,
            b.guests, b.nights, b.total_price, b.status, b.confirmation_number,
            ${sqlTimestamp('b.created_at')} as created_at
       from bookings b join properties p on p.id = b.property_id
      where b.user_id = ?
      order by b.check_in desc, b.id desc`,
    [userId],
  );
  return rows.map((r) => ({
    id: r.id,
    propertyId: r.property_id,
    propertyTitle: r.title,
    propertyImage: r.cover,
    checkIn: r.check_in,
    checkOut: r.check_out,
    guests: r.guests,
    nights: r.nights,
    totalPrice: r.total_price,
    status: r.status,
    confirmationNumber: r.confirmation_number,
    createdAt: r.created_at,
  }));
}

/** Holds the booking row for the rest of the transaction. */
export async function lockBooking(tx: EntityManager, bookingId: number): Promise<void> {
  await tx.execute('select id from bookings where id = ? for update', [bookingId]);
}

/** A booking's check-out day, or null when it does not exist. */
export async function bookingCheckOut(em: EntityManager, bookingId: number): Promise<string | null> {
  const rows = await em.execute<{ check_out: string }[]>(
    `select ${sqlDate('check_out')} as check_out from bookings where id = ?`,
    [bookingId],
  );
  return rows[0]?.check_out ?? null;
}
