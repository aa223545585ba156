import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, type RawBuilder } from 'kysely';
import { counterTotal } from './admin-counters.ts';
import { db } from './db.ts';
import { inHomes, type THomeScope } from './home-scope.ts';

/**
 * The business reports' figures (docs/staff.md#reports). A range is its first and last night, both
 * included; a stay's nights are [check_in, check_out). Holding stays are pending or confirmed; revenue
 * spreads a stay's total evenly over its nights. Each statement reads the stays once, from an index that
 * holds every column it needs (bookings_sold_stays_idx, bookings_holding_home_idx); over every home the
 * arrivals and this range's months are read from the sums the bookings' triggers keep by check-in day and
 * length (booking_arrivals) instead.
 */

export interface TReportScope {
  from: string;
  to: string;
  propertyId?: number | undefined;
  homes: THomeScope;
}

/** The statuses whose stays the reports count as sold. */
const SOLD = ['pending', 'confirmed'] as const;
const sold = (column: string) => sql<boolean>`${sql.ref(column)} in (${sql.join([...SOLD])})`;

/** The bookings' condition for the scope: the caller's homes, and the one home asked for. */
function inScope(column: string, s: TReportScope): RawBuilder<boolean> {
  const homes = inHomes(column, s.homes);
  return s.propertyId ? sql<boolean>`${homes} and ${sql.ref(column)} = ${s.propertyId}` : homes;
}

/** The listed homes in scope; over every home, the `properties:listed` counter the trigger keeps exact. */
export async function countListedHomes(em: EntityManager, s: TReportScope): Promise<number> {
  if (s.homes === null && !s.propertyId) return counterTotal(em, { name: 'properties:listed' });
  let q = db(em)
    .selectFrom('properties')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('archived_at', 'is', null)
    .where(inHomes('id', s.homes));
  if (s.propertyId) q = q.where('id', '=', s.propertyId);
  return (await q.executeTakeFirst())?.n ?? 0;
}

/**
 * The `limit` homes with the most revenue in the range (ties by id), with their nights. The holding stays
 * are read in home order, so each home's sum is done as the index is read; a stay inside the range brings
 * its whole total (the same float as spreading it over all its nights), so only the stays cut by the
 * range's ends are spread. Only the shown homes are joined to their titles and have their nights counted.
 * The totals over every home come from `byMonth`, whose months make up the range.
 */
export async function topHomes(
  em: EntityManager,
  s: TReportScope,
  limit: number,
): Promise<
  { property_id: number; title: string; archived: boolean; booked_nights: number; revenue: number }[]
> {
  const nights = sql<number>`(least(b.check_out, ${s.to}::date + 1) - greatest(b.check_in, ${s.from}::date))`;
  const stays = sql<boolean>`${sold('b.status')} and b.check_in <= ${s.to}::date and b.check_out > ${s.from}::date`;
  const { rows } = await sql<{
    property_id: number;
    title: string;
    archived: boolean;
    booked_nights: number;
    revenue: number;
  }>`
    select h.property_id, p.title, p.archived_at is not null as archived, n.booked_nights, h.revenue
      from (select b.property_id,
                   sum(case when b.check_in >= ${s.from}::date and b.check_out <= ${s.to}::date + 1
                            then b.total_price::float8
                            else b.total_price::float8 * ${nights} / (b.check_out - b.check_in) end)::float8 as revenue
              from bookings b
             where ${stays} and ${inScope('b.property_id', s)}
             group by b.property_id
             order by revenue desc, b.property_id
             limit ${limit}) h
      join properties p on p.id = h.property_id
      cross join lateral (select sum(${nights})::int as booked_nights
                            from bookings b where b.property_id = h.property_id and ${stays}) n
     order by h.revenue desc, h.property_id`.execute(db(em));
  return rows;
}

