import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import type { TChecklistRoom, TProblemSeverity } from '#shared/schemas/housekeeping.ts';
import {
  HomeChecklist,
  HousekeeperPay,
  HousekeeperPayOverride,
  TaskProblem,
} from '../entities/housekeeping.entity.ts';
import { Property } from '../entities/property.entity.ts';
import { User } from '../entities/user.entity.ts';
import { db, isoDate, isoTimestamp } from './db.ts';
import { inHomes, type THomeScope } from './home-scope.ts';

/** Checklists, ticks, problem reports and pay (docs/staff.md#checklists, #problem-reports, #housekeeping-pay). */

export async function homeChecklistRooms(em: EntityManager, propertyId: number): Promise<TChecklistRoom[]> {
  const row = await db(em)
    .selectFrom('home_checklists')
    .select('rooms')
    .where('property_id', '=', propertyId)
    .executeTakeFirst();
  return row?.rooms ?? [];
}

export async function saveHomeChecklist(
  tx: EntityManager,
  propertyId: number,
  rooms: TChecklistRoom[],
): Promise<void> {
  await tx.upsert(
    HomeChecklist,
    { property: tx.getReference(Property, propertyId), rooms, updatedAt: new Date() },
    { onConflictFields: ['property'], onConflictAction: 'merge' },
  );
}

/** The task's own copy of the checklist (null until it starts), its home and the keys ticked. */
export async function taskChecklistState(em: EntityManager, taskId: number) {
  const row = await db(em)
    .selectFrom('housekeeping_tasks as t')
    .select([
      't.property_id',
      't.checklist',
      sql<
        string[]
      >`coalesce((select array_agg(k.item_key order by k.item_key) from housekeeping_task_ticks k where k.task_id = t.id), '{}')`.as(
        'ticked',
      ),
    ])
    .where('t.id', '=', taskId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    propertyId: row.property_id,
    checklist: row.checklist,
    ticked: row.ticked,
  };
}

/**
 * Gives the task its own copy of its home's checklist, once: from then on the operator's edits of the
 * home's list no longer change it. A no-op when it has one (two first ticks at once copy it once).
 */
export async function freezeTaskChecklist(tx: EntityManager, taskId: number): Promise<void> {
  await sql`update housekeeping_tasks t
       set checklist = coalesce((select c.rooms from home_checklists c where c.property_id = t.property_id), '[]'::jsonb)
     where t.id = ${taskId} and t.checklist is null`.execute(db(tx));
}

