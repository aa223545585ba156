import type { EntityManager } from '@mikro-orm/postgresql';
import type { TBlockedRange } from '#shared/schemas/property.ts';
import type { TCalendarBar, THoldKind } from '#shared/schemas/calendar.ts';
import { sql } from 'kysely';
import { scopedHomes, type THomeScope } from './home-scope.ts';
import { db, isoDate, listed, overlaps } from './db.ts';
import { intArray } from './sql.ts';

/**
 * Reads of `date_holds`, the one table where every taken date lives (bookings, blocks, imported events),
 * and the bars calendars draw from it. Dates leave the database as `yyyy-MM-dd` text (docs/decisions.md#calendar-dates).
 */

/** The ranges a home cannot be booked on, ending on or after `from`; no guest data (docs/decisions.md#availability). */
export async function heldRanges(
  em: EntityManager,
  propertyId: number,
  from: string,
): Promise<TBlockedRange[]> {
  return db(em)
    .selectFrom('date_holds')
    .select([isoDate('start_date').as('checkIn'), isoDate('end_date').as('checkOut')])
    .where('property_id', '=', propertyId)
    .where('end_date', '>=', sql<string>`${from}::date`)
    .orderBy('start_date')
    .execute();
}

export interface TClash {
  startDate: string;
  endDate: string;
  confirmationNumber: string | null;
  blockId: number | null;
  feedName: string | null;
}

/** What already holds some night of [start, end) on a home: the booking, block or imported event. */
export async function clashingHolds(
  em: EntityManager,
  propertyId: number,
  start: string,
  end: string,
): Promise<TClash[]> {
  return db(em)
    .selectFrom('date_holds as h')
    .leftJoin('bookings as b', 'b.id', 'h.booking_id')
    .leftJoin('external_events as e', 'e.id', 'h.external_event_id')
    .leftJoin('ical_feeds as f', 'f.id', 'e.feed_id')
    .select([
      isoDate('h.start_date').as('startDate'),
      isoDate('h.end_date').as('endDate'),
      'b.confirmation_number as confirmationNumber',
      'h.block_id as blockId',
      'f.name as feedName',
    ])
    .where('h.property_id', '=', propertyId)
    .where(overlaps('h.start_date', 'h.end_date', start, end))
    .orderBy('h.start_date')
    .execute();
}

/**
 * Who a calendar is drawn for: the back office sees each stay's guest and confirmation number; the team's
 * other roles (housekeepers, owners) its party size and dates only, and no booking to open, nor the
 * summary or link an imported event carries (a channel's summary often names the guest).
 */
export type TBarView = 'back-office' | 'team';

/**
 * The bars of the given homes that touch [from, to): bookings by status, blocks, imported events, and
 * imported events in conflict with a booking (they hold nothing, but must be seen), as `view` may see them.
 */
export async function barsFor(
  em: EntityManager,
  propertyIds: number[],
  from: string,
  to: string,
  view: TBarView,
): Promise<Map<number, TCalendarBar[]>> {
  const result = new Map<number, TCalendarBar[]>(propertyIds.map((id) => [id, []]));
  if (propertyIds.length === 0) return result;
  const ids = sql<number>`any(${intArray(propertyIds)}::int[])`;
  const team = view === 'team';
  const bookingLabel = team
    ? sql<string>`b.guests || case when b.guests = 1 then ' guest' else ' guests' end`
    : sql<string>`coalesce(b.contact_info->>'name', 'Guest') || ' · ' || b.confirmation_number`;
  const eventSummary = (before: string, after: string) =>
    team
      ? sql.lit('')
      : sql`case when e.summary <> '' then ${sql.lit(before)} || e.summary || ${sql.lit(after)} else '' end`;
  const conflictWith = team ? sql.lit('a stay') : sql`b.confirmation_number`;
  const rows = await db(em)
    .selectFrom('date_holds as h')
    .leftJoin('bookings as b', 'b.id', 'h.booking_id')
    .leftJoin('calendar_blocks as k', 'k.id', 'h.block_id')
    .leftJoin('external_events as e', 'e.id', 'h.external_event_id')
    .leftJoin('ical_feeds as f', 'f.id', 'e.feed_id')
    .select([
      'h.property_id',
      sql<THoldKind>`case when h.booking_id is not null then b.status
                          when h.block_id is not null then 'block' else 'external' end`.as('kind'),
      isoDate('h.start_date').as('start_date'),
      isoDate('h.end_date').as('end_date'),
      sql<string | null>`case when h.booking_id is not null then ${bookingLabel}
                 when h.block_id is not null then
                   case k.reason when 'maintenance' then 'Maintenance' when 'owner' then 'Owner''s stay' else 'Blocked' end
                   || case when k.note <> '' then ': ' || k.note else '' end
                 else f.name || ${eventSummary(': ', '')} end`.as('label'),
      'h.booking_id',
      'h.block_id',
      'e.link',
    ])
    .where('h.property_id', '=', ids)
    .where(overlaps('h.start_date', 'h.end_date', from, to))
    .unionAll(
      db(em)
        .selectFrom('external_events as e')
        .innerJoin('ical_feeds as f', 'f.id', 'e.feed_id')
        .innerJoin('bookings as b', 'b.id', 'e.conflict_booking_id')
        .select([
          'e.property_id',
          sql<THoldKind>`'conflict'`.as('kind'),
          isoDate('e.start_date').as('start_date'),
          isoDate('e.end_date').as('end_date'),
          sql<
            string | null
          >`f.name || ' conflicts with ' || ${conflictWith} || ${eventSummary(' (', ')')}`.as('label'),
          'e.conflict_booking_id as booking_id',
          sql<number | null>`null`.as('block_id'),
          'e.link',
        ])
        .where('e.property_id', '=', ids)
        .where('e.conflict_booking_id', 'is not', null)
        .where(overlaps('e.start_date', 'e.end_date', from, to)),
    )
    .orderBy(sql`1`)
    .orderBy(sql`3`)
    .execute();
  for (const r of rows) {
    result.get(r.property_id)?.push({
      kind: r.kind,
      startDate: r.start_date,
      endDate: r.end_date,
      label: r.label ?? '',
      bookingId: team ? null : r.booking_id,
      blockId: r.block_id,
      link: team ? null : r.link,
    });
  }
  return result;
}

export interface TTimelineHome {
  id: number;
  title: string;
}

/** One page of homes for the timeline, newest first, keyset-paged on id like the home grid. */
export async function timelineHomes(
  em: EntityManager,
  opts: { cursor?: number | undefined; search?: string | undefined; limit: number; homes?: THomeScope },
): Promise<TTimelineHome[]> {
  let q = scopedHomes(em, opts.homes ?? null)
    .select(['id', 'title'])
    .where(listed());
  if (opts.search) {
    const like = `%${opts.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) => eb.or([eb('title', 'ilike', like), eb('location', 'ilike', like)]));
  }
  if (opts.cursor) q = q.where('id', '<', opts.cursor);
  return q
    .orderBy('id', 'desc')
    .limit(opts.limit + 1)
    .execute();
}

export { intArray };