export interface TMonthFigures {
  month: string;
  /** Nights and revenue of the month in the range, on the books now. */
  booked_nights: number;
  revenue: number;
  /** Booking pace: the same, of the stays booked by `asOf`. */
  pace_nights: number;
  pace_revenue: number;
  /** The same month a year earlier, of the stays booked by a year before `asOf`. */
  ly_nights: number;
  ly_revenue: number;
}

/**
 * Nights and revenue of each month of the range (its own ends cut its first and last month), and the
 * booking pace against last year (docs/staff.md#booking-pace): both years' stays are first summed by their
 * dates (few distinct pairs, however many stays), then split at the month ends. Last year's month is the
 * same month a year earlier, cut by the range's ends a year earlier. Both count the stays that hold their
 * dates now. Over every home, this year's pairs are the sums of booking_arrivals (by check-in day and
 * length), less the stays booked after `asOf` for the pace; a manager's homes or one home read their stays.
 */
export async function byMonth(em: EntityManager, s: TReportScope, asOf: Date): Promise<TMonthFigures[]> {
  const at = asOf.toISOString();
  // The stays' read names the range's ends itself rather than joining `r`: a CTE's scan keeps PostgreSQL
  // from splitting a plan over its workers, and its ends as values bound the index range. A year before
  // asOf is a sub-select, worked out once: as an expression it is worked out again for every stay.
  const start = sql<string>`${s.from}::date`;
  const end = sql<string>`(${s.to}::date + 1)`;
  const asOfAt = sql<string>`${at}::timestamptz`;
  const lastYearAsOf = sql<string>`(select ${at}::timestamptz - interval '1 year')`;
  const lastYearStays = sql`b.check_in < (${end} - interval '1 year')::date and b.check_out > (${start} - interval '1 year')::date
                  and b.created_at <= ${lastYearAsOf}`;
  const pairs =
    s.homes === null && !s.propertyId
      ? sql`
      select ci, co, sum(n) as n, sum(total) as total, sum(pn) as pn, sum(ptotal) as ptotal,
             sum(ln) as ln, sum(ltotal) as ltotal
        from (select a.day as ci, a.day + a.nights as co, a.stays as n, a.total, a.stays as pn, a.total as ptotal,
                     0 as ln, 0 as ltotal
                from booking_arrivals a
               where ${sold('a.status')} and a.day < ${end} and a.day + a.nights > ${start}
              union all
              select b.check_in, b.check_out, 0, 0, -1, -b.total_price, 0, 0
                from bookings b
               where ${sold('b.status')} and b.created_at > ${asOfAt} and b.check_in < ${end} and b.check_out > ${start}
              union all
              select b.check_in, b.check_out, 0, 0, 0, 0, 1, b.total_price
                from bookings b
               where ${sold('b.status')} and ${lastYearStays}) x
       group by ci, co`
      : sql`
      select b.check_in as ci, b.check_out as co, count(*) as n, sum(b.total_price) as total,
             count(*) filter (where b.created_at <= ${asOfAt}) as pn,
             sum(b.total_price) filter (where b.created_at <= ${asOfAt}) as ptotal,
             count(*) filter (where b.created_at <= ${lastYearAsOf}) as ln,
             sum(b.total_price) filter (where b.created_at <= ${lastYearAsOf}) as ltotal
        from bookings b
       where ${sold('b.status')} and ${inScope('b.property_id', s)} and b.check_in < ${end}
         and (b.check_out > ${start} or (${lastYearStays}))
       group by b.check_in, b.check_out`;
  const { rows } = await sql<TMonthFigures>`
    with r as (
      select ${s.from}::date as f, ${s.to}::date + 1 as t,
             (${s.from}::date - interval '1 year')::date as lf, (${s.to}::date + 1 - interval '1 year')::date as lt
    ), st as (${pairs}
    ), pt as (
      select st.*, g.m,
             least(st.co, (g.m + interval '1 month')::date, r.t) - greatest(st.ci, g.m, r.f) as cn,
             least(st.co, (g.m + interval '1 month')::date, r.lt) - greatest(st.ci, g.m, r.lf) as lyn
        from r, st,
             lateral (select date_trunc('month', x)::date as m
                        from generate_series(date_trunc('month', greatest(st.ci, r.lf)),
                                             date_trunc('month', least(st.co, r.t) - 1), interval '1 month') x) g
    ), a as (
      select m,
             sum(n * cn) filter (where cn > 0) as nights,
             sum(total::float8 * cn / (co - ci)) filter (where cn > 0) as revenue,
             sum(pn * cn) filter (where cn > 0) as pace_nights,
             sum(ptotal::float8 * cn / (co - ci)) filter (where cn > 0 and pn > 0) as pace_revenue,
             sum(ln * lyn) filter (where lyn > 0) as ly_nights,
             sum(ltotal::float8 * lyn / (co - ci)) filter (where lyn > 0 and ln > 0) as ly_revenue
        from pt group by m
    )
    select to_char(g, 'YYYY-MM') as month,
           coalesce(c.nights, 0)::int as booked_nights, coalesce(c.revenue, 0)::float8 as revenue,
           coalesce(c.pace_nights, 0)::int as pace_nights, coalesce(c.pace_revenue, 0)::float8 as pace_revenue,
           coalesce(l.ly_nights, 0)::int as ly_nights, coalesce(l.ly_revenue, 0)::float8 as ly_revenue
      from generate_series(date_trunc('month', ${s.from}::date), date_trunc('month', ${s.to}::date), interval '1 month') g
      left join a c on c.m = g::date
      left join a l on l.m = (g - interval '1 year')::date
     order by g`.execute(db(em));
  return rows;
}

