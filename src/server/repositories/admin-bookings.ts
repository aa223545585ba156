import type { EntityManager } from '@mikro-orm/postgresql';
import type { TBookingStatus } from '#shared/constants.ts';
import type {
  TAdminBooking,
  TAdminBookingDetail,
  TAdminBookingFilter,
  TAdminBookingSort,
  TBookingNote,
} from '#shared/schemas/admin.ts';
import { sql, type Selectable } from 'kysely';
import { Booking } from '../entities/booking.entity.ts';
import { BookingNote } from '../entities/booking-note.entity.ts';
import { User } from '../entities/user.entity.ts';
import { counterTotal } from './admin-counters.ts';
import { inHomes, type THomeScope } from './home-scope.ts';
import { db, isoDate, isoTimestamp, type TDB } from './db.ts';
import { intArray, containsPattern } from './sql.ts';

/** Every query of the admin's bookings table, its drawer, its bulk actions and its CSV export. */

/** The bookings a query reads, as `b`: filtered, ordered and limited before any join (see joined). */
function bookings(em: EntityManager) {
  return db(em).selectFrom('bookings as b').selectAll('b');
}
type TBookingsQuery = ReturnType<typeof bookings>;

/**
 * A page picks its bookings first (filter, order, limit: one index walk that stops after the page) and joins
 * their home and account after, for those rows only. Joining first made PostgreSQL join all 200,000 bookings
 * and sort them for every page (bench `admin`). The inner join cannot drop a row:
 * every booking has its property (restrict on delete). Dates leave as `yyyy-MM-dd` text (docs/decisions.md#calendar-dates).
 */
function joined(em: EntityManager, page: TBookingsQuery) {
  return db(em)
    .selectFrom(page.as('b'))
    .innerJoin('properties as p', 'p.id', 'b.property_id')
    .leftJoin('users as u', 'u.id', 'b.user_id')
    .leftJoin('payment_plans as pp', 'pp.booking_id', 'b.id')
    .select([
      'b.id',
      'b.property_id',
      'p.title as property_title',
      'b.user_id',
      'u.name as user_name',
      'u.username as user_username',
      'b.contact_info',
      isoDate('b.check_in').as('check_in'),
      isoDate('b.check_out').as('check_out'),
      'b.guests',
      'b.total_price',
      'b.status',
      'b.confirmation_number',
      'b.created_at',
      // The balance's charge to the saved card failed and it is still owed (docs/payments.md#automatic-balance).
      sql<boolean>`(pp.balance_charge_failed_at is not null and b.status in ('pending', 'confirmed')
        and coalesce((select sum(case l.kind when 'payment' then l.amount when 'refund' then -l.amount else -l.amount end)
                        from ledger_lines l where l.booking_id = b.id), 0) < pp.total_amount)`.as(
        'balance_charge_failed',
      ),
    ]);
}

/** The price snapshot's columns, for the drawer and the CSV export. */
const PRICE_COLUMNS = [
  'b.nightly_price',
  'b.nights',
  sql<number>`b.tax_rate::float8`.as('tax_rate'),
  'b.tax_amount',
  'b.night_prices',
  'b.price_lines',
  isoTimestamp<string | null>('b.respond_by').as('respond_by'),
  'b.children',
  'b.infants',
  'b.pets',
] as const;

type TAdminBookingRow = Awaited<ReturnType<ReturnType<typeof joined>['executeTakeFirstOrThrow']>>;

export type TAdminBookingPriceRow = TAdminBookingRow &
  Pick<
    Selectable<TDB['bookings']>,
    | 'nightly_price'
    | 'nights'
    | 'tax_rate'
    | 'tax_amount'
    | 'night_prices'
    | 'price_lines'
    | 'children'
    | 'infants'
    | 'pets'
  > & { respond_by: string | null };

/**
 * The text the search box matches, one expression so one trigram index (bookings_search_trgm_idx) serves
 * name, e-mail and confirmation number alike. It must stay identical to the index's expression.
 */
