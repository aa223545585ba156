import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import { EMAIL_NOT_FOUND, EMAIL_NOT_RETRYABLE } from '../../../shared/messages.ts';
import type { TAdminEmail, ZAdminEmailList, ZAdminEmailListInput } from '../../../shared/schemas/emails.ts';
import { AppError } from '../../errors.ts';
import { countEmails, findEmail, listEmails } from '../../repositories/emails.ts';
import { requeueFailedEmail } from './outbox.ts';

export async function listOutbox(
  em: EntityManager,
  input: z.output<typeof ZAdminEmailListInput>,
): Promise<z.infer<typeof ZAdminEmailList>> {
  const [items, total] = await Promise.all([
    listEmails(em, input.pageSize, (input.page - 1) * input.pageSize),
    countEmails(em),
  ]);
  return { items, total, page: input.page, pageSize: input.pageSize };
}

/** The admin's Retry on a failed email: queued again with a fresh round of attempts. */
export async function retryEmail(em: EntityManager, id: number): Promise<TAdminEmail> {
  if (!(await requeueFailedEmail(em, id))) {
    const email = await findEmail(em, id);
    if (!email) throw new AppError('NOT_FOUND', EMAIL_NOT_FOUND);
    throw new AppError('CONFLICT', EMAIL_NOT_RETRYABLE);
  }
  const email = await findEmail(em, id);
  if (!email) throw new AppError('NOT_FOUND', EMAIL_NOT_FOUND);
  return email;
}
