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
  const d = db(tx);
  const json = JSON.stringify(events);
  // The events as rows: one JSON value, whatever their count.
  const incoming = sql<TParsedEvent>`json_to_recordset(${json}::json)`.as<'x'>(
    sql`x(uid text, start_date date, end_date date, summary text, link text)`,
  );
  const removed = await d
    .deleteFrom('external_events')
    .where('feed_id', '=', feed.id)
    .where('uid', 'not in', d.selectFrom(incoming).select('x.uid'))
    .returning('id')
    .execute();
  const written = await d
    .insertInto('external_events')
    .columns(['feed_id', 'property_id', 'uid', 'start_date', 'end_date', 'summary', 'link'])
    .expression(
      d
        .selectFrom(incoming)
        .select([
          sql<number>`${feed.id}::int`.as('feed_id'),
          sql<number>`${feed.propertyId}::int`.as('property_id'),
          'x.uid',
          'x.start_date',
          'x.end_date',
          'x.summary',
          'x.link',
        ]),
    )
    .onConflict((oc) =>
      oc
        .columns(['feed_id', 'uid'])
        .doUpdateSet((eb) => ({
          start_date: eb.ref('excluded.start_date'),
          end_date: eb.ref('excluded.end_date'),
          summary: eb.ref('excluded.summary'),
          link: eb.ref('excluded.link'),
        }))
        .where(
          sql<boolean>`(external_events.start_date, external_events.end_date, external_events.summary, external_events.link)
            is distinct from (excluded.start_date, excluded.end_date, excluded.summary, excluded.link)`,
        ),
    )
    .returning(['id', sql<boolean>`(xmax = 0)`.as('inserted')])
    .execute();
  const moved = written.filter((w) => !w.inserted).map((w) => w.id);
  if (moved.length > 0) {
    // A moved event gives up its old hold and is judged afresh below.
    await d
      .deleteFrom('date_holds')
      .where(
        'external_event_id',
        'in',
        sql<number>`(select (value #>> '{}')::int from json_array_elements(${JSON.stringify(moved)}::json))`,
      )
      .execute();
  }
  const before = await d
    .selectFrom('external_events')
    .select(['id', 'conflict_booking_id'])
    .where('feed_id', '=', feed.id)
    .where('conflict_booking_id', 'is not', null)
    .execute();
  // Each row of a multi-row insert is checked on its own: a clashing one is skipped, the rest hold.
  await d
    .insertInto('date_holds')
    .columns(['property_id', 'start_date', 'end_date', 'external_event_id'])
    .expression(
      d
        .selectFrom('external_events as e')
        .select(['e.property_id', 'e.start_date', 'e.end_date', 'e.id'])
        .where('e.feed_id', '=', feed.id)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('date_holds as h')
                .select(sql.lit(1).as('one'))
                .whereRef('h.external_event_id', '=', 'e.id'),
            ),
          ),
        )
        .orderBy('e.start_date')
        .orderBy('e.id'),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
  const judged = d
    .selectFrom('external_events as e2')
    .select((eb) => [
      'e2.id',
      eb
        .selectFrom('date_holds as h')
        .select('h.booking_id')
        .whereRef('h.property_id', '=', 'e2.property_id')
        .where('h.booking_id', 'is not', null)
        .where(
          sql<boolean>`daterange(h.start_date, h.end_date, '[)') && daterange(e2.start_date, e2.end_date, '[)')`,
        )
        .orderBy('h.start_date')
        .limit(1)
        .as('booking_id'),
    ])
    .where('e2.feed_id', '=', feed.id)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('date_holds as h')
            .select(sql.lit(1).as('one'))
            .whereRef('h.external_event_id', '=', 'e2.id'),
        ),
      ),
    )
    .as('c');
  const after = await d
    .updateTable('external_events as e')
    .from(judged)
    .set((eb) => ({ conflict_booking_id: eb.ref('c.booking_id') }))
    .whereRef('e.id', '=', 'c.id')
    .where(sql<boolean>`e.conflict_booking_id is distinct from c.booking_id`)
    .returning(['e.id', 'e.conflict_booking_id'])
    .execute();
  // Events that got a hold are no longer in conflict.
  await d
    .updateTable('external_events as e')
    .set({ conflict_booking_id: null })
    .where('e.feed_id', '=', feed.id)
    .where('e.conflict_booking_id', 'is not', null)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('date_holds as h')
          .select(sql.lit(1).as('one'))
          .whereRef('h.external_event_id', '=', 'e.id'),
      ),
    )
    .execute();
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
  // No builder says ANALYZE: the statement names its tables as typed references.
  await sql`analyze ${sql.table('external_events')}, ${sql.table('date_holds')}`.execute(db(em));
}
