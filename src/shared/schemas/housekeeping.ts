import { z } from 'zod';
import { PROBLEM_SEVERITIES } from './task-labels.ts';
import { ZTask } from './tasks.ts';
import { ZId, ZMoney, zLine, zMessageText, zMoneyIn, zPageNumber, zPageSize, zText } from './common.ts';

/**
 * A home's turnover checklist, the housekeepers' problem reports and their pay (docs/staff.md#checklists,
 * #problem-reports, #housekeeping-pay).
 */

export const CHECKLIST_ROOMS_MAX = 20;
export const CHECKLIST_ITEMS_PER_ROOM_MAX = 40;
export const CHECKLIST_ITEMS_MAX = 200;
export const CHECKLIST_ROOM_NAME_MAX = 60;
export const CHECKLIST_ITEM_LABEL_MAX = 160;

/** An item's or room's key: given by the server, kept across edits, so ticks and edits name the same item. */
const ZChecklistKey = zLine('Key').regex(/^[a-z0-9]{1,16}$/, {
  error: 'Key must be 1 to 16 letters or digits',
});

const zName = (label: string, max: number) =>
  zLine(label)
    .trim()
    .min(1, { error: `${label} cannot be empty` })
    .max(max, { error: `${label} must be at most ${max} characters` });

const ZChecklistItemInput = z.object({
  key: ZChecklistKey.optional().meta({ description: "An existing item's key; left out for a new item" }),
  label: zName('Item', CHECKLIST_ITEM_LABEL_MAX),
});

const ZChecklistRoomInput = z.object({
  key: ZChecklistKey.optional().meta({ description: "An existing room's key; left out for a new room" }),
  name: zName('Room', CHECKLIST_ROOM_NAME_MAX),
  items: z.array(ZChecklistItemInput, { error: 'Items must be a list' }).max(CHECKLIST_ITEMS_PER_ROOM_MAX, {
    error: `A room can have at most ${CHECKLIST_ITEMS_PER_ROOM_MAX} items`,
  }),
});

/** The rooms in order, each with its items in order; what is left out is removed. */
export const ZChecklistRooms = z
  .array(ZChecklistRoomInput, { error: 'Rooms must be a list' })
  .max(CHECKLIST_ROOMS_MAX, { error: `A checklist can have at most ${CHECKLIST_ROOMS_MAX} rooms` })
  .refine((rooms) => rooms.reduce((n, r) => n + r.items.length, 0) <= CHECKLIST_ITEMS_MAX, {
    error: `A checklist can have at most ${CHECKLIST_ITEMS_MAX} items`,
  })
  .refine(
    (rooms) => {
      const keys = rooms.flatMap((r) => [r.key, ...r.items.map((i) => i.key)]).filter((k) => k !== undefined);
      return new Set(keys).size === keys.length;
    },
    { error: 'Each room and item key can appear only once' },
  );
export type TChecklistRoomsInput = z.input<typeof ZChecklistRooms>;

export const ZChecklistInput = z.object({ id: ZId, rooms: ZChecklistRooms });

export const ZChecklistItem = z.object({ key: z.string(), label: z.string() });
export const ZChecklistRoom = z.object({ key: z.string(), name: z.string(), items: z.array(ZChecklistItem) });
export type TChecklistRoom = z.infer<typeof ZChecklistRoom>;

export const ZChecklist = z.object({
  propertyId: z.number().int(),
  rooms: z.array(ZChecklistRoom),
});
export type TChecklist = z.infer<typeof ZChecklist>;

/** A task's checklist: the home's current one until the task starts, then the copy it started with. */
export const ZTaskChecklist = z.object({
  frozen: z.boolean().meta({
    description:
      "Whether the task keeps its own copy (from when it started) or still follows the home's checklist",
  }),
  rooms: z.array(
    z.object({
      key: z.string(),
      name: z.string(),
      items: z.array(z.object({ key: z.string(), label: z.string(), done: z.boolean() })),
    }),
  ),
  done: z.number().int(),
  total: z.number().int(),
});
export type TTaskChecklist = z.infer<typeof ZTaskChecklist>;

