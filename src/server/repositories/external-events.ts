import type { EntityManager } from '@mikro-orm/postgresql';
import type { TConflict } from '#shared/schemas/calendar.ts';
import { sql } from 'kysely';
import { inHomes, type THomeScope } from './home-scope.ts';
import { db, isoDate } from './db.ts';

export interface TParsedEvent {
  uid: string;
  start_date: string;
  end_date: string;
  summary: string;
  /** The channel's link to the reservation, when the event has one. */
  link?: string | null;
}

export interface TUpsertCounts {
  added: number;
  updated: number;
  removed: number;
  /** Events that now clash with one of our bookings and did not before: the operator must hear of them. */
  newConflicts: number[];
}

/**
 * Makes a feed's stored events exactly `events` (keyed by UID) in the caller's transaction, in a handful of
 * statements whatever the count. An event holds its dates when nothing else does; one that falls on our
 * booking is kept as a conflict naming it; one that falls on a block or another feed's event is kept
 * without a hold (those dates are held already). Unchanged events are not written at all.
 */
export async function replaceFeedEvents(
  tx: EntityManager,
  feed: { id: number; propertyId: number },
  events: TParsedEvent[],
): Promise<TUpsertCounts> {
  const json = JSON.stringify(events);
  const removed = await tx.execute<{ id: number }[]>(
    `delete from external_events
      where feed_id = ? and uid not in (select uid from json_to_recordset(?::json) as x(uid text))
      returning id`,
    [feed.id, json],
  );
  const written = await tx.execute<{ id: number; inserted: boolean }[]>(
    `insert into external_events (feed_id, property_id, uid, start_date, end_date, summary, link)
     select ?, ?, x.uid, x.start_date, x.end_date, x.summary, x.link
       from json_to_recordset(?::json) as x(uid text, start_date date, end_date date, summary text, link text)
     on conflict (feed_id, uid) do update
        set start_date = excluded.start_date, end_date = excluded.end_date, summary = excluded.summary,
            link = excluded.link
      where (external_events.start_date, external_events.end_date, external_events.summary, external_events.link)
            is distinct from (excluded.start_date, excluded.end_date, excluded.summary, excluded.link)
     returning id, (xmax = 0) as inserted`,
    [feed.id, feed.propertyId, json],
  );
  const moved = written.filter((w) => !w.inserted).map((w) => w.id);
  if (moved.length > 0) {
    // A moved event gives up its old hold and is judged afresh below.
    await tx.execute(
      `delete from date_holds where external_event_id in (select (value #>> '{}')::int from json_array_elements(?::json))`,
      [JSON.stringify(moved)],
    );
  }
  const before = await db(tx)
    .selectFrom('external_events')
    .select(['id', 'conflict_booking_id'])
    .where('feed_id', '=', feed.id)
    .where('conflict_booking_id', 'is not', null)
    .execute();
  // Each row of a multi-row insert is checked on its own: a clashing one is skipped, the rest hold.
  await tx.execute(
    `insert into date_holds (property_id, start_date, end_date, external_event_id)
     select e.property_id, e.start_date, e.end_date, e.id
       from external_events e
      where e.feed_id = ? and not exists (select 1 from date_holds h where h.external_event_id = e.id)
      order by e.start_date, e.id
     on conflict do nothing`,
    [feed.id],
  );
  const after = await tx.execute<{ id: number; conflict_booking_id: number | null }[]>(
    `update external_events e
        set conflict_booking_id = c.booking_id
       from (select e2.id,
                    (select h.booking_id from date_holds h
                      where h.property_id = e2.property_id and h.booking_id is not null
                        and daterange(h.start_date, h.end_date, '[)') && daterange(e2.start_date, e2.end_date, '[)')
                      order by h.start_date limit 1) as booking_id
               from external_events e2
              where e2.feed_id = ?
                and not exists (select 1 from date_holds h where h.external_event_id = e2.id)) c
      where e.id = c.id and e.conflict_booking_id is distinct from c.booking_id
      returning e.id, e.conflict_booking_id`,
    [feed.id],
  );
  // Events that got a hold are no longer in conflict.
  await tx.execute(
    `update external_events e set conflict_booking_id = null
      where e.feed_id = ? and e.conflict_booking_id is not null
        and exists (select 1 from date_holds h where h.external_event_id = e.id)`,
    [feed.id],
  );
  const known = new Map(before.map((b) => [b.id, b.conflict_booking_id]));
  return {
    added: written.filter((w) => w.inserted).length,
    updated: moved.length,
    removed: removed.length,
    newConflicts: after
      .filter((a) => a.conflict_booking_id !== null && known.get(a.id) !== a.conflict_booking_id)
      .map((a) => a.id),
  };
}

function conflicts(em: EntityManager) {
  return db(em)
    .selectFrom('external_events as e')
    .innerJoin('ical_feeds as f', 'f.id', 'e.feed_id')
    .innerJoin('properties as p', 'p.id', 'e.property_id')
    .innerJoin('bookings as b', 'b.id', 'e.conflict_booking_id')
    .select([
      'e.id as eventId',
      'e.property_id as propertyId',
      'p.title as propertyTitle',
      'f.name as feedName',
      isoDate('e.start_date').as('startDate'),
      isoDate('e.end_date').as('endDate'),
      'b.id as bookingId',
      'b.confirmation_number as confirmationNumber',
    ]);
}

/** Imported events that fall on one of our bookings, soonest first. */
export async function listConflicts(
  em: EntityManager,
  limit: number,
  propertyId?: number,
  homes: THomeScope = null,
): Promise<TConflict[]> {
  return conflicts(em)
    .$if(propertyId !== undefined, (q) => q.where('e.property_id', '=', propertyId ?? 0))
    .where(inHomes('e.property_id', homes))
    .orderBy('e.start_date')
    .orderBy('e.id')
    .limit(limit)
    .execute();
}

export async function conflictsByIds(em: EntityManager, ids: number[]): Promise<TConflict[]> {
  if (ids.length === 0) return [];
  // The ids travel as one JSON value: a list of binds would make each length a statement of its own.
  return conflicts(em)
    .where(
      'e.id',
      'in',
      sql<number>`(select (value #>> '{}')::int from json_array_elements(${JSON.stringify(ids)}::json))`,
    )
    .orderBy('e.start_date')
    .execute();
}

/**
 * Refreshes the planner's statistics of the imported events and the holds. A first import can grow them
 * from nothing to tens of thousands of rows in a minute, faster than autovacuum notices; planned as still
 * empty, each feed's statements would scan the whole table.
 */
export async function refreshImportStatistics(em: EntityManager): Promise<void> {
  await em.execute('analyze external_events, date_holds');
}
