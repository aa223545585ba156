import type { EntityManager } from '@mikro-orm/postgresql';
import type { TActivity, TActivityChanges } from '#shared/schemas/activity.ts';
import type { THomeScope } from './home-scope.ts';
import { intArray } from './sql.ts';

/** Every query of the audit trail (`activity_log`). */

interface TActivityRow {
  id: number;
  actor_id: number | null;
  actor_name: string;
  action: string;
  entity_type: string;
  entity_id: string;
  changes: TActivityChanges;
  created_at: Date | string;
}

function toActivity(r: TActivityRow): TActivity {
  return {
    id: r.id,
    actorId: r.actor_id,
    actorName: r.actor_name,
    action: r.action,
    entityType: r.entity_type,
    entityId: r.entity_id,
    changes: r.changes,
    createdAt: new Date(r.created_at).toISOString(),
  };
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
  await em.execute(
    `insert into activity_log (actor_id, actor_name, action, entity_type, entity_id, changes) values (?, ?, ?, ?, ?, ?::jsonb)`,
    [row.actorId, row.actorName, row.action, row.entityType, row.entityId, JSON.stringify(row.changes)],
  );
}

export interface TActivityFilter {
  entityType?: string | undefined;
  entityId?: string | undefined;
  /** Only the entries about these homes, their calendars and their bookings (docs/staff.md#per-home-access). */
  homes?: THomeScope | undefined;
}

function whereOf(f: TActivityFilter): { sql: string; params: unknown[] } {
  const parts: string[] = [];
  const params: unknown[] = [];
  if (f.homes) {
    // One array literal each: the driver would expand a JS array into a list.
    const ids = intArray([...f.homes]);
    parts.push(`((entity_type in ('property', 'calendar') and entity_id = any(?::text[]))
      or (entity_type = 'booking' and entity_id in (select id::text from bookings where property_id = any(?::int[]))))`);
    params.push(ids, ids);
  }
  if (f.entityType) {
    parts.push('entity_type = ?');
    params.push(f.entityType);
  }
  if (f.entityId) {
    parts.push('entity_id = ?');
    params.push(f.entityId);
  }
  return { sql: parts.length ? `where ${parts.join(' and ')}` : '', params };
}

/** Newest first; the (entity_type, created_at, id) and (created_at, id) indexes serve both shapes. */
export async function listActivity(
  em: EntityManager,
  filter: TActivityFilter,
  limit: number,
  offset: number,
): Promise<TActivity[]> {
  const where = whereOf(filter);
  const rows = await em.execute<TActivityRow[]>(
    `select id, actor_id, actor_name, action, entity_type, entity_id, changes, created_at
       from activity_log ${where.sql}
      order by created_at desc, id desc limit ? offset ?`,
    [...where.params, limit, offset],
  );
  return rows.map(toActivity);
}

/** Exact up to 10,000, then "10,000 or more": counting a million rows per page view is not worth it. */
export const ACTIVITY_COUNT_CAP = 10_000;

export async function countActivity(em: EntityManager, filter: TActivityFilter): Promise<number> {
  const where = whereOf(filter);
  const rows = await em.execute<{ n: number }[]>(
    `select count(*)::int as n from (select 1 from activity_log ${where.sql} limit ${ACTIVITY_COUNT_CAP}) t`,
    where.params,
  );
  return rows[0]?.n ?? 0;
}

/** One entity's history, oldest first (the booking drawer's status history). */
export async function activityOf(
  em: EntityManager,
  entityType: string,
  entityId: string,
): Promise<TActivity[]> {
  const rows = await em.execute<TActivityRow[]>(
    `select id, actor_id, actor_name, action, entity_type, entity_id, changes, created_at
       from activity_log where entity_type = ? and entity_id = ? order by created_at, id`,
    [entityType, entityId],
  );
  return rows.map(toActivity);
}
