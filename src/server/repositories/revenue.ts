import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, type RawBuilder } from 'kysely';
import { db } from './db.ts';
import { inHomes, type THomeScope } from './home-scope.ts';

/**
 * Revenue and nights by the industry's definitions (docs/reports.md), for the reports, the dashboard and
 * owner statements. Every amount is in minor units. A booking's parts (room revenue, pass-through fees,
 * GST, tourist tax, kept cancellation fee) are columns the bookings' row trigger sets from the price
 * snapshot (booking_revenue_parts, the one SQL that reads the snapshot's unit). Room revenue is spread over
 * the stay's nights: each night is worth room div nights, and the first night also carries the remainder
 * (room mod nights), so a stay's months add up to its room revenue exactly and the sums of many stays by
 * date pair split the same way as the stays one by one. Fees, taxes and a kept cancellation fee count on
 * the stay's first night. Sold stays are pending and confirmed stays that are not an owner's.
 */

export interface TRevenueScope {
  /** First and last night of the range, both included. */
  from: string;
  to: string;
  propertyId?: number | undefined;
  homes: THomeScope;
}

/** The scope's condition on a home id column: the caller's homes, and the one home asked for. */
export function inRevenueScope(column: string, s: TRevenueScope): RawBuilder<boolean> {
  const homes = inHomes(column, s.homes);
  return s.propertyId ? sql<boolean>`${homes} and ${sql.ref(column)} = ${s.propertyId}` : homes;
}

const everyHome = (s: TRevenueScope) => s.homes === null && !s.propertyId;

/** A booking `b` is a sold stay: it holds its nights and is not an owner's own stay. */
const soldStay = sql<boolean>`b.status in ('pending', 'confirmed') and b.source <> 'owner'`;

/** One month of the range: nights and amounts of its nights inside the range. */
export interface TRevenueMonth {
  month: string;
  /** Nights of sold stays (our own, priced). */
  sold_nights: number;
  room: number;
  fees: number;
  gst: number;
  tourist_tax: number;
  /**
   * Cancellation fees kept (without their GST) of cancelled stays, and adjustments of stays, whose first
   * night is in the month.
   */
  other: number;
  /** Booking pace: the same, of the stays booked by `asOf`. */
  pace_nights: number;
  pace_room: number;
  /** The same month a year earlier, of the stays booked a year before `asOf`. */
  ly_nights: number;
  ly_room: number;
}

/**
 * Nights and amounts of each month of the range (its ends cut its first and last month), and with `asOf`
 * the booking pace against last year (docs/staff.md#booking-pace). The stays are first summed by their
 * date pair (few pairs, however many stays), then split at the month ends. Over every home this year's
 * pairs are the sums of booking_arrivals (by check-in day and length), less the stays booked after `asOf`
 * for the pace; a manager's homes or one home read their own stays.
 */