export const ZTickInput = z.object({
  id: ZId,
  key: ZChecklistKey,
  done: z.boolean({ error: 'done must be true or false' }),
});

export const CHECKLIST_ITEM_NOT_FOUND = 'Checklist item not found';

/** Problem reports. */

export { PROBLEM_SEVERITY_LABELS, PROBLEM_SEVERITIES, type TProblemSeverity } from './task-labels.ts';
export const PROBLEM_DESCRIPTION_MAX = 2000;
export const PROBLEM_NOT_FOUND = 'Problem not found';
export const PROBLEM_ALREADY_RESOLVED = 'This problem is already resolved';

export const ZProblemInput = z.object({
  id: ZId.meta({ description: 'The task' }),
  description: zMessageText('Description', PROBLEM_DESCRIPTION_MAX),
  severity: z.enum(PROBLEM_SEVERITIES, { error: 'Severity must be low, medium or high' }),
  photo: zLine('Photo')
    .max(8 * 1024 * 1024, { error: 'Photo is too large' })
    .optional()
    .meta({ description: 'One photo as a data URL; stored through the media pipeline' }),
});
export type TProblemInput = z.input<typeof ZProblemInput>;

export const ZProblem = z.object({
  id: z.number().int(),
  taskId: z.number().int(),
  dueDate: z.string().meta({ description: "The task's due day" }),
  property: z.object({ id: z.number().int(), title: z.string() }),
  reporter: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  description: z.string(),
  severity: z.enum(PROBLEM_SEVERITIES),
  photo: z.string().nullable(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
  resolvedBy: z.string().nullable(),
  resolutionNote: z.string().nullable(),
});
export type TProblem = z.infer<typeof ZProblem>;

export const ZProblemListInput = z.object({ page: zPageNumber(), pageSize: zPageSize(100, 20) }).prefault({});
export const ZProblemList = z.object({
  items: z.array(ZProblem),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TProblemList = z.infer<typeof ZProblemList>;

export const ZResolveInput = z.object({
  id: ZId,
  note: zText('Note').trim().max(1000, { error: 'A note must be at most 1000 characters' }).optional(),
});

/** The task page: the task, its checklist and its problem reports. */
export const ZTaskDetail = ZTask.extend({
  checklist: ZTaskChecklist,
  problems: z.array(ZProblem),
});
export type TTaskDetail = z.infer<typeof ZTaskDetail>;

/** Housekeepers' pay. */

export const PAY_RATE_MAX = 10_000;
export const PAY_OVERRIDES_MAX = 500;

const zRate = (label: string) =>
  zMoneyIn(
    label,
    z
      .number({ error: `${label} must be a number` })
      .min(0, { error: `${label} cannot be negative` })
      .max(PAY_RATE_MAX, { error: `${label} must be at most ${PAY_RATE_MAX}` }),
  );

export const ZPayRatesInput = z.object({
  id: ZId.meta({ description: 'The housekeeper' }),
  defaultRate: zRate('Rate per task').nullable().meta({ description: 'Pay per completed task; null: none' }),
  overrides: z
    .array(z.object({ propertyId: ZId, rate: zRate('Rate for this home') }), {
      error: 'Overrides must be a list',
    })
    .max(PAY_OVERRIDES_MAX, { error: `At most ${PAY_OVERRIDES_MAX} homes` })
    .refine((list) => new Set(list.map((o) => o.propertyId)).size === list.length, {
      error: 'Each home can have only one rate',
    }),
});
export type TPayRatesInput = z.input<typeof ZPayRatesInput>;

export const ZPayRates = z.object({
  userId: z.number().int(),
  defaultRate: ZMoney.nullable(),
  overrides: z.array(z.object({ propertyId: z.number().int(), title: z.string(), rate: ZMoney })),
});
export type TPayRates = z.output<typeof ZPayRates>;

export const PAY_RATE_NOT_HOUSEKEEPER = 'Pay rates are for housekeepers';
export const PAY_RATE_HOME_INVALID = 'A rate can be set only for a home of this housekeeper';
