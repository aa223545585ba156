import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import {
  PROBLEM_SEVERITIES,
  type TChecklistRoom,
  type TProblemSeverity,
} from '#shared/schemas/housekeeping.ts';
import { TASK_STATUSES, type TTaskStatus } from '#shared/schemas/staff-role.ts';
import { oneOf, createdAtProperty } from './base.entity.ts';
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
    /** The home's checklist as it stood when the task started (docs/staff.md#checklists); null before. */
    checklist: p.json<TChecklistRoom[]>().nullable(),
    /** Who was paid for the task and how much, in minor units, fixed when it was marked done. */
    payUser: () => p.manyToOne(User).nullable().deleteRule('set null'),
    payMinor: p.integer().nullable(),
    createdAt: createdAtProperty(),
  },
  indexes: [
    { name: 'housekeeping_tasks_property_due_idx', properties: ['property', 'dueDate'] },
    {
      name: 'housekeeping_tasks_pay_idx',
      expression:
        'create index "housekeeping_tasks_pay_idx" on "housekeeping_tasks" ("pay_user_id", "done_at") where "pay_user_id" is not null',
    },
  ],
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

/** A home's turnover checklist: rooms in order, each with its items in order (docs/staff.md#checklists). */
export const HomeChecklist = defineEntity({
  name: 'HomeChecklist',
  tableName: 'home_checklists',
  properties: {
    property: () => p.oneToOne(Property).owner().primary().deleteRule('cascade'),
    rooms: p.json<TChecklistRoom[]>(),
    updatedAt: createdAtProperty(),
  },
});
export type IHomeChecklist = InferEntity<typeof HomeChecklist>;

/** A ticked item of a task's checklist: who ticked it and when (an unticked item has no row). */
export const TaskChecklistTick = defineEntity({
  name: 'TaskChecklistTick',
  tableName: 'housekeeping_task_ticks',
  properties: {
    task: () => p.manyToOne(HousekeepingTask).primary().deleteRule('cascade'),
    itemKey: p.string().length(16).primary(),
    user: () => p.manyToOne(User).nullable().deleteRule('set null').index(),
    tickedAt: createdAtProperty(),
  },
});
export type ITaskChecklistTick = InferEntity<typeof TaskChecklistTick>;

/** A problem a housekeeper reports from a task, open until the back office resolves it. */
export const TaskProblem = defineEntity({
  name: 'TaskProblem',
  tableName: 'task_problems',
  properties: {
    id: p.integer().primary(),
    task: () => p.manyToOne(HousekeepingTask).deleteRule('cascade').index(),
    property: () => p.manyToOne(Property).deleteRule('cascade'),
    reporter: () => p.manyToOne(User).nullable().deleteRule('set null').index(),
    description: p.text(),
    severity: p.string().length(10).$type<TProblemSeverity>(),
    photo: p.text().nullable(),
    createdAt: createdAtProperty(),
    resolvedAt: p.datetime().nullable(),
    resolvedBy: () => p.manyToOne(User).nullable().deleteRule('set null').index(),
    resolutionNote: p.text().nullable(),
  },
  indexes: [
    {
      name: 'task_problems_open_idx',
      expression:
        'create index "task_problems_open_idx" on "task_problems" ("property_id", "created_at") where "resolved_at" is null',
    },
  ],
  checks: [{ name: 'task_problems_severity_check', expression: oneOf('severity', PROBLEM_SEVERITIES) }],
});
export type ITaskProblem = InferEntity<typeof TaskProblem>;

/** A housekeeper's pay per completed task, in minor units (docs/staff.md#housekeeping-pay). */
export const HousekeeperPay = defineEntity({
  name: 'HousekeeperPay',
  tableName: 'housekeeper_pay',
  properties: {
    user: () => p.oneToOne(User).owner().primary().deleteRule('cascade'),
    rateMinor: p.integer(),
  },
  checks: [{ name: 'housekeeper_pay_rate_check', expression: 'rate_minor >= 0' }],
});
export type IHousekeeperPay = InferEntity<typeof HousekeeperPay>;

/** A housekeeper's pay per task at one home, in place of their default rate. */
export const HousekeeperPayOverride = defineEntity({
  name: 'HousekeeperPayOverride',
  tableName: 'housekeeper_pay_overrides',
  properties: {
    user: () => p.manyToOne(User).primary().deleteRule('cascade'),
    property: () => p.manyToOne(Property).primary().deleteRule('cascade').index(),
    rateMinor: p.integer(),
  },
  checks: [{ name: 'housekeeper_pay_overrides_rate_check', expression: 'rate_minor >= 0' }],
});
export type IHousekeeperPayOverride = InferEntity<typeof HousekeeperPayOverride>;