export async function setTick(
  tx: EntityManager,
  taskId: number,
  itemKey: string,
  done: boolean,
  userId: number,
): Promise<boolean> {
  if (done) {
    const r =
      await sql`insert into housekeeping_task_ticks (task_id, item_key, user_id) values (${taskId}, ${itemKey}, ${userId})
      on conflict do nothing`.execute(db(tx));
    return Number(r.numAffectedRows ?? 0) > 0;
  }
  const r = await db(tx)
    .deleteFrom('housekeeping_task_ticks')
    .where('task_id', '=', taskId)
    .where('item_key', '=', itemKey)
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

export async function insertProblem(
  tx: EntityManager,
  p: {
    taskId: number;
    propertyId: number;
    reporterId: number;
    description: string;
    severity: TProblemSeverity;
    photo: string | null;
  },
): Promise<number> {
  const row = await tx.insert(TaskProblem, {
    task: p.taskId,
    property: tx.getReference(Property, p.propertyId),
    reporter: tx.getReference(User, p.reporterId),
    description: p.description,
    severity: p.severity,
    photo: p.photo,
  });
  return Number(row);
}

function problemsQuery(em: EntityManager) {
  return db(em)
    .selectFrom('task_problems as q')
    .innerJoin('housekeeping_tasks as t', 't.id', 'q.task_id')
    .innerJoin('properties as p', 'p.id', 'q.property_id')
    .leftJoin('users as r', 'r.id', 'q.reporter_id')
    .leftJoin('users as s', 's.id', 'q.resolved_by_id')
    .select([
      'q.id',
      'q.task_id',
      isoDate('t.due_date').as('due_date'),
      'p.id as property_id',
      'p.title',
      'r.id as reporter_id',
      sql<string | null>`coalesce(r.name, r.username)`.as('reporter_name'),
      'q.description',
      'q.severity',
      'q.photo',
      isoTimestamp('q.created_at').as('created_at'),
      isoTimestamp<string | null>('q.resolved_at').as('resolved_at'),
      sql<string | null>`coalesce(s.name, s.username)`.as('resolved_by'),
      'q.resolution_note',
    ]);
}
export type TProblemRow = Awaited<ReturnType<typeof problemRows>>[number];

export async function problemRows(em: EntityManager, f: { taskId?: number; ids?: number[] }) {
  let q = problemsQuery(em);
  if (f.taskId !== undefined) q = q.where('q.task_id', '=', f.taskId);
  if (f.ids) q = q.where('q.id', 'in', f.ids.length ? f.ids : [0]);
  return q.orderBy('q.created_at', 'desc').orderBy('q.id', 'desc').limit(100).execute();
}

/** The open problems of these homes, newest first. */
export async function openProblemRows(em: EntityManager, homes: THomeScope, limit: number, offset: number) {
  const base = db(em)
    .selectFrom('task_problems as q')
    .where('q.resolved_at', 'is', null)
    .where(inHomes('q.property_id', homes));
  const [rows, count] = await Promise.all([
    problemsQuery(em)
      .where('q.resolved_at', 'is', null)
      .where(inHomes('q.property_id', homes))
      .orderBy('q.created_at', 'desc')
      .orderBy('q.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirst(),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** Resolves an open problem; false when there is none open with this id. */
export async function markProblemResolved(
  tx: EntityManager,
  id: number,
  userId: number,
  note: string | null,
  now: Date,
): Promise<boolean> {
  const n = await tx.nativeUpdate(
    TaskProblem,
    { id, resolvedAt: null },
    { resolvedAt: now, resolvedBy: tx.getReference(User, userId), resolutionNote: note },
  );
  return n > 0;
}

export async function problemExists(em: EntityManager, id: number) {
  return db(em).selectFrom('task_problems').select(['id', 'task_id']).where('id', '=', id).executeTakeFirst();
}

/** Pay. */

export async function isHousekeeper(em: EntityManager, userId: number): Promise<boolean> {
  const row = await db(em)
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .where('staff_role', '=', 'housekeeper')
    .executeTakeFirst();
  return row !== undefined;
}

/** The homes given to this person (staff_homes). */
export async function homesOfUser(em: EntityManager, userId: number): Promise<number[]> {
  const rows = await db(em)
    .selectFrom('staff_homes')
    .select('property_id')
    .where('user_id', '=', userId)
    .execute();
  return rows.map((r) => r.property_id);
}

export async function payRatesOf(em: EntityManager, userId: number) {
  const [base, overrides] = await Promise.all([
    db(em)
      .selectFrom('housekeeper_pay')
      .select('rate_minor')
      .where('user_id', '=', userId)
      .executeTakeFirst(),
    db(em)
      .selectFrom('housekeeper_pay_overrides as o')
      .innerJoin('properties as p', 'p.id', 'o.property_id')
      .select(['o.property_id', 'p.title', 'o.rate_minor'])
      .where('o.user_id', '=', userId)
      .orderBy('p.title')
      .orderBy('p.id')
      .execute(),
  ]);
  return { defaultRate: base?.rate_minor ?? null, overrides };
}

export async function savePayRates(
  tx: EntityManager,
  userId: number,
  defaultRate: number | null,
  overrides: { propertyId: number; rate: number }[],
): Promise<void> {
  await tx.nativeDelete(HousekeeperPay, { user: userId });
  if (defaultRate !== null)
    await tx.insert(HousekeeperPay, { user: tx.getReference(User, userId), rateMinor: defaultRate });
  await tx.nativeDelete(HousekeeperPayOverride, { user: userId });
  if (overrides.length)
    await tx.insertMany(
      HousekeeperPayOverride,
      overrides.map((o) => ({
        user: tx.getReference(User, userId),
        property: tx.getReference(Property, o.propertyId),
        rateMinor: o.rate,
      })),
    );
}

/** What a task at this home pays this housekeeper, in minor units: the home's rate, else their default, else 0. */
export async function payRateFor(tx: EntityManager, userId: number, propertyId: number): Promise<number> {
  const row = await sql<{ rate: number | null }>`select coalesce(
      (select o.rate_minor from housekeeper_pay_overrides o where o.user_id = ${userId} and o.property_id = ${propertyId}),
      (select d.rate_minor from housekeeper_pay d where d.user_id = ${userId})) as rate`.execute(db(tx));
  return row.rows[0]?.rate ?? 0;
}

/**
 * Pay by month (of the task's completion, in its home's time zone) and housekeeper, for the months
 * `from`..`to` (yyyy-MM). The instants read are bounded a day wider on each side (no zone is further
 * from UTC), and each row's own month decides.
 */
export async function payByMonth(
  em: EntityManager,
  f: { from: string; to: string; propertyId?: number | undefined; homes: THomeScope },
) {
  const month = sql<string>`to_char(t.done_at at time zone p.time_zone, 'YYYY-MM')`;
  let q = db(em)
    .selectFrom('housekeeping_tasks as t')
    .innerJoin('properties as p', 'p.id', 't.property_id')
    .innerJoin('users as u', 'u.id', 't.pay_user_id')
    .where('t.pay_user_id', 'is not', null)
    .where('t.done_at', '>=', sql<Date>`(${`${f.from}-01`}::date - 1)::timestamptz`)
    .where('t.done_at', '<', sql<Date>`((${`${f.to}-01`}::date + interval '1 month')::date + 1)::timestamptz`)
    .where(month, '>=', f.from)
    .where(month, '<=', f.to)
    .where(inHomes('t.property_id', f.homes));
  if (f.propertyId) q = q.where('t.property_id', '=', f.propertyId);
  return q
    .select([
      month.as('month'),
      'u.id as user_id',
      sql<string>`coalesce(u.name, u.username)`.as('name'),
      sql<number>`count(*)::int`.as('tasks'),
      sql<number>`coalesce(sum(t.pay_minor), 0)::int`.as('amount'),
    ])
    .groupBy([month, 'u.id', 'u.name', 'u.username'])
    .orderBy(month)
    .orderBy(sql`coalesce(u.name, u.username)`)
    .orderBy('u.id')
    .execute();
}
