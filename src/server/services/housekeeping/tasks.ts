import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import { addDays } from '#shared/dates.ts';
import { PROPERTY_NOT_FOUND } from '#shared/messages.ts';
import {
  DEFAULT_CHECK_IN_TIME,
  TASK_ALERT_HOURS,
  TASK_ASSIGN_FORBIDDEN,
  TASK_ASSIGNEE_INVALID,
  TASK_DAYS_DEFAULT,
  TASK_NOT_FOUND,
  TASK_PROBLEM_REQUIRED,
  type THousekeeperDefaults,
  type TTask,
  type TTaskList,
  type ZTaskListInput,
  type ZTaskUpdateInput,
} from '#shared/schemas/tasks.ts';
import { AppError } from '../../errors.ts';
import {
  countTasks,
  findTaskRow,
  isHousekeeperOf,
  lateTaskCandidates,
  listDefaultHousekeepers,
  listTaskRows,
  markTaskAlerted,
  setDefaultHousekeeper,
  updateTaskRow,
  type TTaskRow,
} from '../../repositories/housekeeping.ts';
import { freezeTaskChecklist, payRateFor } from '../../repositories/housekeeping-extras.ts';
import { countHomes } from '../../repositories/staff.ts';
import type { TStaffScope } from '../../repositories/home-scope.ts';
import { recordActivity, type TActor } from '../activity/activity.ts';
import { queueComposed } from '../email/compose.ts';
import { absoluteUrl } from '../email/outbox.ts';
import { paragraph, rows } from '../email/render.ts';
import type { TMediaStore } from '../media/store.ts';
import { storeImageDataUrl } from '../media/uploads.ts';
import { instantAtHome } from '../messaging/schedule.ts';
import { getSettings } from '../settings/settings.ts';

/** Turnover tasks (docs/staff.md#housekeeping). */

const HOUR_MS = 3_600_000;

/** The calendar day in UTC, which the server's dates use. */
const utcDay = (now: Date) => now.toISOString().slice(0, 10);

/** When the next guests arrive: their check-in day at the home's check-in time, in the home's zone. */
function dueBy(row: TTaskRow): Date | null {
  if (!row.next_check_in) return null;
  return instantAtHome(row.next_check_in, row.check_in_time || DEFAULT_CHECK_IN_TIME, row.time_zone);
}

function isLate(row: TTaskRow, now: Date): boolean {
  const by = dueBy(row);
  return row.status !== 'done' && by !== null && by.getTime() - TASK_ALERT_HOURS * HOUR_MS <= now.getTime();
}

export function toTask(row: TTaskRow, now: Date): TTask {
  const by = dueBy(row);
  return {
    id: row.id,
    property: { id: row.property_id, title: row.title, address: row.location },
    bookingId: row.booking_id,
    dueDate: row.due_date,
    status: row.status,
    assignee:
      row.assignee_id !== null ? { id: row.assignee_id, name: row.assignee_name ?? 'Housekeeper' } : null,
    note: row.note,
    photos: row.photos,
    problem: row.problem,
    startedAt: row.started_at,
    doneAt: row.done_at,
    next:
      row.next_id !== null && row.next_check_in !== null && by
        ? {
            bookingId: row.next_id,
            checkIn: row.next_check_in,
            arrivalTime: row.check_in_time || DEFAULT_CHECK_IN_TIME,
            guests: row.next_guests ?? 0,
            dueBy: by.toISOString(),
          }
        : null,
    late: isLate(row, now),
  };
}

/**
 * Today's and the next days' tasks by due day. A housekeeper sees the tasks of their homes assigned to
 * them or to nobody; the back office sees its homes' tasks, or its own with `mine`.
 */
