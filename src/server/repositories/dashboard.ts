import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, type AliasedRawBuilder } from 'kysely';
import { toMajor } from '#shared/money.ts';
import type { TDashboard, TDashboardStay } from '#shared/schemas/admin.ts';
import { db, guestName, isoDate } from './db.ts';
import { inHomes, scopedHomes, type THomeScope } from './home-scope.ts';

/**
 * The dashboard's figures, each computed by the database. "Holding" stays are pending, requested or
 * confirmed (a cancelled or declined stay holds no night and earns nothing), as in the exclusion
 * constraint (docs/decisions.md#no-double-bookings). For every home, the turnover, in-house and occupancy
 * figures are sums of the holding stays by day (booking_days, kept exact by the bookings' triggers:
 * docs/features.md#dashboard-figures); for a person limited to some homes they are counted from those
 * homes' bookings. Revenue by month is the revenue module's (services/reports/revenue.ts).
 */

/** A booking `b` holds its nights and counts as revenue: not cancelled or declined. */
const holding = sql<boolean>`b.status not in ('cancelled', 'declined')`;

/** `count(*)` as a JS number. */
const countAll = sql<number>`count(*)::int`;

/**
 * Three of the four counters from the running totals (admin-counter.entity.ts), which the triggers keep exact:
 * no pass over bookings or homes. Revenue is the total of pending, requested and confirmed bookings, a sum
 * of the price snapshot's totals read in minor units through booking_snapshot_minor (docs/reports.md).
 */
export async function dashboardCounters(
  em: EntityManager,
  homes: THomeScope = null,
): Promise<{
  totalProperties: number;
  totalBookings: number;
  totalRevenue: number;
  pendingBookings: number;
  requestedBookings: number;
  failedEmails: number;
}> {
  if (homes !== null) return scopedCounters(em, homes);
  const row = await db(em)
    .selectFrom('admin_counters')
    .select((eb) => [
      sql<number>`coalesce(sum(n) filter (where name = 'properties:listed'), 0)::int`.as('total_properties'),
      sql<number>`coalesce(sum(n) filter (where name like 'bookings:%'), 0)::int`.as('total_bookings'),
      sql<number>`booking_snapshot_minor(coalesce(sum(amount) filter (where name like 'bookings:%' and name not in ('bookings:cancelled', 'bookings:declined')), 0))::float8`.as(
        'total_revenue',
      ),
      sql<number>`coalesce(sum(n) filter (where name = 'bookings:pending'), 0)::int`.as('pending_bookings'),
      sql<number>`coalesce(sum(n) filter (where name = 'bookings:requested'), 0)::int`.as(
        'requested_bookings',
      ),
      eb.selectFrom('emails').select(countAll.as('n')).where('status', '=', 'failed').as('failed_emails'),
    ])
    .executeTakeFirst();
  return {
    totalProperties: row?.total_properties ?? 0,
    totalBookings: row?.total_bookings ?? 0,
    totalRevenue: toMajor(row?.total_revenue ?? 0),
    pendingBookings: row?.pending_bookings ?? 0,
    requestedBookings: row?.requested_bookings ?? 0,
    failedEmails: row?.failed_emails ?? 0,
  };
}

/**
 * The same counters for a person limited to some homes (docs/staff.md#per-home-access): the running totals
 * cover every home, so their few homes' rows are counted instead.
 */
async function scopedCounters(em: EntityManager, homes: readonly number[]) {
  const row = await db(em)
    .selectFrom('bookings as b')
    .select((eb) => [
      eb
        .selectFrom('properties')
        .select(countAll.as('n'))
        .where('archived_at', 'is', null)
        .where(inHomes('id', homes))
        .as('total_properties'),
      countAll.as('total_bookings'),
      sql<number>`booking_snapshot_minor(coalesce(sum(b.total_price) filter (where ${holding}), 0))::float8`.as(
        'total_revenue',
      ),
      sql<number>`(count(*) filter (where b.status = 'pending'))::int`.as('pending_bookings'),
      sql<number>`(count(*) filter (where b.status = 'requested'))::int`.as('requested_bookings'),
      eb
        .selectFrom('emails as e')
        .innerJoin('bookings as eb', 'eb.id', 'e.booking_id')
        .select(countAll.as('n'))
        .where('e.status', '=', 'failed')
        .where(inHomes('eb.property_id', homes))
        .as('failed_emails'),
    ])
    .where(inHomes('b.property_id', homes))
    .executeTakeFirst();
  return {
    totalProperties: row?.total_properties ?? 0,
    totalBookings: row?.total_bookings ?? 0,
    totalRevenue: toMajor(row?.total_revenue ?? 0),
    pendingBookings: row?.pending_bookings ?? 0,
    requestedBookings: row?.requested_bookings ?? 0,
    failedEmails: row?.failed_emails ?? 0,
  };
}

/** The newest bookings, with who stays and where (archived homes too: their bookings stay listed). */
export async function recentBookings(
  em: EntityManager,
  limit: number,
  homes: THomeScope = null,
): Promise<TDashboard['recentBookings']> {
  const rows = await db(em)
    .selectFrom((eb) =>
      eb
        .selectFrom('bookings')
        .selectAll()
        .where(inHomes('property_id', homes))
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .as('b'),
    )
    .leftJoin('properties as p', 'p.id', 'b.property_id')
    .leftJoin('users as u', 'u.id', 'b.user_id')
    .select([
      'b.id',
      'b.confirmation_number',
      isoDate('b.check_in').as('check_in'),
      isoDate('b.check_out').as('check_out'),
      'b.status',
      guestName().as('guest_name'),
      'b.property_id',
      'p.title as property_title',
    ])
    .orderBy('b.created_at', 'desc')
    .orderBy('b.id', 'desc')
    .execute();
  return rows.map((b) => ({
    id: b.id,
    confirmationNumber: b.confirmation_number,
    checkIn: b.check_in,
    checkOut: b.check_out,
    status: b.status,
    guestName: b.guest_name ?? 'Guest',
    propertyId: b.property_id,
    propertyTitle: b.property_title ?? `Property #${b.property_id}`,
  }));
}

