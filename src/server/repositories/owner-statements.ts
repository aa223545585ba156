import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import type { TBookingStatus } from '#shared/constants.ts';
import type { TExpenseCategory } from '#shared/schemas/owners.ts';
import type { TStatementRecord } from '../services/owners/statement-record.ts';
import { db, isoDate, isoTimestamp } from './db.ts';
import { inHomes, type THomeScope } from './home-scope.ts';
import { intArray } from './sql.ts';

/** The reads and writes of owner statements, expenses and payouts (docs/owner-statements.md). */

/** `[from, to)` as calendar dates: the first day of `fromMonth` to the first day after `toMonth`. */
export interface TMonthSpan {
  from: string;
  to: string;
}

export interface TPublishedRow {
  month: string;
  number: string;
  publishedAt: string;
}

/** The owner's published months, oldest first. */
export async function publishedMonths(em: EntityManager, ownerId: number): Promise<TPublishedRow[]> {
  return db(em)
    .selectFrom('owner_statements')
    .select(['month', 'number', isoTimestamp('published_at').as('publishedAt')])
    .where('owner_id', '=', ownerId)
    .orderBy('month')
    .execute();
}

export async function publishedStatement(
  em: EntityManager,
  ownerId: number,
  month: string,
): Promise<(TPublishedRow & { document: TStatementRecord }) | undefined> {
  return db(em)
    .selectFrom('owner_statements')
    .select(['month', 'number', 'document', isoTimestamp('published_at').as('publishedAt')])
    .where('owner_id', '=', ownerId)
    .where('month', '=', month)
    .executeTakeFirst();
}

/** A booking's row as a statement line needs it; amounts as the snapshot keeps them. */
export interface TStatementBookingRow {
  id: number;
  confirmationNumber: string;
  propertyId: number;
  propertyTitle: string;
  /** The party's size (adults and children): statements name no guest. */
  guests: number;
  checkIn: string;
  checkOut: string;
  nights: number;
  status: TBookingStatus;
  /** The revenue parts the bookings' trigger keeps (docs/reports.md), in minor units. */
  room: number;
  fees: number;
  gst: number;
  touristTax: number;
  kept: number;
  cancellationFee: number | null;
  /** The home's commission now; null when the home has no owner any more. */
  commissionPercent: number | null;
  /** From the ledger, in minor units. */
  paid: number;
  refunded: number;
  adjustments: number;
}

function bookingRows(em: EntityManager) {
  return db(em)
    .selectFrom('bookings as b')
    .innerJoin('properties as p', 'p.id', 'b.property_id')
    .leftJoin('home_owners as o', 'o.property_id', 'b.property_id')
    .leftJoin('users as u', 'u.id', 'b.user_id')
    .select([
      'b.id',
      'b.confirmation_number as confirmationNumber',
      'b.property_id as propertyId',
      'p.title as propertyTitle',
      'b.guests',
      isoDate('b.check_in').as('checkIn'),
      isoDate('b.check_out').as('checkOut'),
      'b.nights',
      'b.status',
      'b.room_minor as room',
      'b.fees_minor as fees',
      'b.gst_minor as gst',
      'b.tourist_tax_minor as touristTax',
      'b.kept_minor as kept',
      'b.cancellation_fee as cancellationFee',
      'o.commission_percent as commissionPercent',
      sql<number>`coalesce((select sum(l.amount) from ledger_lines l where l.booking_id = b.id and l.kind = 'payment'), 0)::int`.as(
        'paid',
      ),
      sql<number>`coalesce((select sum(l.amount) from ledger_lines l where l.booking_id = b.id and l.kind = 'refund'), 0)::int`.as(
        'refunded',
      ),
      sql<number>`coalesce((select sum(l.amount) from ledger_lines l where l.booking_id = b.id and l.kind = 'adjustment'), 0)::int`.as(
        'adjustments',
      ),
    ]);
}

/**
 * The stays on the owner's homes that check out in `span` and were never stated on any published
 * statement: confirmed ones, and cancelled or declined ones that may have kept a fee.
 */
export async function unstatedStays(
  em: EntityManager,
  ownerId: number,
  span: TMonthSpan,
  homes: THomeScope,
): Promise<TStatementBookingRow[]> {
  return bookingRows(em)
    .where('o.user_id', '=', ownerId)
    .where(inHomes('b.property_id', homes))
    .where('b.status', 'in', ['confirmed', 'cancelled', 'declined'])
    .where('b.check_out', '>=', span.from)
    .where('b.check_out', '<', span.to)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('owner_statements as s')
            .select('s.id')
            .where(sql<boolean>`s.booking_ids @> array[b.id]`),
        ),
      ),
    )
    .orderBy('b.check_out')
    .orderBy('b.id')
    .execute();
}

export async function bookingsByIds(
  em: EntityManager,
  ids: readonly number[],
  homes: THomeScope,
): Promise<TStatementBookingRow[]> {
  if (ids.length === 0) return [];
  return bookingRows(em)
    .where(sql<boolean>`b.id = any(${intArray([...ids])}::int[])`)
    .where(inHomes('b.property_id', homes))
    .orderBy('b.check_out')
    .orderBy('b.id')
    .execute();
}