export const BOOKING_SEARCH_EXPR = `lower(coalesce(b.contact_info->>'name', '') || ' ' || coalesce(b.contact_info->>'email', '') || ' ' || b.confirmation_number)`;

export function toAdminBooking(r: TAdminBookingRow): TAdminBooking {
  return {
    id: r.id,
    propertyId: r.property_id,
    property: { id: r.property_id, title: r.property_title },
    userId: r.user_id,
    user:
      r.user_id !== null && r.user_username !== null
        ? { id: r.user_id, name: r.user_name, username: r.user_username }
        : null,
    contactInfo: r.contact_info,
    checkIn: r.check_in,
    checkOut: r.check_out,
    guests: r.guests,
    totalPrice: r.total_price,
    status: r.status,
    confirmationNumber: r.confirmation_number,
    createdAt: new Date(r.created_at).toISOString(),
    balanceChargeFailed: r.balance_charge_failed === true,
  };
}

const ORDER = {
  createdAt: 'b.created_at',
  id: 'b.id',
  checkIn: 'b.check_in',
  checkOut: 'b.check_out',
  guests: 'b.guests',
  total: 'b.total_price',
  status: 'b.status',
} as const satisfies Record<TAdminBookingSort, string>;

/** The table's filter, narrowed to the caller's homes (docs/staff.md#per-home-access). */
type TScopedFilter<F> = F & { homes?: THomeScope | undefined };

function filtered(
  q: TBookingsQuery,
  f: TScopedFilter<Omit<TAdminBookingFilter, 'sort' | 'dir'>>,
): TBookingsQuery {
  if (f.homes) q = q.where(inHomes('b.property_id', f.homes));
  if (f.q) q = q.where(sql.raw<string>(BOOKING_SEARCH_EXPR), 'like', containsPattern(f.q.toLowerCase()));
  if (f.status) q = q.where('b.status', '=', f.status);
  if (f.propertyId) q = q.where('b.property_id', '=', f.propertyId);
  if (f.userId) q = q.where('b.user_id', '=', f.userId);
  // At least one night between from and to (both inclusive): the stay starts by `to` and ends after `from`.
  if (f.from) q = q.where('b.check_out', '>', sql<string>`${f.from}::date`);
  if (f.to) q = q.where('b.check_in', '<=', sql<string>`${f.to}::date`);
  return q;
}

/** The table's order, on the page and again on its joined rows. */
function orderOf(f: Pick<TAdminBookingFilter, 'sort' | 'dir'>) {
  return { key: ORDER[f.sort], dir: f.dir === 'asc' ? ('asc' as const) : ('desc' as const) };
}

export async function listAdminBookingRows(
  em: EntityManager,
  filter: TScopedFilter<TAdminBookingFilter>,
  limit: number,
  offset: number,
): Promise<TAdminBooking[]> {
  const { key, dir } = orderOf(filter);
  const page = filtered(bookings(em), filter)
    .orderBy(key, dir)
    .orderBy('b.id', dir)
    .limit(limit)
    .offset(offset);
  const rows = await joined(em, page).orderBy(key, dir).orderBy('b.id', dir).execute();
  return rows.map(toAdminBooking);
}

export async function countAdminBookings(
  em: EntityManager,
  filter: TScopedFilter<Omit<TAdminBookingFilter, 'sort' | 'dir'>>,
): Promise<number> {
  const { status } = filter;
  if (!filter.homes && !filter.q && !filter.propertyId && !filter.userId && !filter.from && !filter.to) {
    // All bookings, or all of one status: the running totals answer without counting 200,000 rows.
    return counterTotal(em, status ? { name: `bookings:${status}` } : { prefix: 'bookings:' });
  }
  // The join to properties is not needed to count: every booking has its property (restrict on delete).
  const row = await filtered(bookings(em), filter)
    .clearSelect()
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirst();
  return row?.n ?? 0;
}

