import { z } from 'zod';
import { ZId, ZIsoDate, zLine, zPageNumber, zPageSize, zText, zBool } from './common.ts';
import { TASK_STATUSES } from './staff-role.ts';

export { TASK_STATUSES, type TTaskStatus } from './staff-role.ts';

/** Turnover tasks (docs/staff.md#housekeeping). */

export { TASK_STATUS_LABELS } from './task-labels.ts';

/** A task late this close to the next check-in alerts the operator (docs/staff.md#late-tasks). */
export const TASK_ALERT_HOURS = 2;
/** When a home's guide names no check-in time. */
export { DEFAULT_CHECK_IN_TIME } from '../trip.ts';
export const TASK_PHOTOS_MAX = 6;
export const TASK_DAYS_DEFAULT = 7;

const ZTaskStatus = z.enum(TASK_STATUSES, { error: 'Status must be todo, in_progress, done or problem' });

export const ZTaskListInput = z
  .object({
    from: ZIsoDate.optional().meta({ description: 'First due day (default today)' }),
    to: ZIsoDate.optional().meta({ description: 'Last due day (default 6 days after from)' }),
    propertyId: ZId.optional(),
    status: ZTaskStatus.optional(),
    mine: zBool('mine must be true or false').optional().meta({ description: 'Only tasks assigned to me' }),
    page: zPageNumber(),
    pageSize: zPageSize(100, 50),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, {
    error: 'The start date must be on or before the end date',
    path: ['to'],
  })
  .prefault({});
export type TTaskListInput = z.input<typeof ZTaskListInput>;

export const ZTask = z.object({
  id: z.number().int(),
  property: z.object({ id: z.number().int(), title: z.string(), address: z.string() }),
  bookingId: z.number().int(),
  dueDate: z.string().meta({ description: 'The check-out day' }),
  status: ZTaskStatus,
  assignee: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  note: z.string().nullable(),
  photos: z.array(z.string()),
  problem: z.string().nullable(),
  startedAt: z.string().nullable(),
  doneAt: z.string().nullable(),
  next: z
    .object({
      bookingId: z.number().int(),
      checkIn: z.string(),
      arrivalTime: z.string().meta({ description: "The home's check-in time (HH:mm, home time)" }),
      guests: z.number().int(),
      dueBy: z.string().meta({ description: 'The next check-in as an instant' }),
    })
    .nullable()
    .meta({ description: 'The next stay in the home, which the turnover must be ready for' }),
  late: z
    .boolean()
    .meta({ description: 'Not done, and the next check-in is less than 2 hours away or past' }),
});
export type TTask = z.infer<typeof ZTask>;

export const ZTaskList = z.object({
  items: z.array(ZTask),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TTaskList = z.infer<typeof ZTaskList>;

const ZPhoto = zLine('Photo').max(8 * 1024 * 1024, { error: 'Photo is too large' });

export const ZTaskUpdateInput = z.object({
  id: ZId,
  status: ZTaskStatus.optional(),
  note: zText('Note')
    .trim()
    .max(2000, { error: 'A note must be at most 2000 characters' })
    .nullable()
    .optional(),
  problem: zText('Problem')
    .trim()
    .max(2000, { error: 'A problem must be at most 2000 characters' })
    .nullable()
    .optional(),
  photos: z
    .array(ZPhoto, { error: 'Photos must be a list' })
    .max(TASK_PHOTOS_MAX, { error: `At most ${TASK_PHOTOS_MAX} photos` })
    .optional()
    .meta({ description: 'The photos to keep: their /media/ URLs, and new ones as data URLs' }),
  assigneeId: ZId.nullable().optional().meta({ description: 'Who does it (back office only); null: nobody' }),
});
export type TTaskUpdateInput = z.input<typeof ZTaskUpdateInput>;

export const TASK_PROBLEM_REQUIRED = 'Describe the problem';
export const TASK_NOT_FOUND = 'Task not found';
export const TASK_ASSIGNEE_INVALID = 'Choose a housekeeper of this home';
export const TASK_ASSIGN_FORBIDDEN = 'Only the back office assigns tasks';

export const ZHomeHousekeeperInput = z.object({
  id: ZId,
  userId: ZId.nullable().meta({ description: "The home's default housekeeper; null: none" }),
});
export const ZHomeHousekeeper = z.object({
  propertyId: z.number().int(),
  userId: z.number().int().nullable(),
});

export const ZHousekeeperDefaultsInput = z
  .object({ page: zPageNumber(), pageSize: zPageSize(100, 50) })
  .prefault({});

/** The homes that have a default housekeeper, by title. */
export const ZHousekeeperDefaults = z.object({
  items: z.array(
    z.object({
      propertyId: z.number().int(),
      title: z.string(),
      userId: z.number().int(),
      name: z.string(),
    }),
  ),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type THousekeeperDefaults = z.infer<typeof ZHousekeeperDefaults>;
