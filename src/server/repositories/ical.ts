import type { EntityManager } from '@mikro-orm/postgresql';
import type { TFeed } from '../../shared/schemas/calendar.ts';
import { liveProperty, sqlDate, sqlTimestamp } from './sql.ts';

/** Every query of the iCal tables: the export token, the imported feeds and their events. */

export async function exportNonce(em: EntityManager, propertyId: number): Promise<string | null> {
  const [row] = await em.execute<{ nonce: string }[]>(
    'select nonce from ical_exports where property_id = ?',
    [propertyId],
  );
  return row?.nonce ?? null;
}

/** Sets the home's export nonce and token hash; `replace` false keeps an existing one (first use). */
export async function saveExport(
  em: EntityManager,
  propertyId: number,
  nonce: string,
  tokenHash: string,
  replace: boolean,
): Promise<string> {
  const [row] = await em.execute<{ nonce: string }[]>(
    `insert into ical_exports (property_id, nonce, token_hash) values (?, ?, ?)
     on conflict (property_id) do update set
       nonce = case when ? then excluded.nonce else ical_exports.nonce end,
       token_hash = case when ? then excluded.token_hash else ical_exports.token_hash end,
       created_at = case when ? then now() else ical_exports.created_at end
     returning nonce`,
    [propertyId, nonce, tokenHash, replace, replace, replace],
  );
  if (!row) throw new Error('the export token was not saved');
  return row.nonce;
}

export async function propertyByTokenHash(
  em: EntityManager,
  tokenHash: string,
): Promise<{ id: number; title: string } | null> {
  const [row] = await em.execute<{ id: number; title: string }[]>(
    `select p.id, p.title from ical_exports x join properties p on p.id = x.property_id
      where x.token_hash = ? and ${liveProperty('p')}`,
    [tokenHash],
  );
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
  return em.execute<TExportEvent[]>(
    `select case when booking_id is not null then 'booking' else 'block' end as kind,
            coalesce(booking_id, block_id) as id,
            ${sqlDate('start_date')} as start_date, ${sqlDate('end_date')} as end_date
       from date_holds
      where property_id = ? and external_event_id is null and end_date >= ?::date
      order by start_date`,
    [propertyId, from],
  );
}

interface TFeedRow {
  id: number;
  property_id: number;
  name: string;
  url: string;
  etag: string | null;
  last_modified: string | null;
  last_sync_at: string | null;
  last_error: string | null;
  event_count: number;
  conflict_count: number;
}

const FEED_SELECT = `select f.id, f.property_id, f.name, f.url, f.etag, f.last_modified, f.last_error,
    ${sqlTimestamp('f.last_sync_at')} as last_sync_at,
    (select count(*)::int from external_events e where e.feed_id = f.id) as event_count,
    (select count(*)::int from external_events e where e.feed_id = f.id and e.conflict_booking_id is not null) as conflict_count
  from ical_feeds f`;

export interface TStoredFeed extends TFeed {
  propertyId: number;
  etag: string | null;
  lastModified: string | null;
}

function toFeed(r: TFeedRow): TStoredFeed {
  return {
    id: r.id,
    propertyId: r.property_id,
    name: r.name,
    url: r.url,
    etag: r.etag,
    lastModified: r.last_modified,
    lastSyncAt: r.last_sync_at,
    lastError: r.last_error,
    eventCount: r.event_count,
    conflictCount: r.conflict_count,
  };
}

export async function listFeeds(em: EntityManager, propertyId: number): Promise<TStoredFeed[]> {
  const rows = await em.execute<TFeedRow[]>(`${FEED_SELECT} where f.property_id = ? order by f.id`, [
    propertyId,
  ]);
  return rows.map(toFeed);
}

export async function getFeed(
  em: EntityManager,
  propertyId: number,
  feedId: number,
): Promise<TStoredFeed | null> {
  const [row] = await em.execute<TFeedRow[]>(`${FEED_SELECT} where f.id = ? and f.property_id = ?`, [
    feedId,
    propertyId,
  ]);
  return row ? toFeed(row) : null;
}

export async function insertFeed(
  em: EntityManager,
  propertyId: number,
  name: string,
  url: string,
): Promise<number> {
  const [row] = await em.execute<{ id: number }[]>(
    'insert into ical_feeds (property_id, name, url) values (?, ?, ?) returning id',
    [propertyId, name, url],
  );
  if (!row) throw new Error('the feed was not inserted');
  return row.id;
}

export async function deleteFeed(em: EntityManager, propertyId: number, feedId: number): Promise<boolean> {
  const rows = await em.execute<{ id: number }[]>(
    'delete from ical_feeds where id = ? and property_id = ? returning id',
    [feedId, propertyId],
  );
  return rows.length > 0;
}

/** Every feed's id and home, in id order after `afterId`: the scheduled sync walks them in batches. */
export async function feedIdsAfter(
  em: EntityManager,
  afterId: number,
  limit: number,
): Promise<{ id: number; propertyId: number }[]> {
  return em.execute<{ id: number; propertyId: number }[]>(
    'select id, property_id as "propertyId" from ical_feeds where id > ? order by id limit ?',
    [afterId, limit],
  );
}

export async function recordSync(
  em: EntityManager,
  feedId: number,
  result: { etag?: string | null; lastModified?: string | null; error: string | null },
): Promise<void> {
  const sets = ['last_sync_at = now()', 'last_error = ?'];
  const params: unknown[] = [result.error?.slice(0, 500) ?? null];
  if (result.etag !== undefined) {
    sets.push('etag = ?');
    params.push(result.etag);
  }
  if (result.lastModified !== undefined) {
    sets.push('last_modified = ?');
    params.push(result.lastModified);
  }
  params.push(feedId);
  await em.execute(`update ical_feeds set ${sets.join(', ')} where id = ?`, params);
}