/** Every booking newest first (the spec's plain GET /bookings). */
export async function listAllAdminBookingRows(
  em: EntityManager,
  homes: THomeScope = null,
): Promise<TAdminBooking[]> {
  const rows = await joined(em, filtered(bookings(em), { homes }))
    .orderBy('b.created_at', 'desc')
    .orderBy('b.id', 'desc')
    .execute();
  return rows.map(toAdminBooking);
}

/** The filtered bookings with their price snapshot, for the CSV export (at most `limit` rows). */
export async function exportAdminBookingRows(
  em: EntityManager,
  filter: TScopedFilter<TAdminBookingFilter>,
  limit: number,
): Promise<TAdminBookingPriceRow[]> {
  const { key, dir } = orderOf(filter);
  const page = filtered(bookings(em), filter).orderBy(key, dir).orderBy('b.id', dir).limit(limit);
  return joined(em, page).select(PRICE_COLUMNS).orderBy(key, dir).orderBy('b.id', dir).execute();
}

export async function findAdminBooking(em: EntityManager, id: number): Promise<TAdminBooking | null> {
  const row = await joined(em, bookings(em).where('b.id', '=', id)).executeTakeFirst();
  return row ? toAdminBooking(row) : null;
}

export async function findAdminBookingWithPrice(
  em: EntityManager,
  id: number,
): Promise<TAdminBookingPriceRow | null> {
  const row = await joined(em, bookings(em).where('b.id', '=', id))
    .select(PRICE_COLUMNS)
    .executeTakeFirst();
  return row ?? null;
}

export async function lockBookingStatuses(
  tx: EntityManager,
  ids: readonly number[],
): Promise<Map<number, TBookingStatus>> {
  const rows = await db(tx)
    .selectFrom('bookings')
    .select(['id', 'status'])
    .where('id', '=', sql<number>`any(${intArray([...ids])}::int[])`)
    .orderBy('id')
    .forUpdate()
    .execute();
  return new Map(rows.map((r) => [r.id, r.status]));
}

export async function setBookingStatus(tx: EntityManager, id: number, status: TBookingStatus): Promise<void> {
  await tx.nativeUpdate(Booking, { id }, { status });
}

export async function emailsOfBooking(
  em: EntityManager,
  bookingId: number,
): Promise<TAdminBookingDetail['emails']> {
  const rows = await db(em)
    .selectFrom('emails')
    .select(['id', 'to_address', 'subject', 'template', 'status', 'created_at', 'sent_at'])
    .where('booking_id', '=', bookingId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    to: r.to_address,
    subject: r.subject,
    template: r.template,
    status: r.status,
    createdAt: new Date(r.created_at).toISOString(),
    sentAt: r.sent_at ? new Date(r.sent_at).toISOString() : null,
  }));
}

const toNote = (r: {
  id: number;
  authorName: string;
  body: string;
  createdAt: Date | string;
}): TBookingNote => ({
  id: r.id,
  authorName: r.authorName,
  body: r.body,
  createdAt: new Date(r.createdAt).toISOString(),
});

export async function notesOfBooking(em: EntityManager, bookingId: number): Promise<TBookingNote[]> {
  const rows = await db(em)
    .selectFrom('booking_notes')
    .select(['id', 'author_name as authorName', 'body', 'created_at as createdAt'])
    .where('booking_id', '=', bookingId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(toNote);
}

export async function insertBookingNote(
  em: EntityManager,
  note: { bookingId: number; authorId: number | null; authorName: string; body: string },
): Promise<TBookingNote> {
  const row = em.create(BookingNote, {
    booking: em.getReference(Booking, note.bookingId),
    author: note.authorId === null ? null : em.getReference(User, note.authorId),
    authorName: note.authorName,
    body: note.body,
  });
  await em.persist(row).flush();
  return toNote(row);
}
