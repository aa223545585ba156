import { z } from 'zod';

import { ACTIVITY_ENTITY_TYPES } from '../constants.ts';
import { zLine, zPageNumber, zPageSize } from './common.ts';

export { ACTIVITY_ENTITY_TYPES, type TActivityEntityType } from '../constants.ts';

export const ZActivityChanges = z.record(
  z.string(),
  z.object({ before: z.unknown().optional(), after: z.unknown().optional() }),
);
export type TActivityChanges = z.infer<typeof ZActivityChanges>;

export const ZActivity = z.object({
  id: z.number().int(),
  actorId: z.number().int().nullable(),
  actorName: z.string(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string(),
  changes: ZActivityChanges,
  createdAt: z.string(),
});
export type TActivity = z.infer<typeof ZActivity>;

export const ACTIVITY_PAGE_SIZE = 50;

export const ZActivityListInput = z
  .object({
    page: zPageNumber(),
    pageSize: zPageSize(200, ACTIVITY_PAGE_SIZE),
    entityType: z.enum(ACTIVITY_ENTITY_TYPES, { error: 'Unknown entity type' }).optional(),
    entityId: zLine('Entity id').trim().max(40, { error: 'Entity id is too long' }).optional(),
  })
  .prefault({});
export type TActivityListInput = z.input<typeof ZActivityListInput>;

export const ZActivityList = z.object({
  items: z.array(ZActivity),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TActivityList = z.infer<typeof ZActivityList>;
