import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { createdAtProperty } from './base.entity.ts';
import type { TActivityChanges } from '#shared/schemas/activity.ts';
import { User } from './user.entity.ts';

/**
 * The audit trail (docs/features.md#admin-back-office): one row per admin mutation, written in the mutation's own transaction by
 * `recordActivity`, so a committed change always has its row and a rolled-back one never does.
 * `actorName` is a snapshot: the row still says who it was after the account is gone.
 */
export const Activity = defineEntity({
  name: 'Activity',
  tableName: 'activity_log',
  properties: {
    id: p.integer().primary().autoincrement(),
    actor: () => p.manyToOne(User).nullable().deleteRule('set null'),
    actorName: p.string().length(100),
    action: p.string().length(60),
    entityType: p.string().length(30),
    entityId: p.string().length(40),
    /** `{ field: { before, after } }` for the fields that changed. */
    changes: p.json<TActivityChanges>(),
    createdAt: createdAtProperty(),
  },
  indexes: [
    { name: 'activity_log_created_idx', properties: ['createdAt', 'id'] },
    { name: 'activity_log_entity_idx', properties: ['entityType', 'entityId', 'createdAt'] },
    { name: 'activity_log_type_created_idx', properties: ['entityType', 'createdAt', 'id'] },
  ],
});
export type IActivity = InferEntity<typeof Activity>;
