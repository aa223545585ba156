import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { IcalFeed } from '../entities/ical-feed.entity.ts';
import { db, isoDate } from './db.ts';

/** The calendar hub's reads and writes: imported events passed on to the other channels (docs/features.md#calendar-hub). */

export interface THubEvent {
  id: number;
  feed_id: number;
  uid: string;
  start_date: string;
  end_date: string;
}

/** The home's imported events that hold nights ending on or after `from` (a conflict holds none). */
export async function importedForExport(
  em: EntityManager,
  propertyId: number,
  from: string,
): Promise<THubEvent[]> {
  return db(em)
    .selectFrom('external_events as e')
    .select([
      'e.id',
      'e.feed_id',
      'e.uid',
      isoDate('e.start_date').as('start_date'),
      isoDate('e.end_date').as('end_date'),
    ])
    .where('e.property_id', '=', propertyId)
    .where('e.conflict_booking_id', 'is', null)
    .where('e.end_date', '>=', sql<string>`${from}::date`)
    .orderBy('e.start_date')
    .execute();
}

/** One feed of a home with its switch and the UID domains its own events carry; null when unknown. */
export async function hubFeed(
  em: EntityManager,
  propertyId: number,
  feedId: number,
): Promise<{ id: number; exportImported: boolean; uidDomains: string[] } | null> {
  const feed = await db(em)
    .selectFrom('ical_feeds')
    .select(['id', 'export_imported'])
    .where('id', '=', feedId)
    .where('property_id', '=', propertyId)
    .executeTakeFirst();
  if (!feed) return null;
  const domains = await db(em)
    .selectFrom('external_events')
    .select(sql<string>`lower(split_part(uid, '@', 2))`.as('domain'))
    .distinct()
    .where('feed_id', '=', feedId)
    .where(sql<boolean>`uid like '%@%'`)
    .limit(20)
    .execute();
  return {
    id: feed.id,
    exportImported: feed.export_imported,
    uidDomains: domains.map((d) => d.domain).filter(Boolean),
  };
}

export async function setFeedExportImported(
  em: EntityManager,
  propertyId: number,
  feedId: number,
  exportImported: boolean,
): Promise<boolean> {
  return (await em.nativeUpdate(IcalFeed, { id: feedId, property: propertyId }, { exportImported })) > 0;
}
