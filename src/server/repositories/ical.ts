import { sql as ormSql, type EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import type { TFeed } from '#shared/schemas/calendar.ts';
import { IcalFeed } from '../entities/ical-feed.entity.ts';
import { Property } from '../entities/property.entity.ts';
import { db, isoDate, isoTimestamp, listed } from './db.ts';

/** Every query of the iCal tables: the export token, the imported feeds and their events. */

export async function exportNonce(em: EntityManager, propertyId: number): Promise<string | null> {
  const row = await db(em)
    .selectFrom('ical_exports')
    .select('nonce')
    .where('property_id', '=', propertyId)
    .executeTakeFirst();
  return row?.nonce ?? null;
}

/**
 * Sets the home's export nonce and token hash; `replace` false keeps an existing one (first use). One
 * upsert that keeps or replaces its columns, which the entity API cannot say, so a typed Kysely write.
 */
export async function saveExport(
  em: EntityManager,
  propertyId: number,
  nonce: string,
  tokenHash: string,
  replace: boolean,
): Promise<string> {
  const row = await db(em)
    .insertInto('ical_exports')
    .values({ property_id: propertyId, nonce, token_hash: tokenHash })
    .onConflict((oc) =>
      oc.column('property_id').doUpdateSet({
        nonce: sql`case when ${replace} then excluded.nonce else ical_exports.nonce end`,
        token_hash: sql`case when ${replace} then excluded.token_hash else ical_exports.token_hash end`,
        created_at: sql`case when ${replace} then now() else ical_exports.created_at end`,
      }),
    )
    .returning('nonce')
    .executeTakeFirst();
  if (!row) throw new Error('the export token was not saved');
  return row.nonce;
}

export async function propertyByTokenHash(
  em: EntityManager,
  tokenHash: string,
): Promise<{ id: number; title: string } | null> {
  const row = await db(em)
    .selectFrom('ical_exports as x')
    .innerJoin('properties as p', 'p.id', 'x.property_id')
    .select(['p.id', 'p.title'])
    .where('x.token_hash', '=', tokenHash)
    .where(listed('p'))
    .executeTakeFirst();
  return row ?? null;
}

export interface TExportEvent {
  kind: 'booking' | 'block';
  id: number;
  start_date: string;
  end_date: string;
}

/** The home's pending and confirmed bookings and its blocks that end on or after `from`: ids and dates only. */
export async function exportEvents(
  em: EntityManager,
  propertyId: number,
  from: string,
): Promise<TExportEvent[]> {
  return db(em)
    .selectFrom('date_holds')
    .select([
      sql<TExportEvent['kind']>`case when booking_id is not null then 'booking' else 'block' end`.as('kind'),
      sql<number>`coalesce(booking_id, block_id)`.as('id'),
      isoDate('start_date').as('start_date'),
      isoDate('end_date').as('end_date'),
    ])
    .where('property_id', '=', propertyId)
    .where('external_event_id', 'is', null)
    .where('end_date', '>=', sql<string>`${from}::date`)
    .orderBy('start_date')
    .execute();
}

export interface TStoredFeed extends TFeed {
  propertyId: number;
  etag: string | null;
  lastModified: string | null;
}

function feeds(em: EntityManager) {
  return db(em)
    .selectFrom('ical_feeds as f')
    .select((eb) => [
      'f.id',
      'f.property_id as propertyId',
      'f.name',
      'f.url',
      'f.etag',
      'f.last_modified as lastModified',
      'f.last_error as lastError',
      isoTimestamp<string | null>('f.last_sync_at').as('lastSyncAt'),
      'f.export_imported as exportImported',
      eb
        .selectFrom('external_events as e')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('e.feed_id', '=', 'f.id')
        .$asScalar()
        .as('eventCount'),
      eb
        .selectFrom('external_events as e')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('e.feed_id', '=', 'f.id')
        .where('e.conflict_booking_id', 'is not', null)
        .$asScalar()
        .as('conflictCount'),
    ]);
}

export async function listFeeds(em: EntityManager, propertyId: number): Promise<TStoredFeed[]> {
  return feeds(em).where('f.property_id', '=', propertyId).orderBy('f.id').execute();
}

export async function getFeed(
  em: EntityManager,
  propertyId: number,
  feedId: number,
): Promise<TStoredFeed | null> {
  const row = await feeds(em)
    .where('f.id', '=', feedId)
    .where('f.property_id', '=', propertyId)
    .executeTakeFirst();
  return row ?? null;
}

export async function insertFeed(
  em: EntityManager,
  propertyId: number,
  name: string,
  url: string | null,
): Promise<number> {
  const feed = em.create(IcalFeed, { property: em.getReference(Property, propertyId), name, url });
  await em.persist(feed).flush();
  return feed.id;
}

export async function deleteFeed(em: EntityManager, propertyId: number, feedId: number): Promise<boolean> {
  return (await em.nativeDelete(IcalFeed, { id: feedId, property: propertyId })) > 0;
}

/**
 * Every feed's id and home, in id order after `afterId`: the scheduled sync walks them in batches. With
 * `dueMinutes`, only feeds never synced or last synced at least that long ago (a minute's slack, so a
 * feed synced by the previous run is due again at this one).
 */
export async function feedIdsAfter(
  em: EntityManager,
  afterId: number,
  limit: number,
  dueMinutes?: number,
): Promise<{ id: number; propertyId: number }[]> {
  return (
    db(em)
      .selectFrom('ical_feeds')
      .select(['id', 'property_id as propertyId'])
      .where('id', '>', afterId)
      // An export-only channel has nothing to import.
      .where('url', 'is not', null)
      .$if(dueMinutes !== undefined, (q) =>
        q.where((eb) =>
          eb.or([
            eb('last_sync_at', 'is', null),
            eb(
              'last_sync_at',
              '<=',
              sql<Date>`now() - make_interval(mins => ${Math.max(0, (dueMinutes ?? 0) - 1)})`,
            ),
          ]),
        ),
      )
      .orderBy('id')
      .limit(limit)
      .execute()
  );
}

export async function recordSync(
  em: EntityManager,
  feedId: number,
  result: { etag?: string | null; lastModified?: string | null; error: string | null },
): Promise<void> {
  await em.nativeUpdate(
    IcalFeed,
    { id: feedId },
    {
      lastSyncAt: ormSql.now(),
      lastError: result.error?.slice(0, 500) ?? null,
      ...(result.etag !== undefined && { etag: result.etag }),
      ...(result.lastModified !== undefined && { lastModified: result.lastModified }),
    },
  );
}