export async function recentProperties(
  em: EntityManager,
  limit: number,
  homes: THomeScope = null,
): Promise<TDashboard['recentProperties']> {
  return scopedHomes(em, homes)
    .select(['id', 'title', 'location', 'price'])
    .where('archived_at', 'is', null)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Arrivals and departures today and over the week (today + 6 days), by the database's date. */
export async function turnoverCounts(
  em: EntityManager,
  homes: THomeScope = null,
): Promise<{
  today: string;
  checkInsToday: number;
  checkOutsToday: number;
  checkInsWeek: number;
  checkOutsWeek: number;
}> {
  const today = sql<string>`to_char(current_date, 'YYYY-MM-DD')`.as('today');
  const row =
    homes === null
      ? await db(em)
          .selectFrom('booking_days')
          .select([
            today,
            sql<number>`coalesce(sum(arrivals) filter (where day = current_date), 0)::int`.as('in_today'),
            sql<number>`coalesce(sum(departures) filter (where day = current_date), 0)::int`.as('out_today'),
            sql<number>`coalesce(sum(arrivals), 0)::int`.as('in_week'),
            sql<number>`coalesce(sum(departures), 0)::int`.as('out_week'),
          ])
          .where('day', '>=', sql<string>`current_date`)
          .where('day', '<', sql<string>`current_date + 7`)
          .executeTakeFirst()
      : await scopedTurnover(em, homes, today);
  return {
    today: row?.today ?? '',
    checkInsToday: row?.in_today ?? 0,
    checkOutsToday: row?.out_today ?? 0,
    checkInsWeek: row?.in_week ?? 0,
    checkOutsWeek: row?.out_week ?? 0,
  };
}

async function scopedTurnover(
  em: EntityManager,
  homes: readonly number[],
  today: AliasedRawBuilder<string, 'today'>,
) {
  const stays = (on: 'check_in' | 'check_out', days: 1 | 7) => {
    const q = db(em)
      .selectFrom('bookings as b')
      .select(countAll.as('n'))
      .where(holding)
      .where(inHomes('b.property_id', homes));
    return days === 1
      ? q.where(`b.${on}`, '=', sql<string>`current_date`)
      : q
          .where(`b.${on}`, '>=', sql<string>`current_date`)
          .where(`b.${on}`, '<', sql<string>`current_date + 7`);
  };
  return db(em)
    .selectNoFrom([
      today,
      stays('check_in', 1).as('in_today'),
      stays('check_out', 1).as('out_today'),
      stays('check_in', 7).as('in_week'),
      stays('check_out', 7).as('out_week'),
    ])
    .executeTakeFirst();
}

/**
 * Today's first arrivals (`check_in`) or departures (`check_out`), holding stays only. Today's stays are
 * found first, by their date's index, and only then sorted by id: walked in id order instead, the read
 * passed every older booking before reaching today's.
 */
export async function staysOnDay(
  em: EntityManager,
  column: 'check_in' | 'check_out',
  limit: number,
  homes: THomeScope = null,
): Promise<TDashboardStay[]> {
  const rows = await db(em)
    .with(
      (cte) => cte('t').materialized(),
      (q) =>
        q
          .selectFrom('bookings as b')
          .select('b.id')
          .where(`b.${column}`, '=', sql<string>`current_date`)
          .where(holding)
          .where(inHomes('b.property_id', homes)),
    )
    .selectFrom((q) => q.selectFrom('t').select('t.id').orderBy('t.id').limit(limit).as('f'))
    .innerJoin('bookings as b', 'b.id', 'f.id')
    .innerJoin('properties as p', 'p.id', 'b.property_id')
    .leftJoin('users as u', 'u.id', 'b.user_id')
    .select([
      'b.id',
      'b.confirmation_number',
      guestName().as('guest_name'),
      'p.title as property_title',
      isoDate('b.check_in').as('check_in'),
      isoDate('b.check_out').as('check_out'),
      'b.status',
    ])
    .orderBy('b.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    confirmationNumber: r.confirmation_number,
    guestName: r.guest_name ?? 'Guest',
    propertyTitle: r.property_title,
    checkIn: r.check_in,
    checkOut: r.check_out,
    status: r.status,
  }));
}

/** Stays under way today: arrived on or before today and leaving after it (holding stays of any home). */
export async function inHouseNow(em: EntityManager, homes: THomeScope = null): Promise<number> {
  const row =
    homes === null
      ? await db(em)
          .selectFrom('booking_days')
          .select(sql<number>`coalesce(sum(arrivals - departures), 0)::int`.as('n'))
          .where('day', '<=', sql<string>`current_date`)
          .executeTakeFirst()
      : await db(em)
          .selectFrom('bookings as b')
          .select(countAll.as('n'))
          .where('b.check_in', '<=', sql<string>`current_date`)
          .where('b.check_out', '>', sql<string>`current_date`)
          .where(holding)
          .where(inHomes('b.property_id', homes))
          .executeTakeFirst();
  return row?.n ?? 0;
}
