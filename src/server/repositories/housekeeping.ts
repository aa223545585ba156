import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import type { TTaskStatus } from '#shared/schemas/tasks.ts';
import { HousekeepingDefault, HousekeepingTask } from '../entities/housekeeping.entity.ts';
import { Property } from '../entities/property.entity.ts';
import { User } from '../entities/user.entity.ts';
import { db, isoDate, isoTimestamp } from './db.ts';
import { inHomes, type THomeScope } from './home-scope.ts';

/** Turnover tasks and each home's default housekeeper (docs/staff.md#housekeeping). */

export interface TTaskFilter {
  from: string;
  to: string;
  propertyId?: number | undefined;
  status?: TTaskStatus | undefined;
  /** Only tasks assigned to this person; with `orUnassigned`, their homes' unassigned ones too. */
  assigneeId?: number | undefined;
  orUnassigned?: boolean;
  homes: THomeScope;
}

function tasksOf(em: EntityManager, f: Omit<TTaskFilter, 'from' | 'to'> & { from?: string; to?: string }) {
  let q = db(em).selectFrom('housekeeping_tasks as t').where(inHomes('t.property_id', f.homes));
  if (f.from) q = q.where('t.due_date', '>=', sql<string>`${f.from}::date`);
  if (f.to) q = q.where('t.due_date', '<=', sql<string>`${f.to}::date`);
  if (f.propertyId) q = q.where('t.property_id', '=', f.propertyId);
  if (f.status) q = q.where('t.status', '=', f.status);
  if (f.assigneeId !== undefined) {
    const id = f.assigneeId;
    q = f.orUnassigned
      ? q.where((eb) => eb.or([eb('t.assignee_id', '=', id), eb('t.assignee_id', 'is', null)]))
      : q.where('t.assignee_id', '=', id);
  }
  return q;
}

/** A task with its home, assignee and the home's next stay after the check-out (its arrival time and party). */
function withDetails(em: EntityManager, q: ReturnType<typeof tasksOf>) {
  return q
    .innerJoin('properties as p', 'p.id', 't.property_id')
    .leftJoin('users as u', 'u.id', 't.assignee_id')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('bookings as nb')
          .select([
            'nb.id as next_id',
            isoDate('nb.check_in').as('next_check_in'),
            'nb.guests as next_guests',
          ])
          .whereRef('nb.property_id', '=', 't.property_id')
          .where('nb.status', 'in', ['pending', 'confirmed'])
          .whereRef('nb.check_in', '>=', 't.due_date')
          .whereRef('nb.id', '<>', 't.booking_id')
          .orderBy('nb.check_in')
          .limit(1)
          .as('n'),
      (join) => join.onTrue(),
    )
    .select([
      't.id',
      't.booking_id',
      isoDate('t.due_date').as('due_date'),
      't.status',
      't.note',
      't.photos',
      't.problem',
      isoTimestamp<string | null>('t.started_at').as('started_at'),
      isoTimestamp<string | null>('t.done_at').as('done_at'),
      't.alerted_at',
      'p.id as property_id',
      'p.title',
      'p.location',
      'p.time_zone',
      'u.id as assignee_id',
      sql<string | null>`coalesce(u.name, u.username)`.as('assignee_name'),
      sql<string | null>`(select g.check_in_time from home_guides g where g.property_id = t.property_id)`.as(
        'check_in_time',
      ),
      'n.next_id',
      'n.next_check_in',
      'n.next_guests',
    ]);
}

export type TTaskRow = Awaited<ReturnType<typeof listTaskRows>>[number];