/**
 * The lead-time buckets, in the order of `booking_lead_bucket` (sql/functions.sql), which says where each
 * starts and ends, with the booking_arrivals column that counts it.
 */
const LEAD_BUCKETS = [
  ['0–1 days', 'lead_0_1'],
  ['2–7 days', 'lead_2_7'],
  ['8–30 days', 'lead_8_30'],
  ['31–90 days', 'lead_31_90'],
  ['91+ days', 'lead_91_up'],
] as const;
/** Length-of-stay buckets: [label, lowest, highest (null: no end)]. */
const LENGTH_BUCKETS = [
  ['1 night', 1, 1],
  ['2 nights', 2, 2],
  ['3 nights', 3, 3],
  ['4–6 nights', 4, 6],
  ['7–13 nights', 7, 13],
  ['14+ nights', 14, null],
] as const;

/** The stays arriving in the range of one source, status and length, and how many in each lead bucket. */
interface TArrivalGroup {
  source: string;
  status: string;
  nights: number;
  stays: number;
  total: number;
  lead: number[];
}

/**
 * The arrivals by source, status and length. Over every home they are the sums of booking_arrivals, the
 * stays by check-in day that the bookings' triggers keep exact: a few rows per day, where the stays
 * themselves are every stay of the range. A manager's homes or one home are few stays, read through the
 * home's index and put in the same lead buckets by the same function.
 */
async function arrivalGroups(em: EntityManager, s: TReportScope): Promise<TArrivalGroup[]> {
  if (s.homes === null && !s.propertyId) {
    return db(em)
      .selectFrom('booking_arrivals as a')
      .select([
        'a.source',
        'a.status',
        'a.nights',
        sql<number>`sum(a.stays)::int`.as('stays'),
        sql<number>`sum(a.total)::float8`.as('total'),
        sql<
          number[]
        >`array[${sql.join(LEAD_BUCKETS.map(([, c]) => sql`sum(${sql.ref(`a.${c}`)})`))}]::int[]`.as('lead'),
      ])
      .where('a.day', '>=', sql<string>`${s.from}::date`)
      .where('a.day', '<=', sql<string>`${s.to}::date`)
      .groupBy(['a.source', 'a.status', 'a.nights'])
      .execute();
  }
  const nightsOf = sql<number>`b.check_out - b.check_in`;
  const leadBucket = sql<number>`booking_lead_bucket(b.check_in - (b.created_at at time zone 'UTC')::date)`;
  return db(em)
    .selectFrom('bookings as b')
    .select([
      'b.source',
      'b.status',
      nightsOf.as('nights'),
      sql<number>`count(*)::int`.as('stays'),
      sql<number>`sum(b.total_price)::float8`.as('total'),
      sql<number[]>`array[${sql.join(
        LEAD_BUCKETS.map((_, i) => sql`count(*) filter (where ${leadBucket} = ${sql.lit(i)})`),
      )}]::int[]`.as('lead'),
    ])
    .where('b.check_in', '>=', sql<string>`${s.from}::date`)
    .where('b.check_in', '<=', sql<string>`${s.to}::date`)
    .where(inScope('b.property_id', s))
    .groupBy(['b.source', 'b.status', nightsOf])
    .execute();
}

