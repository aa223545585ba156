import type { THomeScope } from '../../repositories/home-scope.ts';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import { EMAIL_NOT_FOUND, EMAIL_NOT_RETRYABLE } from '#shared/messages.ts';
import type { TAdminEmail, ZAdminEmailList, ZAdminEmailListInput } from '#shared/schemas/emails.ts';
import { AppError } from '../../errors.ts';
import { countEmails, findEmail, listEmails, type TAdminEmailRecord } from '../../repositories/emails.ts';
import { renderStored, requeueFailedEmail } from './outbox.ts';
import { recordActivity, type TActor } from '../activity/activity.ts';
import { redactSecrets } from './redact.ts';
import { esc } from './render.ts';

/**
 * The preview shows the HTML an email was sent with; one not sent yet (stored unrendered, see
 * queueEmails) is rendered here from its source, the same way the worker will render it. Its secret
 * links are redacted: only the recipient's copy carries them.
 */
async function withPreview({ source, ...email }: TAdminEmailRecord): Promise<TAdminEmail> {
  try {
    return { ...email, html: redactSecrets(await renderStored({ html: email.html, source })) };
  } catch (err) {
    // One unrenderable email must not take the whole list down: its preview says why instead.
    return { ...email, html: `<p>This email could not be rendered: ${esc(String(err))}</p>` };
  }
}

export async function listOutbox(
  em: EntityManager,
  input: z.output<typeof ZAdminEmailListInput>,
  homes: THomeScope = null,
): Promise<z.infer<typeof ZAdminEmailList>> {
  const [records, total] = await Promise.all([
    listEmails(em, input.pageSize, (input.page - 1) * input.pageSize, homes),
    countEmails(em, homes),
  ]);
  return {
    items: await Promise.all(records.map(withPreview)),
    total,
    page: input.page,
    pageSize: input.pageSize,
  };
}

/** The admin's Retry on a failed email: queued again with a fresh round of attempts, and recorded. */
export async function retryEmail(em: EntityManager, id: number, actor: TActor | null): Promise<TAdminEmail> {
  const queued = await em.transactional(async (tx) => {
    if (!(await requeueFailedEmail(tx, id))) return false;
    await recordActivity(tx, actor, {
      action: 'email.retry',
      entityType: 'email',
      entityId: id,
      before: { status: 'failed' },
      after: { status: 'queued' },
    });
    return true;
  });
  if (!queued) {
    const email = await findEmail(em, id);
    if (!email) throw new AppError('NOT_FOUND', EMAIL_NOT_FOUND);
    throw new AppError('CONFLICT', EMAIL_NOT_RETRYABLE);
  }
  const email = await findEmail(em, id);
  if (!email) throw new AppError('NOT_FOUND', EMAIL_NOT_FOUND);
  return withPreview(email);
}
