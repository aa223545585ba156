import type { EntityManager } from '@mikro-orm/postgresql';
import type { TBookingStatus } from '#shared/constants.ts';
import type { TDashboard, TDashboardStay } from '#shared/schemas/admin.ts';
import { homesClause, type THomeScope } from './home-scope.ts';
import { intArray } from './sql.ts';

/**
 * The dashboard's figures, each computed by the database. "Holding" stays are pending or confirmed (a
 * cancelled stay holds no night and earns nothing), as in the exclusion constraint (docs/decisions.md#no-double-bookings).
 */

/**
 * Three of the four counters from the running totals (admin-counter.entity.ts), which the triggers keep exact:
 * no pass over bookings or homes. Revenue is the total of pending and confirmed bookings.
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
  const [row] = await em.execute<
    {
      total_properties: number;
      total_bookings: number;
      total_revenue: number;
      pending_bookings: number;
      requested_bookings: number;
      failed_emails: number;
    }[]
  >(
    `select coalesce(sum(n) filter (where name = 'properties:listed'), 0)::int as total_properties,
            coalesce(sum(n) filter (where name like 'bookings:%'), 0)::int as total_bookings,
            coalesce(sum(amount) filter (where name like 'bookings:%' and name not in ('bookings:cancelled', 'bookings:declined')), 0)::float8 as total_revenue,
            coalesce(sum(n) filter (where name = 'bookings:pending'), 0)::int as pending_bookings,
            coalesce(sum(n) filter (where name = 'bookings:requested'), 0)::int as requested_bookings,
            (select count(*)::int from emails where status = 'failed') as failed_emails
       from admin_counters`,
  );
  return {
    totalProperties: row?.total_properties ?? 0,
    totalBookings: row?.total_bookings ?? 0,
    totalRevenue: row?.total_revenue ?? 0,
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
  const ids = intArray([...homes]);
  const [row] = await em.execute<
    {
      total_properties: number;
      total_bookings: number;
      total_revenue: number;
      pending_bookings: number;
      requested_bookings: number;
      failed_emails: number;
    }[]
  >(
    `select (select count(*)::int from properties where archived_at is null and id = any(?::int[])) as total_properties,
            count(*)::int as total_bookings,
            coalesce(sum(total_price) filter (where status not in ('cancelled', 'declined')), 0)::float8 as total_revenue,
            (count(*) filter (where status = 'pending'))::int as pending_bookings,
            (count(*) filter (where status = 'requested'))::int as requested_bookings,
            (select count(*)::int from emails e join bookings eb on eb.id = e.booking_id
              where e.status = 'failed' and eb.property_id = any(?::int[])) as failed_emails
       from bookings where property_id = any(?::int[])`,
    [ids, ids, ids],
  );
  return {
    totalProperties: row?.total_properties ?? 0,
    totalBookings: row?.total_bookings ?? 0,
    totalRevenue: row?.total_revenue ?? 0,
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
  const scope = homesClause('property_id', homes);
  const rows = await em.execute<
    {
      id: number;
      confirmation_number: string;
      check_in: string;
      check_out: string;
      status: TBookingStatus;
      guest_name: string | null;
      property_id: number;
      property_title: string | null;
    }[]
  >(
    `select b.id, b.confirmation_number, to_char(b.check_in, 'YYYY-MM-DD') as check_in,
            to_char(b.check_out, 'YYYY-MM-DD') as check_out, b.status,
            coalesce(b.contact_info->>'name', u.name, u.username) as guest_name,
            b.property_id, p.title as property_title
       from (select * from bookings where true${scope.sql} order by created_at desc, id desc limit ?) b
       left join properties p on p.id = b.property_id
       left join users u on u.id = b.user_id
      order by b.created_at desc, b.id desc`,
    [...scope.params, limit],
  );
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
  const scope = homesClause('id', homes);
  return em.execute<{ id: number; title: string; location: string; price: number }[]>(
    `select id, title, location, price from properties where archived_at is null${scope.sql} order by id desc limit ?`,
    [...scope.params, limit],
  );
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
  const scope = homesClause('property_id', homes);
  const [row] = await em.execute<
    { today: string; in_today: number; out_today: number; in_week: number; out_week: number }[]
  >(
    `select to_char(current_date, 'YYYY-MM-DD') as today,
            (select count(*)::int from bookings where check_in = current_date and status not in ('cancelled', 'declined')${scope.sql}) as in_today,
            (select count(*)::int from bookings where check_out = current_date and status not in ('cancelled', 'declined')${scope.sql}) as out_today,
            (select count(*)::int from bookings
              where check_in >= current_date and check_in < current_date + 7 and status not in ('cancelled', 'declined')${scope.sql}) as in_week,
            (select count(*)::int from bookings
              where check_out >= current_date and check_out < current_date + 7 and status not in ('cancelled', 'declined')${scope.sql}) as out_week`,
    [...scope.params, ...scope.params, ...scope.params, ...scope.params],
  );
  return {
    today: row?.today ?? '',
    checkInsToday: row?.in_today ?? 0,
    checkOutsToday: row?.out_today ?? 0,
    checkInsWeek: row?.in_week ?? 0,
    checkOutsWeek: row?.out_week ?? 0,
  };
}

/** Today's first arrivals (`check_in`) or departures (`check_out`), holding stays only. */
export async function staysOnDay(
  em: EntityManager,
  column: 'check_in' | 'check_out',
  limit: number,
  homes: THomeScope = null,
): Promise<TDashboardStay[]> {
  const scope = homesClause('b.property_id', homes);
  const rows = await em.execute<
    {
      id: number;
      confirmation_number: string;
      guest_name: string | null;
      property_title: string;
      check_in: string;
      check_out: string;
      status: TBookingStatus;
    }[]
  >(
    `select b.id, b.confirmation_number, coalesce(b.contact_info->>'name', u.name, u.username) as guest_name,
            p.title as property_title, to_char(b.check_in, 'YYYY-MM-DD') as check_in,
            to_char(b.check_out, 'YYYY-MM-DD') as check_out, b.status
       from bookings b join properties p on p.id = b.property_id left join users u on u.id = b.user_id
      where b.${column} = current_date and b.status not in ('cancelled', 'declined')${scope.sql}
      order by b.id limit ?`,
    [...scope.params, limit],
  );
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

/**
 * Homes held on each of the next `days` nights (today included) by stays in listed homes; their sum is the
 * nights held in the window. Archived homes are left out by an anti-join on the few archived ones
 * (properties_archived_id_idx), and the stays come from bookings_holding_check_in_idx alone: joining every
 * listed home instead read all 100,000 of them. Each night's count is the running sum of arrivals (+1) and
 * departures (-1) up to it, so the stays are read once, not once per night: the deltas are materialized,
 * else PostgreSQL inlines them into the per-night sum and groups the stays again for every night.
 */
export async function bookedByNight(
  em: EntityManager,
  days: number,
  homes: THomeScope = null,
): Promise<{ date: string; booked: number }[]> {
  const scope = homesClause('b.property_id', homes);
  const rows = await em.execute<{ date: string; booked: number }[]>(
    `with s as (
       select greatest(b.check_in, current_date) as first_night, least(b.check_out, current_date + ?::int) as stop
         from bookings b
        where b.check_in < current_date + ?::int and b.check_out > current_date and b.status not in ('cancelled', 'declined')
          and not exists (select from properties p where p.id = b.property_id and p.archived_at is not null)${scope.sql}
     ), d as materialized (
       select first_night as night, count(*) as delta from s group by first_night
       union all
       select stop, -count(*) from s group by stop
     ), n as (select (current_date + i)::date as night from generate_series(0, ? - 1) as i)
     select to_char(n.night, 'YYYY-MM-DD') as date,
            coalesce((select sum(d.delta) from d where d.night <= n.night), 0)::int as booked
       from n order by n.night`,
    [days, days, ...scope.params, days],
  );
  return rows.map((r) => ({ date: r.date, booked: Number(r.booked) }));
}

/** Stays under way today: arrived on or before today and leaving after it (pending or confirmed). */
export async function inHouseNow(em: EntityManager, homes: THomeScope = null): Promise<number> {
  const scope = homesClause('property_id', homes);
  const [row] = await em.execute<{ n: number }[]>(
    `select count(*)::int as n from bookings
      where check_in <= current_date and check_out > current_date and status not in ('cancelled', 'declined')${scope.sql}`,
    scope.params,
  );
  return row?.n ?? 0;
}

/** Revenue of holding stays by month of check-in, the last `months` months up to this one, empty months as 0. */
export async function revenueByMonth(
  em: EntityManager,
  months: number,
  homes: THomeScope = null,
): Promise<TDashboard['revenueByMonth']> {
  const scope = homesClause('b.property_id', homes);
  const rows = await em.execute<{ month: string; revenue: number }[]>(
    `with m as (
       select generate_series(date_trunc('month', current_date) - make_interval(months => ? - 1),
                              date_trunc('month', current_date), interval '1 month')::date as month)
     select to_char(m.month, 'YYYY-MM') as month, coalesce(sum(b.total_price), 0)::float8 as revenue
       from m left join bookings b
         on b.check_in >= m.month and b.check_in < (m.month + interval '1 month')::date and b.status not in ('cancelled', 'declined')${scope.sql}
      group by m.month order by m.month`,
    [months, ...scope.params],
  );
  return rows.map((r) => ({ month: r.month, revenue: Math.round(Number(r.revenue)) }));
}
