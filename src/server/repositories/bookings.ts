import { bookedLines, bookedNights } from '#shared/pricing.ts';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { TCancellationPolicy } from '#shared/cancellation.ts';
import type { TBookingMode } from '#shared/constants.ts';
import type { TContactInfo, TMyBooking } from '#shared/schemas/booking.ts';
import type { TSettings } from '#shared/schemas/settings.ts';
import type { TBookingSource } from '#shared/operator-bookings.ts';
import type { TOutboxKey } from './emails.ts';
import type { TPriceSnapshot, TStayParty } from './operator-bookings.ts';
import { bookingLinkInsertFrom } from './managed-bookings.ts';
import { stayRulesColumns, toStayRules, type TRulesRow, type TStayRules } from './property-rates.ts';
import { sql } from 'kysely';
import { db, isoDate, isoTimestamp } from './db.ts';
import { intArray, liveProperty, type TRunSql } from './sql.ts';

/** Booking creation and the guest's own list (manage links and lookups: managed-bookings.ts). */

/** The settings a booking obeys, and whether its emails are due. */
export type TStaySettings = Pick<
  TSettings,
  | 'taxRate'
  | 'minNightsDefault'
  | 'maxNightsDefault'
  | 'advanceBookingDays'
  | 'enableGuestRegistration'
  | 'enableEmailNotifications'
  | 'requestResponseHours'
>;

export interface TStayHome {
  id: number;
  title: string;
  price: number;
  maxGuests: number;
  cancellationPolicy: TCancellationPolicy;
  bookingMode: TBookingMode;
}

export interface TStayContext {
  settings: TStaySettings;
  /** The listed home's price, capacity, and what the booking email says of it; null when unknown or archived. */
  property: TStayHome | null;
  /** The home's price and stay rules for the stay's nights; null with the property. */
  rules: TStayRules | null;
  /** The candidate confirmation numbers no booking holds yet, in the order given. */
  freeNumbers: string[];
}

/**
 * Everything a booking is checked against, in one round trip: the settings it obeys (and whether its
 * emails are due: Email Notifications), the property's price and capacity, its stay rules for the
 * stay's nights (stayRulesColumns), and which of the candidate confirmation numbers are free (a clash
 * costs the insert a second round trip; on the bench's 200,000 bookings about one draw in five clashed).
 * Raw prepared SQL on the booking hot path (bench `load`, figures in bench/RESULTS.md): planning the
 * reads cost PostgreSQL more than running them. The candidates are a VALUES list, not an unnested array:
 * PostgreSQL guesses 10 elements for an array parameter, so its generic plan looked dearer than a custom
 * one and it planned the read anew for every booking.
 * Null when the settings record does not exist yet.
 */
export async function findStayContext(
  run: TRunSql,
  stay: { propertyId: number; checkIn: string; checkOut: string },
  candidateNumbers: string[],
): Promise<TStayContext | null> {
  const rules = stayRulesColumns('p', stay.checkIn, stay.checkOut);
  const rows = await run<
    Omit<TRulesRow, 'price'> & {
      tax_rate: number;
      min_nights_default: number;
      max_nights_default: number;
      advance_booking_days: number;
      enable_guest_registration: boolean;
      enable_email_notifications: boolean;
      request_response_hours: number;
      property_id: number | null;
      title: string | null;
      price: number | null;
      max_guests: number | null;
      cancellation_policy: TCancellationPolicy | null;
      booking_mode: TBookingMode | null;
      free_numbers: string[];
    }
  >(
    `select s.min_nights_default, s.max_nights_default, s.advance_booking_days, s.enable_guest_registration,
            s.enable_email_notifications, s.request_response_hours,
            p.id as property_id, p.title, p.price, p.max_guests, p.cancellation_policy, p.booking_mode, ${rules.sql},
            array(select c.n from (values ${candidateNumbers.map((_, i) => `(${i}, ?::text)`).join(', ')}) c(i, n)
                   where not exists (select 1 from bookings b where b.confirmation_number = c.n) order by c.i) as free_numbers
       from settings s
       left join properties p on p.id = ? and ${liveProperty('p')}
      where s.id = 1`,
    [...rules.params, ...candidateNumbers, stay.propertyId],
  );
  const row = rows[0];
  if (!row) return null;
  const property =
    row.property_id !== null &&
    row.title !== null &&
    row.price !== null &&
    row.max_guests !== null &&
    row.cancellation_policy !== null &&
    row.booking_mode !== null
      ? {
          id: row.property_id,
          title: row.title,
          price: row.price,
          maxGuests: row.max_guests,
          cancellationPolicy: row.cancellation_policy,
          bookingMode: row.booking_mode,
        }
      : null;
  return {
    settings: {
      taxRate: Number(row.tax_rate),
      minNightsDefault: row.min_nights_default,
      maxNightsDefault: row.max_nights_default,
      advanceBookingDays: row.advance_booking_days,
      enableGuestRegistration: row.enable_guest_registration,
      enableEmailNotifications: row.enable_email_notifications,
      requestResponseHours: row.request_response_hours,
    },
    property,
    rules: property ? toStayRules({ ...row, price: property.price }) : null,
    freeNumbers: row.free_numbers,
  };
}

