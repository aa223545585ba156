import type { THomeScope } from '../../repositories/home-scope.ts';
import type { EntityManager } from '@mikro-orm/postgresql';
import type {
  TActivityChanges,
  TActivityEntityType,
  TActivityList,
  ZActivityListInput,
} from '#shared/schemas/activity.ts';
import type { z } from 'zod';
import { countActivity, insertActivity, listActivity } from '../../repositories/activity.ts';

/** Who did it: the admin of the session (or the demo admin), or null for the system / a guest. */
export interface TActor {
  id: number;
  username: string;
  name?: string | null;
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The fields that differ between `before` and `after`, each as `{ before, after }`. Only keys present in
 * one of them are compared; a create passes `before` = {} and a delete `after` = {}.
 */
export function diffFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): TActivityChanges {
  const out: TActivityChanges = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (!same(before[key], after[key])) out[key] = { before: before[key], after: after[key] };
  }
  return out;
}

/**
 * Records one admin mutation in the audit trail. Call it with the mutation's own transaction (`tx`), so
 * the row commits exactly with the change. An update that changed nothing records nothing.
 */
export async function recordActivity(
  tx: EntityManager,
  actor: TActor | null,
  entry: {
    action: string;
    entityType: TActivityEntityType;
    entityId: number | string;
    before?: Record<string, unknown>;
    after?: Record<string, unknown>;
  },
): Promise<void> {
  const changes = diffFields(entry.before ?? {}, entry.after ?? {});
  if (entry.before && entry.after && Object.keys(changes).length === 0) return;
  await insertActivity(tx, {
    actorId: actor?.id ?? null,
    actorName: actor ? actor.name || actor.username : 'Guest',
    action: entry.action,
    entityType: entry.entityType,
    entityId: String(entry.entityId),
    changes,
  });
}

export async function listActivityPage(
  em: EntityManager,
  input: z.output<typeof ZActivityListInput>,
  homes: THomeScope = null,
): Promise<TActivityList> {
  const filter = { entityType: input.entityType, entityId: input.entityId || undefined, homes };
  const [items, total] = await Promise.all([
    listActivity(em, filter, input.pageSize, (input.page - 1) * input.pageSize),
    countActivity(em, filter),
  ]);
  return { items, total, page: input.page, pageSize: input.pageSize };
}
