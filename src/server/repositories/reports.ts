import type { EntityManager } from '@mikro-orm/postgresql';
import { homesClause, type THomeScope } from './home-scope.ts';

/**
 * The business reports' figures, each one statement (docs/staff.md#reports). A range is its first and
 * last night, both included; a stay's nights are [check_in, check_out). Holding stays are pending or
 * confirmed; revenue spreads a stay's total evenly over its nights.
 */

export interface TReportScope {
  from: string;
  to: string;
  propertyId?: number | undefined;
  homes: THomeScope;
}

/** The bookings' condition for the scope (`b` is bookings), with its values. */
function bookingScope(s: TReportScope): { sql: string; params: unknown[] } {
  const homes = homesClause('b.property_id', s.homes);
  return s.propertyId
    ? { sql: `${homes.sql} and b.property_id = ?`, params: [...homes.params, s.propertyId] }
    : homes;
}

export async function countListedHomes(em: EntityManager, s: TReportScope): Promise<number> {
  const homes = homesClause('id', s.homes);
  const one = s.propertyId ? ' and id = ?' : '';
  const [row] = await em.execute<{ n: number }[]>(
    `select count(*)::int as n from properties where archived_at is null${homes.sql}${one}`,
    [...homes.params, ...(s.propertyId ? [s.propertyId] : [])],
  );
  return row?.n ?? 0;
}

/** Nights and revenue in the range per home, from the stays that overlap it. */
export async function nightsByHome(
  em: EntityManager,
  s: TReportScope,
): Promise<
  { property_id: number; title: string; archived: boolean; booked_nights: number; revenue: number }[]
> {
  const scope = bookingScope(s);
  return em.execute(
    `select b.property_id, p.title, p.archived_at is not null as archived,
            sum(least(b.check_out, ?::date + 1) - greatest(b.check_in, ?::date))::int as booked_nights,
            sum(b.total_price::float8 * (least(b.check_out, ?::date + 1) - greatest(b.check_in, ?::date))
                / (b.check_out - b.check_in))::float8 as revenue
       from bookings b join properties p on p.id = b.property_id
      where b.status in ('pending', 'confirmed') and b.check_in <= ?::date and b.check_out > ?::date${scope.sql}
      group by b.property_id, p.title, p.archived_at`,
    [s.to, s.from, s.to, s.from, s.to, s.from, ...scope.params],
  );
}

/** Nights and revenue of each month of the range (the range's own ends cut its first and last month). */
export async function nightsByMonth(
  em: EntityManager,
  s: TReportScope,
): Promise<{ month: string; booked_nights: number; revenue: number }[]> {
  const scope = bookingScope(s);
  return em.execute(
    `with m as (
       select greatest(g::date, ?::date) as start, least((g + interval '1 month')::date, ?::date + 1) as stop
         from generate_series(date_trunc('month', ?::date), date_trunc('month', ?::date), interval '1 month') g
     )
     select to_char(m.start, 'YYYY-MM') as month,
            coalesce(sum(least(b.check_out, m.stop) - greatest(b.check_in, m.start)), 0)::int as booked_nights,
            coalesce(sum(b.total_price::float8 * (least(b.check_out, m.stop) - greatest(b.check_in, m.start))
                         / (b.check_out - b.check_in)), 0)::float8 as revenue
       from m left join bookings b
         on b.status in ('pending', 'confirmed') and b.check_in < m.stop and b.check_out > m.start${scope.sql}
      group by m.start order by m.start`,
    [s.from, s.to, s.from, s.to, ...scope.params],
  );
}

/** The stays arriving in the range: their lead time, length, status and total. */
export async function arrivalsProfile(
  em: EntityManager,
  s: TReportScope,
): Promise<{
  lead: { label: string; bookings: number }[];
  length: { label: string; bookings: number }[];
  arrivals: number;
  cancelled: number;
  lost_revenue: number;
  holding: number;
  holding_nights: number;
}> {
  const scope = bookingScope(s);
  const [row] = await em.execute<
    {
      lead_0_1: number;
      lead_2_7: number;
      lead_8_30: number;
      lead_31_90: number;
      lead_91: number;
      los_1: number;
      los_2: number;
      los_3: number;
      los_4_6: number;
      los_7_13: number;
      los_14: number;
      arrivals: number;
      cancelled: number;
      lost_revenue: number;
      holding: number;
      holding_nights: number;
    }[]
  >(
    `with a as (
       select b.status, b.total_price, b.check_out - b.check_in as nights,
              b.check_in - (b.created_at at time zone 'UTC')::date as lead
         from bookings b where b.check_in >= ?::date and b.check_in <= ?::date${scope.sql}
     ), h as (select * from a where status in ('pending', 'confirmed'))
     select (select count(*) from h where lead <= 1)::int as lead_0_1,
            (select count(*) from h where lead between 2 and 7)::int as lead_2_7,
            (select count(*) from h where lead between 8 and 30)::int as lead_8_30,
            (select count(*) from h where lead between 31 and 90)::int as lead_31_90,
            (select count(*) from h where lead > 90)::int as lead_91,
            (select count(*) from h where nights = 1)::int as los_1,
            (select count(*) from h where nights = 2)::int as los_2,
            (select count(*) from h where nights = 3)::int as los_3,
            (select count(*) from h where nights between 4 and 6)::int as los_4_6,
            (select count(*) from h where nights between 7 and 13)::int as los_7_13,
            (select count(*) from h where nights >= 14)::int as los_14,
            (select count(*) from a)::int as arrivals,
            (select count(*) from a where status = 'cancelled')::int as cancelled,
            (select coalesce(sum(total_price), 0) from a where status = 'cancelled')::int as lost_revenue,
            (select count(*) from h)::int as holding,
            (select coalesce(sum(nights), 0) from h)::int as holding_nights`,
    [s.from, s.to, ...scope.params],
  );
  const r = row ?? {
    lead_0_1: 0,
    lead_2_7: 0,
    lead_8_30: 0,
    lead_31_90: 0,
    lead_91: 0,
    los_1: 0,
    los_2: 0,
    los_3: 0,
    los_4_6: 0,
    los_7_13: 0,
    los_14: 0,
    arrivals: 0,
    cancelled: 0,
    lost_revenue: 0,
    holding: 0,
    holding_nights: 0,
  };
  return {
    lead: [
      { label: '0–1 days', bookings: r.lead_0_1 },
      { label: '2–7 days', bookings: r.lead_2_7 },
      { label: '8–30 days', bookings: r.lead_8_30 },
      { label: '31–90 days', bookings: r.lead_31_90 },
      { label: '91+ days', bookings: r.lead_91 },
    ],
    length: [
      { label: '1 night', bookings: r.los_1 },
      { label: '2 nights', bookings: r.los_2 },
      { label: '3 nights', bookings: r.los_3 },
      { label: '4–6 nights', bookings: r.los_4_6 },
      { label: '7–13 nights', bookings: r.los_7_13 },
      { label: '14+ nights', bookings: r.los_14 },
    ],
    arrivals: r.arrivals,
    cancelled: r.cancelled,
    lost_revenue: r.lost_revenue,
    holding: r.holding,
    holding_nights: r.holding_nights,
  };
}