export async function listTasks(
  em: EntityManager,
  input: z.output<typeof ZTaskListInput>,
  staff: TStaffScope,
  userId: number,
  now = new Date(),
): Promise<TTaskList> {
  const from = input.from ?? utcDay(now);
  const to = input.to ?? addDays(from, TASK_DAYS_DEFAULT - 1);
  const housekeeper = staff.role === 'housekeeper';
  const filter = {
    from,
    to,
    propertyId: input.propertyId,
    status: input.status,
    homes: staff.homes,
    assigneeId: housekeeper || input.mine ? userId : undefined,
    orUnassigned: housekeeper && !input.mine,
  };
  const [items, total] = await Promise.all([
    listTaskRows(em, filter, input.pageSize, (input.page - 1) * input.pageSize),
    countTasks(em, filter),
  ]);
  return { items: items.map((r) => toTask(r, now)), total, page: input.page, pageSize: input.pageSize };
}

/**
 * Starts, finishes (with a note and photos through the media pipeline) or reports a problem on a task;
 * the back office also assigns it. A housekeeper acts only on their own tasks or unassigned ones of their
 * homes, and starting an unassigned one takes it.
 */
export async function updateTask(
  em: EntityManager,
  media: TMediaStore,
  input: z.output<typeof ZTaskUpdateInput>,
  staff: TStaffScope,
  actor: TActor,
  now = new Date(),
): Promise<TTask> {
  const housekeeper = staff.role === 'housekeeper';
  const current = await findTaskRow(em, input.id);
  if (!current || (housekeeper && current.assignee_id !== null && current.assignee_id !== actor.id))
    throw new AppError('NOT_FOUND', TASK_NOT_FOUND);
  if (input.assigneeId !== undefined) {
    if (housekeeper) throw new AppError('FORBIDDEN', TASK_ASSIGN_FORBIDDEN);
    if (input.assigneeId !== null && !(await isHousekeeperOf(em, input.assigneeId, current.property_id)))
      throw new AppError('VALIDATION', TASK_ASSIGNEE_INVALID);
  }
  if (input.status === 'problem' && !(input.problem ?? current.problem))
    throw new AppError('VALIDATION', TASK_PROBLEM_REQUIRED);
  // Stored before the transaction: a file whose row never commits is collected later (docs/decisions.md#media).
  const photos =
    input.photos === undefined
      ? undefined
      : await Promise.all(input.photos.map((p, i) => storeImageDataUrl(media, p, `Photo ${i + 1}`)));
  const patch = {
    ...(input.status !== undefined ? { status: input.status } : {}),
    ...(input.note !== undefined ? { note: input.note || null } : {}),
    ...(input.problem !== undefined ? { problem: input.problem || null } : {}),
    ...(photos !== undefined ? { photos } : {}),
    ...(input.assigneeId !== undefined ? { assigneeId: input.assigneeId } : {}),
    ...(input.status === 'in_progress' && !current.started_at ? { startedAt: now } : {}),
    ...(input.status === 'done' ? { doneAt: now } : input.status ? { doneAt: null } : {}),
    ...(housekeeper && current.assignee_id === null ? { assigneeId: actor.id } : {}),
  };
  const before = {
    status: current.status,
    note: current.note,
    problem: current.problem,
    photos: current.photos,
    assigneeId: current.assignee_id,
  };
  const after = { ...before, ...patch };
  await em.transactional(async (tx) => {
    // Leaving 'to do' gives the task its own copy of the checklist (docs/staff.md#checklists).
    if (input.status !== undefined && input.status !== 'todo') await freezeTaskChecklist(tx, input.id);
    // The pay is fixed when the task is marked done, for whoever it is assigned to then (docs/staff.md#housekeeping-pay).
    const pay =
      input.status === 'done'
        ? after.assigneeId === null
          ? { payUserId: null, payMinor: null }
          : {
              payUserId: after.assigneeId,
              payMinor: await payRateFor(tx, after.assigneeId, current.property_id),
            }
        : input.status !== undefined
          ? { payUserId: null, payMinor: null }
          : {};
    await updateTaskRow(tx, input.id, { ...patch, ...pay });
    await recordActivity(tx, actor, {
      action: 'task.update',
      entityType: 'task',
      entityId: input.id,
      before,
      after: {
        status: after.status,
        note: after.note,
        problem: after.problem,
        photos: after.photos,
        assigneeId: after.assigneeId,
      },
    });
  });
  const row = await findTaskRow(em, input.id);
  if (!row) throw new AppError('NOT_FOUND', TASK_NOT_FOUND);
  return toTask(row, now);
}

