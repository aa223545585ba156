import { z } from 'zod';
import { ZId } from './common.ts';
import { ZManageToken } from './manage.ts';

/** An issued document's number as a path names it (`INV-2027-000123`, `CN-2027-000004`); anything else is not found. */
const ZDocumentNumber = z
  .string({ error: 'Document number is required' })
  .min(1, { error: 'Document number is required' })
  .max(40, { error: 'Document number is too long' });

/** One document of a booking, by the booking's id (admin). */
export const ZDocumentParam = z.object({ id: ZId, number: ZDocumentNumber });

/** One document of a booking, by its manage link. */
export const ZManageDocumentParam = z.object({ token: ZManageToken, number: ZDocumentNumber });