export async function revenueMonths(
  em: EntityManager,
  s: TRevenueScope,
  asOf: Date | null = null,
): Promise<TRevenueMonth[]> {
  // The stays' read names the range's ends itself rather than joining `r`: a CTE's scan keeps PostgreSQL
  // from splitting a plan over its workers, and its ends as values bound the index range. A year before
  // asOf is a sub-select, worked out once: as an expression it is worked out again for every stay.
  const start = sql<string>`${s.from}::date`;
  const end = sql<string>`(${s.to}::date + 1)`;
  const at = (asOf ?? new Date(0)).toISOString();
  const asOfAt = sql<string>`${at}::timestamptz`;
  const lastYearAsOf = sql<string>`(select ${at}::timestamptz - interval '1 year')`;
  const lastYearStays = sql`b.check_in < (${end} - interval '1 year')::date and b.check_out > (${start} - interval '1 year')::date
                  and b.created_at <= ${lastYearAsOf}`;
  const nightsOf = sql`(b.check_out - b.check_in)`;
  const pace = asOf !== null;
  // Charges and credits after booking (ledger adjustments) are other revenue, on the stay's first night,
  // with the kept fees: a stay's room revenue stays as booked (docs/reports.md#adjustments).
  const adjustments = sql`
      select b.check_in, b.check_out, 0, 0, 0, 0, 0, 0, sum(l.amount), 0, 0, 0, 0, 0, 0
        from ledger_lines l join bookings b on b.id = l.booking_id
       where l.kind = 'adjustment' and b.status in ('pending', 'confirmed', 'cancelled') and b.source <> 'owner'
         and b.check_in < ${end} and b.check_out > ${start} and ${inRevenueScope('b.property_id', s)}
       group by b.check_in, b.check_out`;
  const pairs = everyHome(s)
    ? sql`
      select ci, co, sum(n) as n, sum(room) as room, sum(rem) as rem, sum(fees) as fees, sum(gst) as gst,
             sum(tt) as tt, sum(kept) as kept, sum(pn) as pn, sum(proom) as proom, sum(prem) as prem,
             sum(ln) as ln, sum(lroom) as lroom, sum(lrem) as lrem
        from (select a.day as ci, a.day + a.nights as co, s.n * a.stays as n, s.n * a.room as room, s.n * a.room_rem as rem,
                     s.n * a.fees as fees, s.n * a.gst as gst, s.n * a.tourist_tax as tt,
                     case when a.status = 'cancelled' then a.kept else 0 end as kept,
                     s.n * a.stays as pn, s.n * a.room as proom, s.n * a.room_rem as prem,
                     0 as ln, 0 as lroom, 0 as lrem
                from booking_arrivals a
               cross join lateral (select case when a.status in ('pending', 'confirmed') and a.source <> 'owner'
                                               then 1 else 0 end as n) s
               where (s.n = 1 or (a.status = 'cancelled' and a.kept <> 0))
                 and a.day < ${end} and a.day + a.nights > ${start}
              union all ${adjustments}
              ${
                pace
                  ? sql`union all
              select b.check_in, b.check_out, 0, 0, 0, 0, 0, 0, 0, -1, -b.room_minor, -(b.room_minor % ${nightsOf}), 0, 0, 0
                from bookings b
               where ${soldStay} and b.created_at > ${asOfAt} and b.check_in < ${end} and b.check_out > ${start}
              union all
              select b.check_in, b.check_out, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, b.room_minor, b.room_minor % ${nightsOf}
                from bookings b
               where ${soldStay} and ${lastYearStays}`
                  : sql``
              }) x
       group by ci, co`
    : sql`
      select b.check_in as ci, b.check_out as co, count(*) filter (where ${soldStay}) as n,
             sum(b.room_minor) filter (where ${soldStay}) as room,
             sum(b.room_minor % ${nightsOf}) filter (where ${soldStay}) as rem,
             sum(b.fees_minor) filter (where ${soldStay}) as fees, sum(b.gst_minor) filter (where ${soldStay}) as gst,
             sum(b.tourist_tax_minor) filter (where ${soldStay}) as tt,
             sum(b.kept_minor) filter (where b.status = 'cancelled') as kept,
             count(*) filter (where ${soldStay} and b.created_at <= ${asOfAt}) as pn,
             sum(b.room_minor) filter (where ${soldStay} and b.created_at <= ${asOfAt}) as proom,
             sum(b.room_minor % ${nightsOf}) filter (where ${soldStay} and b.created_at <= ${asOfAt}) as prem,
             count(*) filter (where ${soldStay} and b.created_at <= ${lastYearAsOf}) as ln,
             sum(b.room_minor) filter (where ${soldStay} and b.created_at <= ${lastYearAsOf}) as lroom,
             sum(b.room_minor % ${nightsOf}) filter (where ${soldStay} and b.created_at <= ${lastYearAsOf}) as lrem
        from bookings b
       where (${soldStay} or (b.status = 'cancelled' and b.kept_minor <> 0))
         and ${inRevenueScope('b.property_id', s)} and b.check_in < ${end}
         and (b.check_out > ${start} ${pace ? sql`or (${lastYearStays})` : sql``})
       group by b.check_in, b.check_out
      union all ${adjustments}`;
  // A piece is a pair's nights in one month of the range; `first` when it holds the stays' first night.
  // Each pair's night is worth (room - rem) / nights, exactly, and the first night also carries rem.
  const { rows } = await sql<TRevenueMonth>`
    with r as (
      select ${s.from}::date as f, ${s.to}::date + 1 as t,
             (${s.from}::date - interval '1 year')::date as lf, (${s.to}::date + 1 - interval '1 year')::date as lt
    ), st as (${pairs}
    ), pt as (
      select st.*, g.m,
             least(st.co, (g.m + interval '1 month')::date, r.t) - greatest(st.ci, g.m, r.f) as cn,
             greatest(st.ci, g.m, r.f) = st.ci as cfirst,
             least(st.co, (g.m + interval '1 month')::date, r.lt) - greatest(st.ci, g.m, r.lf) as lyn,
             greatest(st.ci, g.m, r.lf) = st.ci as lfirst
        from r, st,
             lateral (select date_trunc('month', x)::date as m
                        from generate_series(date_trunc('month', greatest(st.ci, ${pace ? sql`r.lf` : sql`r.f`})),
                                             date_trunc('month', least(st.co, r.t) - 1), interval '1 month') x) g
    ), a as (
      select m,
             sum(n * cn) filter (where cn > 0) as nights,
             sum((room - rem) / (co - ci) * cn + case when cfirst then rem else 0 end) filter (where cn > 0) as room,
             sum(fees) filter (where cn > 0 and cfirst) as fees,
             sum(gst) filter (where cn > 0 and cfirst) as gst,
             sum(tt) filter (where cn > 0 and cfirst) as tt,
             sum(kept) filter (where cn > 0 and cfirst) as kept,
             sum(pn * cn) filter (where cn > 0) as pace_nights,
             sum((proom - prem) / (co - ci) * cn + case when cfirst then prem else 0 end)
               filter (where cn > 0 and pn <> 0) as pace_room,
             sum(ln * lyn) filter (where lyn > 0) as ly_nights,
             sum((lroom - lrem) / (co - ci) * lyn + case when lfirst then lrem else 0 end)
               filter (where lyn > 0 and ln <> 0) as ly_room
        from pt group by m
    )
    select to_char(g, 'YYYY-MM') as month,
           coalesce(c.nights, 0)::int as sold_nights, coalesce(c.room, 0)::float8 as room,
           coalesce(c.fees, 0)::float8 as fees, coalesce(c.gst, 0)::float8 as gst,
           coalesce(c.tt, 0)::float8 as tourist_tax, coalesce(c.kept, 0)::float8 as other,
           coalesce(c.pace_nights, 0)::int as pace_nights, coalesce(c.pace_room, 0)::float8 as pace_room,
           coalesce(l.ly_nights, 0)::int as ly_nights, coalesce(l.ly_room, 0)::float8 as ly_room
      from generate_series(date_trunc('month', ${s.from}::date), date_trunc('month', ${s.to}::date), interval '1 month') g
      left join a c on c.m = g::date
      left join a l on l.m = (g - interval '1 year')::date
     order by g`.execute(db(em));
  return rows;
}