/** Stays imported from other channels' calendars that arrive in the range. */
export async function importedArrivals(
  em: EntityManager,
  s: TReportScope,
): Promise<{ stays: number; nights: number }> {
  const scope = bookingScope(s);
  const [row] = await em.execute<{ stays: number; nights: number }[]>(
    `select count(*)::int as stays, coalesce(sum(b.end_date - b.start_date), 0)::int as nights
       from external_events b where b.start_date >= ?::date and b.start_date <= ?::date${scope.sql}`,
    [s.from, s.to, ...scope.params],
  );
  return { stays: row?.stays ?? 0, nights: row?.nights ?? 0 };
}

/** Our stays arriving in the range that hold their dates, by the booking's source. */
export async function arrivalsBySource(
  em: EntityManager,
  s: TReportScope,
): Promise<{ source: string; stays: number; nights: number }[]> {
  const scope = bookingScope(s);
  return em.execute(
    `select b.source, count(*)::int as stays, coalesce(sum(b.check_out - b.check_in), 0)::int as nights
       from bookings b
      where b.status in ('pending', 'confirmed') and b.check_in >= ?::date and b.check_in <= ?::date${scope.sql}
      group by b.source`,
    [s.from, s.to, ...scope.params],
  );
}

/**
 * Booking pace (docs/staff.md#booking-pace): per month of the range, the nights and revenue on the books
 * at `asOf`, and those of the same nights a year earlier as they stood on the books a year before `asOf`.
 * Both count the stays that hold their dates now.
 */
export async function paceByMonth(
  em: EntityManager,
  s: TReportScope,
  asOf: Date,
): Promise<{ month: string; nights: number; revenue: number; ly_nights: number; ly_revenue: number }[]> {
  const scope = bookingScope(s);
  const onBooks = (start: string, stop: string, cutoff: string) =>
    `select coalesce(sum(least(b.check_out, ${stop}) - greatest(b.check_in, ${start})), 0)::int as nights,
            coalesce(sum(b.total_price::float8 * (least(b.check_out, ${stop}) - greatest(b.check_in, ${start}))
                         / (b.check_out - b.check_in)), 0)::float8 as revenue
       from bookings b
      where b.status in ('pending', 'confirmed') and b.check_in < ${stop} and b.check_out > ${start}
        and b.created_at <= ${cutoff}${scope.sql}`;
  return em.execute(
    `with m as (
       select greatest(g::date, ?::date) as start, least((g + interval '1 month')::date, ?::date + 1) as stop
         from generate_series(date_trunc('month', ?::date), date_trunc('month', ?::date), interval '1 month') g
     ), y as (
       select start, stop, (start - interval '1 year')::date as ly_start, (stop - interval '1 year')::date as ly_stop
         from m
     )
     select to_char(y.start, 'YYYY-MM') as month, cur.nights, cur.revenue,
            prev.nights as ly_nights, prev.revenue as ly_revenue
       from y
       cross join lateral (${onBooks('y.start', 'y.stop', '?::timestamptz')}) cur
       cross join lateral (${onBooks('y.ly_start', 'y.ly_stop', "?::timestamptz - interval '1 year'")}) prev
      order by y.start`,
    [s.from, s.to, s.from, s.to, asOf.toISOString(), ...scope.params, asOf.toISOString(), ...scope.params],
  );
}

/** Whether any stay in scope had been booked a year before `asOf` (else last year's pace has no data). */
export async function bookedByLastYear(em: EntityManager, s: TReportScope, asOf: Date): Promise<boolean> {
  const scope = bookingScope(s);
  const [row] = await em.execute<{ found: boolean }[]>(
    `select exists (select 1 from bookings b
                     where b.created_at <= ?::timestamptz - interval '1 year'${scope.sql}) as found`,
    [asOf.toISOString(), ...scope.params],
  );
  return row?.found ?? false;
}