/** What the owner's statements of months in `[fromMonth, toMonth)` stated per booking, in minor units. */
export interface TStatedRow {
  bookingId: number;
  /** The first month that stated it. */
  month: string;
  commissionPercent: number;
  gross: number;
  rent: number;
  fees: number;
  taxes: number;
  refunds: number;
  commission: number;
  net: number;
}

export async function statedBookings(
  em: EntityManager,
  ownerId: number,
  fromMonth: string,
  toMonth: string,
): Promise<TStatedRow[]> {
  const { rows } = await sql<TStatedRow>`
    select (l->>'bookingId')::int as "bookingId", min(s.month) as month,
           (array_agg((l->>'commissionPercent')::float8 order by s.month))[1] as "commissionPercent",
           sum((l->>'gross')::bigint)::int as gross, sum((l->>'rent')::bigint)::int as rent,
           sum((l->>'fees')::bigint)::int as fees, sum((l->>'taxes')::bigint)::int as taxes,
           sum((l->>'refunds')::bigint)::int as refunds, sum((l->>'commission')::bigint)::int as commission,
           sum((l->>'net')::bigint)::int as net
      from owner_statements s
     cross join lateral jsonb_array_elements((s.document->'stays') || (s.document->'adjustments')) l
     where s.owner_id = ${ownerId} and s.month >= ${fromMonth} and s.month < ${toMonth}
     group by 1
     order by 2, 1`.execute(db(em));
  return rows;
}

export interface TExpenseRow {
  id: number;
  date: string;
  propertyId: number;
  propertyTitle: string;
  category: TExpenseCategory;
  amount: number;
  description: string;
}

export async function expensesOf(
  em: EntityManager,
  ownerId: number,
  span: TMonthSpan,
  homes: THomeScope,
): Promise<TExpenseRow[]> {
  return db(em)
    .selectFrom('home_expenses as e')
    .innerJoin('properties as p', 'p.id', 'e.property_id')
    .select([
      'e.id',
      isoDate('e.date').as('date'),
      'e.property_id as propertyId',
      'p.title as propertyTitle',
      'e.category',
      'e.amount',
      'e.description',
    ])
    .where('e.owner_id', '=', ownerId)
    .where(inHomes('e.property_id', homes))
    .where('e.date', '>=', span.from)
    .where('e.date', '<', span.to)
    .orderBy('e.date')
    .orderBy('e.id')
    .execute();
}

export interface TPayoutRow {
  id: number;
  date: string;
  amount: number;
  reference: string;
}

export async function payoutsOf(em: EntityManager, ownerId: number, span: TMonthSpan): Promise<TPayoutRow[]> {
  return db(em)
    .selectFrom('owner_payouts')
    .select(['id', isoDate('date').as('date'), 'amount', 'reference'])
    .where('owner_id', '=', ownerId)
    .where('date', '>=', span.from)
    .where('date', '<', span.to)
    .orderBy('date')
    .orderBy('id')
    .execute();
}

/**
 * Holds the owner's statements still while a change to one of their months commits: publishing takes
 * the owner's row for update, and an expense or payout written in the same breath takes it for share,
 * so neither sees the other half done.
 */
export async function lockOwner(
  em: EntityManager,
  ownerId: number,
  mode: 'publish' | 'entry',
): Promise<void> {
  await sql`select id from users where id = ${ownerId} ${mode === 'publish' ? sql`for no key update` : sql`for share`}`.execute(
    db(em),
  );
}

export async function isPublished(em: EntityManager, ownerId: number, month: string): Promise<boolean> {
  const row = await db(em)
    .selectFrom('owner_statements')
    .select('id')
    .where('owner_id', '=', ownerId)
    .where('month', '=', month)
    .executeTakeFirst();
  return !!row;
}

/** The next statement number of the current year, from its counter row, locked until the transaction ends. */
export async function allocateStatementNumber(em: EntityManager): Promise<string> {
  const { rows } = await sql<{ year: number; last: number }>`
    insert into statement_counters (year, last) values (extract(year from now())::int, 1)
    on conflict (year) do update set last = statement_counters.last + 1
    returning year, last`.execute(db(em));
  const row = rows[0];
  if (!row) throw new Error('the statement counter returned no row');
  return `OS-${row.year}-${String(row.last).padStart(4, '0')}`;
}

export async function insertStatement(
  em: EntityManager,
  row: {
    ownerId: number;
    month: string;
    number: string;
    document: TStatementRecord;
    bookingIds: number[];
    publishedBy: number;
  },
): Promise<{ publishedAt: string }> {
  const out = await db(em)
    .insertInto('owner_statements')
    .values({
      owner_id: row.ownerId,
      month: row.month,
      number: row.number,
      document: JSON.stringify(row.document) as never,
      booking_ids: intArray(row.bookingIds) as never,
      published_at: sql<Date>`now()` as never,
      published_by_id: row.publishedBy,
    })
    .returning(isoTimestamp('published_at').as('publishedAt'))
    .executeTakeFirstOrThrow();
  return out;
}