/** Nights in each month of the range held otherwise than by a sold stay. */
export interface TOtherNightsMonth {
  month: string;
  /** Imported stays (other channels' events that hold their dates): sold, with no revenue. */
  imported: number;
  /** Blocks of listed homes (maintenance, other): not available. */
  blocked: number;
  /** Owners' stays and owner blocks of listed homes: not available. */
  owner: number;
}

/**
 * Imported, blocked and owner nights by month of the range: the events, blocks and owners' stays ending
 * after its start (each read from its own small index), cut at the range's and the months' ends. An
 * imported event that clashed with one of our bookings holds no night and is left out. Archived homes
 * offer no nights, so their blocks and owners' stays take none away; their imported stays still count as
 * sold, as their own stays do.
 */
/**
 * The range's imported events, blocks and owners' stays as rows (s, e, kind): what otherNightsByMonth and
 * nightsByNight count.
 */
function otherHolds(s: TRevenueScope) {
  const start = sql<string>`${s.from}::date`;
  const end = sql<string>`(${s.to}::date + 1)`;
  return sql`
      select e.start_date as s, e.end_date as e, 'imported' as kind
        from external_events e
       where e.conflict_booking_id is null and e.end_date > ${start} and e.start_date < ${end}
         and ${inRevenueScope('e.property_id', s)}
      union all
      select k.start_date, k.end_date, case k.reason when 'owner' then 'owner' else 'blocked' end
        from calendar_blocks k join properties p on p.id = k.property_id and p.archived_at is null
       where k.end_date > ${start} and k.start_date < ${end} and ${inRevenueScope('k.property_id', s)}
      union all
      select b.check_in, b.check_out, 'owner'
        from bookings b join properties p on p.id = b.property_id and p.archived_at is null
       where b.source = 'owner' and b.status in ('pending', 'confirmed')
         and b.check_out > ${start} and b.check_in < ${end} and ${inRevenueScope('b.property_id', s)}`;
}