/** Every booking the app writes, the guest's or the operator's: its stay, party and price snapshot. */
export interface TNewBooking extends TPriceSnapshot, TStayParty {
  userId: number | null;
  propertyId: number;
  checkIn: string;
  checkOut: string;
  contactInfo: TContactInfo;
  confirmationNumber: string;
  createdAt: string;
  /** 'pending' unless said: an instant booking is 'confirmed', a request 'requested' (docs/booking-operations.md#booking-modes). */
  status?: 'pending' | 'requested' | 'confirmed';
  /** A request's answer deadline (ISO timestamp). */
  respondBy?: string | null;
  /** Where it came from: the website unless the operator entered it (docs/booking-operations.md#operator-bookings). */
  source?: TBookingSource;
  sourceDetail?: string | null;
  /** Why the operator set the total by hand; null when the quote's total stands. */
  priceOverrideReason?: string | null;
}

/**
 * What is written with a booking, in its statement: the manage link, and, when its emails are due, the
 * link's token for them (the booking row is their outbox entry; the booking-emails job writes them).
 */
export interface TBookingCompanions {
  link: { hash: string; expiresAt: Date };
  emailsToken: string | null;
  /** The Idempotency-Key's answer, written with the booking (idempotency-keys.ts answerUpdateFrom). */
  idempotency?: { sql: string; params: unknown[] } | null;
}

/**
 * The one insert of a booking (the guest's, the operator's): the booking with its manage link in one statement (a data-modifying CTE): all or nothing,
 * so the transactional outbox holds (a booking refused by the exclusion constraint, 23P01, writes neither
 * link nor the token of its emails) with no round trip for the link, and no transaction around it. Raw SQL
 * on the booking hot path: a booking is two round trips, findStayContext and this (it was 7-8, then 5 with
 * begin, the rules and commit): socket writes to PostgreSQL were the node side's largest cost under the
 * bench's booking load (figures in bench/RESULTS.md). Null when the confirmation number is taken (nothing is written; the caller draws another).
 */
export async function insertBooking(
  run: TRunSql,
  b: TNewBooking,
  companions: TBookingCompanions,
): Promise<{ id: number } | null> {
  const link = bookingLinkInsertFrom('b', companions.link.hash, companions.link.expiresAt);
  const key = companions.idempotency;
  const rows = await run<{ id: number }>(
    `with b as (
       insert into bookings (user_id, property_id, check_in, check_out, guests, total_price, status, contact_info,
                             nightly_price, nights, tax_rate, tax_amount, night_prices, confirmation_number, created_at,
                             emails_token, children, infants, pets, price_lines, respond_by, source, source_detail,
                             price_override_reason)
       values (?, ?, ?::date, ?::date, ?, ?, ?, ?::jsonb, ?, ?, ?, ?, ?::int[], ?, ?::timestamptz, ?, ?, ?, ?, ?::jsonb,
               ?::timestamptz, ?, ?, ?)
       on conflict (confirmation_number) do nothing
       returning id
     ), l as (${link.sql})${key ? `, k as (${key.sql})` : ''}
     select b.id from b`,
    [
      b.userId,
      b.propertyId,
      b.checkIn,
      b.checkOut,
      b.guests,
      b.totalPrice,
      b.status ?? 'pending',
      JSON.stringify(b.contactInfo),
      b.nightlyPrice,
      b.nights,
      b.taxRate,
      b.taxAmount,
      intArray(b.nightPrices),
      b.confirmationNumber,
      b.createdAt,
      companions.emailsToken,
      b.children,
      b.infants,
      b.pets,
      JSON.stringify(b.priceLines),
      b.respondBy ?? null,
      b.source ?? 'website',
      b.sourceDetail ?? null,
      b.priceOverrideReason ?? null,
      ...link.params,
      ...(key?.params ?? []),
    ],
  );
  const row = rows[0];
  return row ? { id: row.id } : null;
}

