import type { EntityManager } from '@mikro-orm/postgresql';
import type { TBlockedRange } from '../../shared/schemas/property.ts';
import type { TCalendarBar, THoldKind } from '../../shared/schemas/calendar.ts';
import { intArray, liveProperty, sqlDate } from './sql.ts';

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
  return em.execute<TBlockedRange[]>(
    `select ${sqlDate('start_date')} as "checkIn", ${sqlDate('end_date')} as "checkOut"
       from date_holds
      where property_id = ? and end_date >= ?::date
      order by start_date`,
    [propertyId, from],
  );
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
  return em.execute<TClash[]>(
    `select ${sqlDate('h.start_date')} as "startDate", ${sqlDate('h.end_date')} as "endDate",
            b.confirmation_number as "confirmationNumber", h.block_id as "blockId", f.name as "feedName"
       from date_holds h
       left join bookings b on b.id = h.booking_id
       left join external_events e on e.id = h.external_event_id
       left join ical_feeds f on f.id = e.feed_id
      where h.property_id = ? and daterange(h.start_date, h.end_date, '[)') && daterange(?::date, ?::date, '[)')
      order by h.start_date`,
    [propertyId, start, end],
  );
}

interface TBarRow {
  property_id: number;
  kind: THoldKind;
  start_date: string;
  end_date: string;
  label: string | null;
  booking_id: number | null;
  block_id: number | null;
}

/**
 * The bars of the given homes that touch [from, to): bookings by status, blocks, imported events, and
 * imported events in conflict with a booking (they hold nothing, but must be seen). `guestNames` adds the
 * guest's name to booking bars; only the admin's views ask for it.
 */
export async function barsFor(
  em: EntityManager,
  propertyIds: number[],
  from: string,
  to: string,
  guestNames: boolean,
): Promise<Map<number, TCalendarBar[]>> {
  const result = new Map<number, TCalendarBar[]>(propertyIds.map((id) => [id, []]));
  if (propertyIds.length === 0) return result;
  const bookingLabel = guestNames
    ? `coalesce(b.contact_info->>'name', 'Guest') || ' · ' || b.confirmation_number`
    : 'b.confirmation_number';
  const rows = await em.execute<TBarRow[]>(
    `select h.property_id,
            case when h.booking_id is not null then b.status
                 when h.block_id is not null then 'block' else 'external' end as kind,
            ${sqlDate('h.start_date')} as start_date, ${sqlDate('h.end_date')} as end_date,
            case when h.booking_id is not null then ${bookingLabel}
                 when h.block_id is not null then
                   case k.reason when 'maintenance' then 'Maintenance' when 'owner' then 'Owner''s stay' else 'Blocked' end
                   || case when k.note <> '' then ': ' || k.note else '' end
                 else f.name end as label,
            h.booking_id, h.block_id
       from date_holds h
       left join bookings b on b.id = h.booking_id
       left join calendar_blocks k on k.id = h.block_id
       left join external_events e on e.id = h.external_event_id
       left join ical_feeds f on f.id = e.feed_id
      where h.property_id = any(?::int[]) and daterange(h.start_date, h.end_date, '[)') && daterange(?::date, ?::date, '[)')
     union all
     select e.property_id, 'conflict', ${sqlDate('e.start_date')}, ${sqlDate('e.end_date')},
            f.name || ' conflicts with ' || b.confirmation_number, e.conflict_booking_id, null
       from external_events e
       join ical_feeds f on f.id = e.feed_id
       join bookings b on b.id = e.conflict_booking_id
      where e.property_id = any(?::int[]) and e.conflict_booking_id is not null
        and daterange(e.start_date, e.end_date, '[)') && daterange(?::date, ?::date, '[)')
      order by 1, 3`,
    [intArray(propertyIds), from, to, intArray(propertyIds), from, to],
  );
  for (const r of rows) {
    result.get(r.property_id)?.push({
      kind: r.kind,
      startDate: r.start_date,
      endDate: r.end_date,
      label: r.label ?? '',
      bookingId: r.booking_id,
      blockId: r.block_id,
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
  opts: { cursor?: number | undefined; search?: string | undefined; limit: number },
): Promise<TTimelineHome[]> {
  const where = [liveProperty()];
  const params: unknown[] = [];
  if (opts.search) {
    where.push(`(title ilike ? escape '\\' or location ilike ? escape '\\')`);
    const like = `%${opts.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    params.push(like, like);
  }
  if (opts.cursor) {
    where.push('id < ?');
    params.push(opts.cursor);
  }
  params.push(opts.limit + 1);
  return em.execute<TTimelineHome[]>(
    `select id, title from properties where ${where.join(' and ')} order by id desc limit ?`,
    params,
  );
}

export { intArray };