export async function otherNightsByMonth(em: EntityManager, s: TRevenueScope): Promise<TOtherNightsMonth[]> {
  const start = sql<string>`${s.from}::date`;
  const end = sql<string>`(${s.to}::date + 1)`;
  const { rows } = await sql<TOtherNightsMonth>`
    with x as (${otherHolds(s)}
    ), pt as (
      select x.kind, g.m,
             least(x.e, (g.m + interval '1 month')::date, ${end}) - greatest(x.s, g.m, ${start}) as n
        from x, lateral (select date_trunc('month', d)::date as m
                           from generate_series(date_trunc('month', greatest(x.s, ${start})),
                                                date_trunc('month', least(x.e, ${end}) - 1), interval '1 month') d) g
    )
    select to_char(g, 'YYYY-MM') as month,
           coalesce(sum(pt.n) filter (where pt.kind = 'imported'), 0)::int as imported,
           coalesce(sum(pt.n) filter (where pt.kind = 'blocked'), 0)::int as blocked,
           coalesce(sum(pt.n) filter (where pt.kind = 'owner'), 0)::int as owner
      from generate_series(date_trunc('month', ${start}), date_trunc('month', ${s.to}::date), interval '1 month') g
      left join pt on pt.m = g::date and pt.n > 0
     group by g order by g`.execute(db(em));
  return rows;
}

/** One night of a range, counted as the months are (sold, imported, blocked and owner). */
export interface TNightCounts {
  date: string;
  sold: number;
  imported: number;
  blocked: number;
  owner: number;
}

/**
 * Each night of the range with the homes it is sold, imported, blocked or owned on, by the same
 * definitions as the months (the dashboard's occupancy). Over every home the sold stays are read from
 * booking_arrivals (sums per check-in day and length), as the months read them.
 */
export async function nightsByNight(em: EntityManager, s: TRevenueScope): Promise<TNightCounts[]> {
  const start = sql<string>`${s.from}::date`;
  const end = sql<string>`(${s.to}::date + 1)`;
  const sold = everyHome(s)
    ? sql`select a.day as ci, a.day + a.nights as co, a.stays as n from booking_arrivals a
           where a.status in ('pending', 'confirmed') and a.source <> 'owner'
             and a.day < ${end} and a.day + a.nights > ${start}`
    : sql`select b.check_in as ci, b.check_out as co, 1 as n from bookings b
           where ${soldStay} and ${inRevenueScope('b.property_id', s)}
             and b.check_in < ${end} and b.check_out > ${start}`;
  const { rows } = await sql<TNightCounts>`
    with st as materialized (${sold}), x as materialized (${otherHolds(s)})
    select to_char(d, 'YYYY-MM-DD') as date,
           (select coalesce(sum(st.n), 0) from st where st.ci <= d and st.co > d)::int as sold,
           (select count(*) from x where x.kind = 'imported' and x.s <= d and x.e > d)::int as imported,
           (select count(*) from x where x.kind = 'blocked' and x.s <= d and x.e > d)::int as blocked,
           (select count(*) from x where x.kind = 'owner' and x.s <= d and x.e > d)::int as owner
      from generate_series(${start}, ${end} - 1, interval '1 day') d
     order by d`.execute(db(em));
  return rows;
}

