import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import type { ZAdminEmailList, ZAdminEmailListInput } from '../../../shared/schemas/emails.ts';
import { countEmails, listEmails } from '../../repositories/emails.ts';

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