function inBucket(value: number, low: number | null, high: number | null): boolean {
  return (low === null || value >= low) && (high === null || value <= high);
}

/**
 * The stays arriving in the range (every status): their lead time, length, status and total, and the
 * holding ones by source.
 */
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
  bySource: { source: string; stays: number; nights: number }[];
}> {
  const groups = await arrivalGroups(em, s);
  const held = groups.filter((g) => (SOLD as readonly string[]).includes(g.status));
  const cancelled = groups.filter((g) => g.status === 'cancelled');
  const sum = (of: TArrivalGroup[], value: (g: TArrivalGroup) => number) =>
    of.reduce((total, g) => total + value(g), 0);
  const sources = [...new Set(held.filter((g) => g.stays > 0).map((g) => g.source))].sort();
  return {
    lead: LEAD_BUCKETS.map(([label], i) => ({ label, bookings: sum(held, (g) => g.lead[i] ?? 0) })),
    length: LENGTH_BUCKETS.map(([label, low, high]) => ({
      label,
      bookings: sum(held, (g) => (inBucket(g.nights, low, high) ? g.stays : 0)),
    })),
    arrivals: sum(groups, (g) => g.stays),
    cancelled: sum(cancelled, (g) => g.stays),
    lost_revenue: sum(cancelled, (g) => g.total),
    holding: sum(held, (g) => g.stays),
    holding_nights: sum(held, (g) => g.stays * g.nights),
    bySource: sources.map((source) => {
      const of = held.filter((g) => g.source === source);
      return { source, stays: sum(of, (g) => g.stays), nights: sum(of, (g) => g.stays * g.nights) };
    }),
  };
}

/** Stays imported from other channels' calendars that arrive in the range. */
export async function importedArrivals(
  em: EntityManager,
  s: TReportScope,
): Promise<{ stays: number; nights: number }> {
  const row = await db(em)
    .selectFrom('external_events as b')
    .select([
      sql<number>`count(*)::int`.as('stays'),
      sql<number>`coalesce(sum(b.end_date - b.start_date), 0)::int`.as('nights'),
    ])
    .where('b.start_date', '>=', sql<string>`${s.from}::date`)
    .where('b.start_date', '<=', sql<string>`${s.to}::date`)
    .where(inScope('b.property_id', s))
    .executeTakeFirst();
  return { stays: row?.stays ?? 0, nights: row?.nights ?? 0 };
}

/** Whether any stay in scope had been booked a year before `asOf` (else last year's pace has no data). */
export async function bookedByLastYear(em: EntityManager, s: TReportScope, asOf: Date): Promise<boolean> {
  const row = await db(em)
    .selectNoFrom((eb) =>
      eb
        .exists(
          eb
            .selectFrom('bookings as b')
            .select(sql`1`.as('one'))
            .where('b.created_at', '<=', sql<Date>`${asOf.toISOString()}::timestamptz - interval '1 year'`)
            .where(inScope('b.property_id', s)),
        )
        .as('found'),
    )
    .executeTakeFirst();
  return Boolean(row?.found);
}