/** One home's figures for the range. */
export interface TRevenueHome {
  property_id: number;
  title: string;
  archived: boolean;
  sold_nights: number;
  room: number;
  imported: number;
  blocked: number;
  owner: number;
}

/**
 * The `limit` homes with the most room revenue in the range (ties by id), with their nights. The sold
 * stays are read in home order (bookings_holding_home_idx), so each home's sum is done as the index is
 * read; a stay inside the range brings its whole room revenue, one cut by the range's ends its nights'
 * worth (and the remainder when its first night is in the range). Only the shown homes are joined to
 * their titles and have their nights counted.
 */
export async function revenueByHome(
  em: EntityManager,
  s: TRevenueScope,
  limit: number,
): Promise<TRevenueHome[]> {
  const start = sql<string>`${s.from}::date`;
  const end = sql<string>`(${s.to}::date + 1)`;
  const inRange = sql<number>`(least(b.check_out, ${end}) - greatest(b.check_in, ${start}))`;
  const stays = sql<boolean>`${soldStay} and b.check_in < ${end} and b.check_out > ${start}`;
  const { rows } = await sql<TRevenueHome>`
    select h.property_id, p.title, p.archived_at is not null as archived, n.sold_nights, h.room::float8 as room,
           o.imported, o.blocked, o.owner
      from (select b.property_id,
                   sum(case when b.check_in >= ${start} and b.check_out <= ${end} then b.room_minor
                            else (b.room_minor - b.room_minor % (b.check_out - b.check_in)) / (b.check_out - b.check_in) * ${inRange}
                                 + case when b.check_in >= ${start} then b.room_minor % (b.check_out - b.check_in) else 0 end
                       end) as room
              from bookings b
             where ${stays} and ${inRevenueScope('b.property_id', s)}
             group by b.property_id
             order by room desc, b.property_id
             limit ${limit}) h
      join properties p on p.id = h.property_id
      cross join lateral (select coalesce(sum(${inRange}), 0)::int as sold_nights
                            from bookings b where b.property_id = h.property_id and ${stays}) n
      cross join lateral (
        select coalesce(sum(x.n) filter (where x.kind = 'imported'), 0)::int as imported,
               coalesce(sum(x.n) filter (where x.kind = 'blocked' and p.archived_at is null), 0)::int as blocked,
               coalesce(sum(x.n) filter (where x.kind = 'owner' and p.archived_at is null), 0)::int as owner
          from (select 'imported' as kind, least(e.end_date, ${end}) - greatest(e.start_date, ${start}) as n
                  from external_events e
                 where e.property_id = h.property_id and e.conflict_booking_id is null
                   and e.end_date > ${start} and e.start_date < ${end}
                union all
                select case k.reason when 'owner' then 'owner' else 'blocked' end,
                       least(k.end_date, ${end}) - greatest(k.start_date, ${start})
                  from calendar_blocks k
                 where k.property_id = h.property_id and k.end_date > ${start} and k.start_date < ${end}
                union all
                select 'owner', ${inRange}
                  from bookings b
                 where b.property_id = h.property_id and b.source = 'owner' and b.status in ('pending', 'confirmed')
                   and b.check_out > ${start} and b.check_in < ${end}) x) o
     order by h.room desc, h.property_id`.execute(db(em));
  return rows;
}
