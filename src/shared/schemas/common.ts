import { z } from 'zod';
import { isValidIsoDate } from '../dates.ts';
import { ID_MAX } from '../url-search.ts';

export const ZId = z.coerce
  .number({ error: 'Id must be a number' })
  .int({ error: 'Id must be a whole number' })
  .positive({ error: 'Id must be positive' })
  .max(ID_MAX, { error: 'Id is too large' });

export const ZIdParam = z.object({ id: ZId });

export const ZIsoDate = z
  .string()
  .refine(isValidIsoDate, { error: 'Date must be a calendar date in yyyy-MM-dd format' })
  .meta({ example: '2026-12-01' });

export const ZOk = z.object({ ok: z.literal(true) });