export async function listTaskRows(em: EntityManager, f: TTaskFilter, limit: number, offset: number) {
  return withDetails(em, tasksOf(em, f))
    .orderBy('t.due_date')
    .orderBy('t.id')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countTasks(em: EntityManager, f: TTaskFilter): Promise<number> {
  const row = await tasksOf(em, f)
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirst();
  return row?.n ?? 0;
}

export async function findTaskRow(em: EntityManager, id: number): Promise<TTaskRow | undefined> {
  return withDetails(em, tasksOf(em, { homes: null }).where('t.id', '=', id)).executeTakeFirst();
}

/** The turnovers of these homes between two days, for the timeline: one state per check-out. */
export async function turnoversOf(
  em: EntityManager,
  propertyIds: number[],
  from: string,
  to: string,
): Promise<{ id: number; property_id: number; due_date: string; status: TTaskStatus }[]> {
  if (propertyIds.length === 0) return [];
  return db(em)
    .selectFrom('housekeeping_tasks as t')
    .select(['t.id', 't.property_id', isoDate('t.due_date').as('due_date'), 't.status'])
    .where('t.property_id', 'in', propertyIds)
    .where('t.due_date', '>=', sql<string>`${from}::date`)
    .where('t.due_date', '<=', sql<string>`${to}::date`)
    .orderBy('t.due_date')
    .execute();
}

export async function updateTaskRow(
  tx: EntityManager,
  id: number,
  patch: {
    status?: TTaskStatus;
    note?: string | null;
    problem?: string | null;
    photos?: string[];
    assigneeId?: number | null;
    startedAt?: Date;
    doneAt?: Date | null;
    payUserId?: number | null;
    payMinor?: number | null;
  },
): Promise<void> {
  const { assigneeId, payUserId, ...rest } = patch;
  await tx.nativeUpdate(
    HousekeepingTask,
    { id },
    {
      ...rest,
      ...(assigneeId !== undefined
        ? { assignee: assigneeId === null ? null : tx.getReference(User, assigneeId) }
        : {}),
      ...(payUserId !== undefined
        ? { payUser: payUserId === null ? null : tx.getReference(User, payUserId) }
        : {}),
    },
  );
}

/** Whether `userId` is a housekeeper given this home. */
export async function isHousekeeperOf(
  em: EntityManager,
  userId: number,
  propertyId: number,
): Promise<boolean> {
  const row = await db(em)
    .selectFrom('staff_homes as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select('s.user_id')
    .where('s.user_id', '=', userId)
    .where('s.property_id', '=', propertyId)
    .where('u.staff_role', '=', 'housekeeper')
    .where('u.disabled_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

export async function setDefaultHousekeeper(
  tx: EntityManager,
  propertyId: number,
  userId: number | null,
): Promise<number | null> {
  const before = await db(tx)
    .selectFrom('housekeeping_defaults')
    .select('user_id')
    .where('property_id', '=', propertyId)
    .executeTakeFirst();
  await tx.nativeDelete(HousekeepingDefault, { property: propertyId });
  if (userId !== null)
    await tx.insert(HousekeepingDefault, {
      property: tx.getReference(Property, propertyId),
      user: tx.getReference(User, userId),
    });
  return before?.user_id ?? null;
}

/** The homes with a default housekeeper (within the scope), by title. */
export async function listDefaultHousekeepers(
  em: EntityManager,
  homes: THomeScope,
  limit: number,
  offset: number,
) {
  const base = db(em)
    .selectFrom('housekeeping_defaults as d')
    .innerJoin('properties as p', 'p.id', 'd.property_id')
    .innerJoin('users as u', 'u.id', 'd.user_id')
    .where(inHomes('d.property_id', homes));
  const [rows, count] = await Promise.all([
    base
      .select(['d.property_id', 'p.title', 'd.user_id', sql<string>`coalesce(u.name, u.username)`.as('name')])
      .orderBy('p.title')
      .orderBy('p.id')
      .limit(limit)
      .offset(offset)
      .execute(),
    base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirst(),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/**
 * Tasks not done whose home's next check-in is on or before `lastDay` and not long past, never alerted:
 * the candidates of the late alert (the exact instant depends on each home's time and zone).
 */
export async function lateTaskCandidates(em: EntityManager, firstDay: string, lastDay: string) {
  return withDetails(
    em,
    tasksOf(em, { homes: null }).where('t.status', '<>', 'done').where('t.alerted_at', 'is', null),
  )
    .where('n.next_check_in', '>=', firstDay)
    .where('n.next_check_in', '<=', lastDay)
    .orderBy('t.id')
    .limit(500)
    .execute();
}

/** Marks the alert sent; false when another worker already did (so each late task is told once). */
export async function markTaskAlerted(tx: EntityManager, id: number, now: Date): Promise<boolean> {
  const n = await tx.nativeUpdate(HousekeepingTask, { id, alertedAt: null }, { alertedAt: now });
  return n > 0;
}