/**
 * Takes the token of a booking whose emails are due, clearing it, with the booking's row locked until
 * `em`'s transaction ends: so its emails are written once, by whichever job gets there first. Null when
 * they are not due (written already, or never due).
 */
export async function takeEmailsToken(em: EntityManager, bookingId: number): Promise<string | null> {
  const d = db(em);
  const row = await d
    .updateTable('bookings as b')
    .from(
      d
        .selectFrom('bookings')
        .select(['id', 'emails_token'])
        .where('id', '=', bookingId)
        .where('emails_token', 'is not', null)
        .forUpdate()
        .as('due'),
    )
    .set({ emails_token: null })
    .whereRef('b.id', '=', 'due.id')
    .returning(sql<string>`due.emails_token`.as('token'))
    .executeTakeFirst();
  return row?.token ?? null;
}

/** Bookings whose emails are still due a minute after they were made: their job never went (a crash). */
export async function bookingsWithEmailsDue(em: EntityManager): Promise<TOutboxKey[]> {
  return db(em)
    .selectFrom('bookings')
    .select(['id', sql<string>`(extract(epoch from created_at) * 1000)::bigint::text`.as('createdMs')])
    .where('emails_token', 'is not', null)
    .where('created_at', '<', sql<Date>`now() - interval '1 minute'`)
    .orderBy('created_at')
    .limit(200)
    .execute();
}

/** A user's own bookings, newest stay first. */
export async function bookingsOfUser(
  em: EntityManager,
  userId: number,
): Promise<Omit<TMyBooking, 'payment' | 'underWay'>[]> {
  const rows = await db(em)
    .selectFrom('bookings as b')
    .innerJoin('properties as p', 'p.id', 'b.property_id')
    .select([
      'b.id',
      'b.property_id',
      'p.title',
      sql<string | null>`p.images[1]`.as('cover'),
      isoDate('b.check_in').as('check_in'),
      isoDate('b.check_out').as('check_out'),
      'b.guests',
      'b.children',
      'b.infants',
      'b.pets',
      'b.nights',
      'b.nightly_price',
      'b.night_prices',
      'b.tax_amount',
      'b.tax_rate',
      'b.price_lines',
      'b.total_price',
      'b.status',
      'b.confirmation_number',
      isoTimestamp('b.created_at').as('created_at'),
      isoTimestamp<string | null>('b.respond_by').as('respond_by'),
      'p.time_zone',
    ])
    .where('b.user_id', '=', userId)
    .orderBy('b.check_in', 'desc')
    .orderBy('b.id', 'desc')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    propertyId: r.property_id,
    propertyTitle: r.title,
    propertyImage: r.cover,
    checkIn: r.check_in,
    checkOut: r.check_out,
    guests: r.guests,
    children: r.children,
    infants: r.infants,
    pets: r.pets,
    nights: r.nights,
    nightPrices: bookedNights({
      ...r,
      checkIn: r.check_in,
      nightlyPrice: r.nightly_price,
      nightPrices: r.night_prices,
    }).map((n) => n.price),
    taxAmount: r.tax_amount,
    lines: bookedLines({ taxRate: Number(r.tax_rate), taxAmount: r.tax_amount, priceLines: r.price_lines }),
    totalPrice: r.total_price,
    status: r.status,
    confirmationNumber: r.confirmation_number,
    createdAt: r.created_at,
    respondBy: r.respond_by,
    timeZone: r.time_zone,
  }));
}

/** Holds the booking row for the rest of the transaction. */
export async function lockBooking(tx: EntityManager, bookingId: number): Promise<void> {
  await db(tx).selectFrom('bookings').select('id').where('id', '=', bookingId).forUpdate().execute();
}

/** A booking's check-out day, or null when it does not exist. */
export async function bookingCheckOut(em: EntityManager, bookingId: number): Promise<string | null> {
  const row = await db(em)
    .selectFrom('bookings')
    .select(isoDate('check_out').as('check_out'))
    .where('id', '=', bookingId)
    .executeTakeFirst();
  return row?.check_out ?? null;
}
