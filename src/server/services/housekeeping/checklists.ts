import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import { PROPERTY_NOT_FOUND } from '#shared/messages.ts';
import {
  CHECKLIST_ITEM_NOT_FOUND,
  type TChecklist,
  type TChecklistRoom,
  type TTaskDetail,
  type TTaskChecklist,
  type ZChecklistInput,
  type ZTickInput,
} from '#shared/schemas/housekeeping.ts';
import { TASK_NOT_FOUND } from '#shared/schemas/tasks.ts';
import { AppError } from '../../errors.ts';
import {
  freezeTaskChecklist,
  homeChecklistRooms,
  saveHomeChecklist,
  setTick,
  taskChecklistState,
} from '../../repositories/housekeeping-extras.ts';
import { findTaskRow, updateTaskRow, type TTaskRow } from '../../repositories/housekeeping.ts';
import type { TStaffScope } from '../../repositories/home-scope.ts';
import { countHomes } from '../../repositories/staff.ts';
import { recordActivity, type TActor } from '../activity/activity.ts';
import { problemsOfTask } from './problems.ts';
import { toTask } from './tasks.ts';

/** A home's turnover checklist and each task's ticks (docs/staff.md#checklists). */

/** A new room's or item's key: random, so two edits never hand out the same one. */
const newKey = () => BigInt(`0x${randomBytes(6).toString('hex')}`).toString(36);

export async function getChecklist(em: EntityManager, propertyId: number): Promise<TChecklist> {
  if ((await countHomes(em, [propertyId])) === 0) throw new AppError('NOT_FOUND', PROPERTY_NOT_FOUND);
  return { propertyId, rooms: await homeChecklistRooms(em, propertyId) };
}

/**
 * Replaces a home's checklist: rooms and items in the order given, the ones sent with a key keep it (a
 * renamed item is still the same item), new ones get a key. Tasks that have started keep their own copy.
 */
export async function setChecklist(
  em: EntityManager,
  input: z.output<typeof ZChecklistInput>,
  actor: TActor,
): Promise<TChecklist> {
  if ((await countHomes(em, [input.id])) === 0) throw new AppError('NOT_FOUND', PROPERTY_NOT_FOUND);
  const rooms: TChecklistRoom[] = input.rooms.map((r) => ({
    key: r.key ?? newKey(),
    name: r.name,
    items: r.items.map((i) => ({ key: i.key ?? newKey(), label: i.label })),
  }));
  await em.transactional(async (tx) => {
    const before = await homeChecklistRooms(tx, input.id);
    await saveHomeChecklist(tx, input.id, rooms);
    await recordActivity(tx, actor, {
      action: 'checklist.update',
      entityType: 'property',
      entityId: input.id,
      before: { checklist: summary(before) },
      after: { checklist: summary(rooms) },
    });
  });
  return { propertyId: input.id, rooms };
}

/** The activity log's view of a checklist: each room with its items, as text. */
const summary = (rooms: TChecklistRoom[]) =>
  rooms.map((r) => `${r.name}: ${r.items.map((i) => i.label).join(', ')}`);

/**
 * The task as the caller may see it: a housekeeper only their own or an unassigned one of their homes
 * (the staff guard has already held the task to the caller's homes); anything else is not found.
 */
export async function taskFor(
  em: EntityManager,
  id: number,
  staff: TStaffScope,
  actorId: number,
): Promise<TTaskRow> {
  const row = await findTaskRow(em, id);
  if (!row || (staff.role === 'housekeeper' && row.assignee_id !== null && row.assignee_id !== actorId))
    throw new AppError('NOT_FOUND', TASK_NOT_FOUND);
  return row;
}

/** The task page: the task, its checklist and its problem reports. */
export async function taskDetail(
  em: EntityManager,
  id: number,
  staff: TStaffScope,
  actorId: number,
  now = new Date(),
): Promise<TTaskDetail> {
  const row = await taskFor(em, id, staff, actorId);
  const [checklist, problems] = await Promise.all([taskChecklist(em, id), problemsOfTask(em, id)]);
  return { ...toTask(row, now), checklist, problems };
}

/** A task's checklist with its ticks: its own copy once started, the home's current one before. */
export async function taskChecklist(em: EntityManager, taskId: number): Promise<TTaskChecklist> {
  const state = await taskChecklistState(em, taskId);
  if (!state) throw new AppError('NOT_FOUND', TASK_NOT_FOUND);
  const rooms = state.checklist ?? (await homeChecklistRooms(em, state.propertyId));
  const ticked = new Set(state.ticked);
  const out = rooms.map((r) => ({
    key: r.key,
    name: r.name,
    items: r.items.map((i) => ({ key: i.key, label: i.label, done: ticked.has(i.key) })),
  }));
  const items = out.flatMap((r) => r.items);
  return {
    frozen: state.checklist !== null,
    rooms: out,
    done: items.filter((i) => i.done).length,
    total: items.length,
  };
}

/**
 * Ticks or unticks one item, saved at once. The first tick copies the checklist onto the task and starts
 * it (an unassigned task becomes the housekeeper's, as starting it does).
 */
export async function tickItem(
  em: EntityManager,
  input: z.output<typeof ZTickInput>,
  staff: TStaffScope,
  actor: TActor,
  now = new Date(),
): Promise<TTaskChecklist> {
  const task = await taskFor(em, input.id, staff, actor.id);
  await em.transactional(async (tx) => {
    await freezeTaskChecklist(tx, input.id);
    const state = await taskChecklistState(tx, input.id);
    const item = state?.checklist?.flatMap((r) => r.items).find((i) => i.key === input.key);
    if (!item) throw new AppError('NOT_FOUND', CHECKLIST_ITEM_NOT_FOUND);
    const changed = await setTick(tx, input.id, input.key, input.done, actor.id);
    if (task.status === 'todo')
      await updateTaskRow(tx, input.id, {
        status: 'in_progress',
        ...(task.started_at ? {} : { startedAt: now }),
        ...(staff.role === 'housekeeper' && task.assignee_id === null ? { assigneeId: actor.id } : {}),
      });
    if (changed)
      await recordActivity(tx, actor, {
        action: 'task.tick',
        entityType: 'task',
        entityId: input.id,
        before: { [item.label]: !input.done },
        after: { [item.label]: input.done },
      });
  });
  return taskChecklist(em, input.id);
}
