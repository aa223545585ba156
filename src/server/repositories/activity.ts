import type { EntityManager } from '@mikro-orm/postgresql';
import type { TActivity, TActivityChanges } from '#shared/schemas/activity.ts';
import type { THomeScope } from './home-scope.ts';
import { sql, type RawBuilder } from 'kysely';
import { db, isoTimestamp } from './db.ts';
import { intArray } from './sql.ts';

/** Every query of the audit trail (`activity_log`). */

/** The entries as the trail shows them: the columns named as TActivity names them. */
function entries(em: EntityManager) {
  return db(em)
    .selectFrom('activity_log')
    .select([
      'id',
      'actor_id as actorId',
      'actor_name as actorName',
      'action',
      'entity_type as entityType',
      'entity_id as entityId',
      'changes',
      isoTimestamp('created_at').as('createdAt'),
    ]);
}

export async function insertActivity(
  em: EntityManager,
  row: {
    actorId: number | null;
    actorName: string;
    action: string;
    entityType: string;
    entityId: string;
    changes: TActivityChanges;
  },
): Promise<void> {
  await db(em)
    .insertInto('activity_log')
    .values({
      actor_id: row.actorId,
      actor_name: row.actorName,
      action: row.action,
      entity_type: row.entityType,
      entity_id: row.entityId,
      changes: sql<TActivityChanges>`${JSON.stringify(row.changes)}::jsonb`,
    })
    .execute();
}

export interface TActivityFilter {
  entityType?: string | undefined;
  entityId?: string | undefined;
  /** Only the entries about these homes, their calendars and their bookings (docs/staff.md#per-home-access). */
  homes?: THomeScope | undefined;
}

function whereOf(f: TActivityFilter): RawBuilder<boolean> {
  const parts: RawBuilder<boolean>[] = [];
  if (f.homes) {
    // One array literal each: the driver would expand a JS array into a list.
    const ids = intArray([...f.homes]);
    parts.push(sql<boolean>`((entity_type in ('property', 'calendar') and entity_id = any(${ids}::text[]))
      or (entity_type = 'booking' and entity_id in (select id::text from bookings where property_id = any(${ids}::int[]))))`);
  }
  if (f.entityType) parts.push(sql<boolean>`entity_type = ${f.entityType}`);
  if (f.entityId) parts.push(sql<boolean>`entity_id = ${f.entityId}`);
  return parts.length ? sql<boolean>`${sql.join(parts, sql` and `)}` : sql<boolean>`true`;
}

/** Newest first; the (entity_type, created_at, id) and (created_at, id) indexes serve both shapes. */
export async function listActivity(
  em: EntityManager,
  filter: TActivityFilter,
  limit: number,
  offset: number,
): Promise<TActivity[]> {
  const where = whereOf(filter);
  return entries(em)
    .where(where)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** Exact up to 10,000, then "10,000 or more": counting a million rows per page view is not worth it. */
export const ACTIVITY_COUNT_CAP = 10_000;

export async function countActivity(em: EntityManager, filter: TActivityFilter): Promise<number> {
  const where = whereOf(filter);
  const d = db(em);
  const row = await d
    .selectFrom(
      d
        .selectFrom('activity_log')
        .select(sql.lit(1).as('one'))
        .where(where)
        .limit(ACTIVITY_COUNT_CAP)
        .as('t'),
    )
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirst();
  return row?.n ?? 0;
}

/** One entity's history, oldest first (the booking drawer's status history). */
export async function activityOf(
  em: EntityManager,
  entityType: string,
  entityId: string,
): Promise<TActivity[]> {
  return entries(em)
    .where('entity_type', '=', entityType)
    .where('entity_id', '=', entityId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}
