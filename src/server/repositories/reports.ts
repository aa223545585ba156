import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { counterTotal } from './admin-counters.ts';
import { db } from './db.ts';
import { scopedHomes } from './home-scope.ts';
import { inRevenueScope, type TRevenueScope } from './revenue.ts';

/**
 * The business reports' arrivals and listed homes (docs/staff.md#reports); nights and revenue come from
 * the revenue module (revenue.ts). A range is its first and last night, both included; a stay's nights are
 * [check_in, check_out). Holding stays are pending or confirmed. Over every home the arrivals are read
 * from the sums the bookings' triggers keep by check-in day and length (booking_arrivals).
 */

export type TReportScope = TRevenueScope;

/** The statuses of the stays that hold their nights (an owner's stay included: the sources list it). */
const SOLD = ['pending', 'confirmed'] as const;

const inScope = inRevenueScope;

/** The listed homes in scope; over every home, the `properties:listed` counter the trigger keeps exact. */
export async function countListedHomes(em: EntityManager, s: TReportScope): Promise<number> {
  if (s.homes === null && !s.propertyId) return counterTotal(em, { name: 'properties:listed' });
  let q = scopedHomes(em, s.homes)
    .select(sql<number>`count(*)::int`.as('n'))
    .where('archived_at', 'is', null);
  if (s.propertyId) q = q.where('id', '=', s.propertyId);
  return (await q.executeTakeFirst())?.n ?? 0;
}

/**
 * The lead-time buckets, in the order of `booking_lead_bucket` (the booking-arrivals migration), which says where each
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

/**
 * The stays arriving in the range of one source, status and length, their room revenue (minor units), and
 * how many in each lead bucket.
 */
interface TArrivalGroup {
  source: string;
  status: string;
  nights: number;
  stays: number;
  room: number;
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
        sql<number>`sum(a.room)::float8`.as('room'),
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
      sql<number>`sum(b.room_minor)::float8`.as('room'),
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
 * The stays arriving in the range (every status): their lead time, length, status and room revenue (minor
 * units), and the holding ones by source.
 */
export async function arrivalsProfile(
  em: EntityManager,
  s: TReportScope,
): Promise<{
  lead: { label: string; bookings: number }[];
  length: { label: string; bookings: number }[];
  arrivals: number;
  cancelled: number;
  lost_room: number;
  holding: number;
  holding_nights: number;
  bySource: { source: string; stays: number; nights: number; room: number }[];
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
    lost_room: sum(cancelled, (g) => g.room),
    holding: sum(held, (g) => g.stays),
    holding_nights: sum(held, (g) => g.stays * g.nights),
    bySource: sources.map((source) => {
      const of = held.filter((g) => g.source === source);
      return {
        source,
        stays: sum(of, (g) => g.stays),
        nights: sum(of, (g) => g.stays * g.nights),
        room: sum(of, (g) => g.room),
      };
    }),
  };
}

/** Stays imported from other channels' calendars that arrive in the range (those holding their dates). */
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
    .where('b.conflict_booking_id', 'is', null)
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
