import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { TASK_STATUSES, type TTaskStatus } from '#shared/schemas/staff-role.ts';
import { oneOf } from './base.entity.ts';
import { Booking } from './booking.entity.ts';
import { Property } from './property.entity.ts';
import { User } from './user.entity.ts';

/**
 * The turnover after a stay (docs/staff.md#housekeeping): one per holding booking, due on its check-out
 * day and before the home's next check-in. The `bookings_turnover_task` trigger keeps it in step with its
 * booking, whatever code writes the booking.
 */
export const HousekeepingTask = defineEntity({
  name: 'HousekeepingTask',
  tableName: 'housekeeping_tasks',
  properties: {
    id: p.integer().primary(),
    property: () => p.manyToOne(Property).deleteRule('cascade'),
    booking: () => p.oneToOne(Booking).owner().deleteRule('cascade').unique(),
    dueDate: p.date(),
    assignee: () => p.manyToOne(User).nullable().deleteRule('set null').index(),
    status: p.string().length(20).default('todo').$type<TTaskStatus>(),
    note: p.text().nullable(),
    photos: p.array<string>().columnType('text[]').defaultRaw(`'{}'`),
    problem: p.text().nullable(),
    startedAt: p.datetime().nullable(),
    doneAt: p.datetime().nullable(),
    /** When the operator was told the task is late (once). */
    alertedAt: p.datetime().nullable(),
    createdAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
  },
  indexes: [{ name: 'housekeeping_tasks_property_due_idx', properties: ['property', 'dueDate'] }],
  checks: [{ name: 'housekeeping_tasks_status_check', expression: oneOf('status', TASK_STATUSES) }],
});
export type IHousekeepingTask = InferEntity<typeof HousekeepingTask>;

/** Who gets a home's new turnover tasks, unless the operator assigns someone else. */
export const HousekeepingDefault = defineEntity({
  name: 'HousekeepingDefault',
  tableName: 'housekeeping_defaults',
  properties: {
    property: () => p.oneToOne(Property).owner().primary().deleteRule('cascade'),
    user: () => p.manyToOne(User).deleteRule('cascade').index(),
  },
});
export type IHousekeepingDefault = InferEntity<typeof HousekeepingDefault>;