/** The homes that have a default housekeeper, within the caller's homes. */
export async function listHousekeeperDefaults(
  em: EntityManager,
  input: { page: number; pageSize: number },
  staff: TStaffScope,
): Promise<THousekeeperDefaults> {
  const { rows, total } = await listDefaultHousekeepers(
    em,
    staff.homes,
    input.pageSize,
    (input.page - 1) * input.pageSize,
  );
  return {
    items: rows.map((r) => ({ propertyId: r.property_id, title: r.title, userId: r.user_id, name: r.name })),
    total,
    page: input.page,
    pageSize: input.pageSize,
  };
}

/** Who gets a home's new turnovers; null: nobody until the operator assigns one. */
export async function setHomeHousekeeper(
  em: EntityManager,
  propertyId: number,
  userId: number | null,
  actor: TActor,
): Promise<{ propertyId: number; userId: number | null }> {
  if ((await countHomes(em, [propertyId])) === 0) throw new AppError('NOT_FOUND', PROPERTY_NOT_FOUND);
  if (userId !== null && !(await isHousekeeperOf(em, userId, propertyId)))
    throw new AppError('VALIDATION', TASK_ASSIGNEE_INVALID);
  await em.transactional(async (tx) => {
    const before = await setDefaultHousekeeper(tx, propertyId, userId);
    await recordActivity(tx, actor, {
      action: 'housekeeper.default',
      entityType: 'property',
      entityId: propertyId,
      before: { defaultHousekeeper: before },
      after: { defaultHousekeeper: userId },
    });
  });
  return { propertyId, userId };
}

/**
 * Tells the operator once of each task not done 2 hours before the home's next check-in, in the same
 * transaction that marks it told (docs/staff.md#late-tasks). `now` is the clock (tests pass their own).
 */
export async function alertLateTasks(em: EntityManager, now = new Date()): Promise<number> {
  const today = utcDay(now);
  // Home zones are at most a day from UTC: the exact instant is checked per task below.
  const candidates = await lateTaskCandidates(em, addDays(today, -1), addDays(today, 1));
  let sent = 0;
  for (const row of candidates) {
    if (!isLate(row, now)) continue;
    const by = dueBy(row);
    const told = await em.transactional(async (tx) => {
      if (!(await markTaskAlerted(tx, row.id, now))) return false;
      const settings = await getSettings(tx);
      await queueComposed(tx, settings, [
        {
          to: settings.notificationEmail,
          subject: `Turnover not done: ${row.title}`,
          template: 'task-late',
          heading: 'A turnover is not done',
          blocks: [
            paragraph(
              `The turnover of ${row.title} is not done, and the next guests arrive in less than ${TASK_ALERT_HOURS} hours.`,
            ),
            rows([
              ['Home', row.title],
              ['Address', row.location],
              ['Next check-in', `${row.next_check_in ?? ''} ${row.check_in_time || DEFAULT_CHECK_IN_TIME}`],
              ['Guests', row.next_guests ?? 0],
              ['Assigned to', row.assignee_name ?? 'Nobody'],
              ['State', row.status],
            ]),
          ],
          action: { label: 'Open the tasks', url: absoluteUrl('/admin/tasks') },
          bookingId: row.next_id ?? undefined,
        },
      ]);
      return true;
    });
    if (told && by) sent += 1;
  }
  return sent;
}
