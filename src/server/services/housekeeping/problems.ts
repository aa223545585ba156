import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import {
  PROBLEM_ALREADY_RESOLVED,
  PROBLEM_NOT_FOUND,
  PROBLEM_SEVERITY_LABELS,
  type TProblem,
  type TProblemList,
  type ZProblemInput,
  type ZProblemListInput,
  type ZResolveInput,
} from '#shared/schemas/housekeeping.ts';
import { AppError } from '../../errors.ts';
import {
  insertProblem,
  markProblemResolved,
  openProblemRows,
  problemExists,
  problemRows,
  type TProblemRow,
} from '../../repositories/housekeeping-extras.ts';
import type { TStaffScope } from '../../repositories/home-scope.ts';
import { recordActivity, type TActor } from '../activity/activity.ts';
import { queueComposed } from '../email/compose.ts';
import { absoluteUrl } from '../email/outbox.ts';
import { paragraph, quote, rows } from '../email/render.ts';
import type { TMediaStore } from '../media/store.ts';
import { storeImageDataUrl } from '../media/uploads.ts';
import { getSettings } from '../settings/settings.ts';
import { taskFor } from './checklists.ts';

/** Problem reports from a turnover (docs/staff.md#problem-reports). */

export function toProblem(r: TProblemRow): TProblem {
  return {
    id: r.id,
    taskId: r.task_id,
    dueDate: r.due_date,
    property: { id: r.property_id, title: r.title },
    reporter: r.reporter_id !== null ? { id: r.reporter_id, name: r.reporter_name ?? 'Housekeeper' } : null,
    description: r.description,
    severity: r.severity,
    photo: r.photo,
    createdAt: r.created_at,
    resolvedAt: r.resolved_at,
    resolvedBy: r.resolved_by,
    resolutionNote: r.resolution_note,
  };
}

export async function problemsOfTask(em: EntityManager, taskId: number): Promise<TProblem[]> {
  return (await problemRows(em, { taskId })).map(toProblem);
}

/**
 * Files a problem on a task the caller may see, and e-mails the operator's notification address in the
 * same transaction (the outbox), so a report that is kept always gets its e-mail. The photo goes through
 * the media pipeline before the transaction (a file whose row never commits is collected later).
 */
export async function reportProblem(
  em: EntityManager,
  media: TMediaStore,
  input: z.output<typeof ZProblemInput>,
  staff: TStaffScope,
  actor: TActor,
): Promise<TProblem> {
  const task = await taskFor(em, input.id, staff, actor.id);
  const photo = input.photo ? await storeImageDataUrl(media, input.photo, 'Photo') : null;
  const id = await em.transactional(async (tx) => {
    const problemId = await insertProblem(tx, {
      taskId: task.id,
      propertyId: task.property_id,
      reporterId: actor.id,
      description: input.description,
      severity: input.severity,
      photo,
    });
    await recordActivity(tx, actor, {
      action: 'problem.report',
      entityType: 'task',
      entityId: task.id,
      after: { problem: input.description, severity: input.severity, photo },
    });
    const settings = await getSettings(tx);
    const reporter = actor.name || actor.username;
    await queueComposed(tx, settings, [
      {
        to: settings.notificationEmail,
        subject: `Problem reported at ${task.title}`,
        template: 'task-problem',
        heading: 'A housekeeper reported a problem',
        blocks: [
          paragraph(`${reporter} reported a problem during the turnover of ${task.title}.`),
          quote(input.description),
          rows([
            ['Home', task.title],
            ['Address', task.location],
            ['Turnover', task.due_date],
            ['Severity', PROBLEM_SEVERITY_LABELS[input.severity]],
            ['Reported by', reporter],
            ['Photo', photo ? absoluteUrl(photo) : 'None'],
          ]),
        ],
        action: { label: 'Open the dashboard', url: absoluteUrl('/admin') },
        bookingId: task.booking_id,
      },
    ]);
    return problemId;
  });
  const [row] = await problemRows(em, { ids: [id] });
  if (!row) throw new AppError('NOT_FOUND', PROBLEM_NOT_FOUND);
  return toProblem(row);
}

export async function listOpenProblems(
  em: EntityManager,
  input: z.output<typeof ZProblemListInput>,
  staff: TStaffScope,
): Promise<TProblemList> {
  const { rows: list, total } = await openProblemRows(
    em,
    staff.homes,
    input.pageSize,
    (input.page - 1) * input.pageSize,
  );
  return { items: list.map(toProblem), total, page: input.page, pageSize: input.pageSize };
}

/** Closes an open problem with an optional note; a resolved one answers 409, an unknown one 404. */
export async function resolveProblem(
  em: EntityManager,
  input: z.output<typeof ZResolveInput>,
  actor: TActor,
  now = new Date(),
): Promise<TProblem> {
  const existing = await problemExists(em, input.id);
  if (!existing) throw new AppError('NOT_FOUND', PROBLEM_NOT_FOUND);
  const note = input.note || null;
  await em.transactional(async (tx) => {
    if (!(await markProblemResolved(tx, input.id, actor.id, note, now)))
      throw new AppError('CONFLICT', PROBLEM_ALREADY_RESOLVED);
    await recordActivity(tx, actor, {
      action: 'problem.resolve',
      entityType: 'task',
      entityId: existing.task_id,
      before: { problemResolved: false },
      after: { problemResolved: true, resolutionNote: note },
    });
  });
  const [row] = await problemRows(em, { ids: [input.id] });
  if (!row) throw new AppError('NOT_FOUND', PROBLEM_NOT_FOUND);
  return toProblem(row);
}
