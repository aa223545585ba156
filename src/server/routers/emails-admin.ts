import { ZAdminEmail, ZAdminEmailList, ZAdminEmailListInput, ZEmailIdInput } from '#shared/schemas/emails.ts';
import { listOutbox, retryEmail } from '../services/email/admin.ts';
import { adminProcedure, router, scopedInput } from '../trpc.ts';
import { rest } from '../route-meta.ts';

/** The admin's view of the email outbox; merged into the `admin` router. */
export const emailsAdminRouter = router({
  emails: adminProcedure
    .meta(
      rest.get('/admin/emails', {
        summary: 'Emails in the outbox, newest first, with their status and rendered HTML (admin)',
        description:
          'The e-mails the site has sent or is sending (confirmations, reminders, replies), each with its recipient, status and rendered HTML; paged.',
      }),
    )
    .concat(scopedInput(ZAdminEmailListInput, 'list'))
    .output(ZAdminEmailList)
    .query(({ ctx, input }) => listOutbox(ctx.em, input, ctx.staff.homes)),

  retryEmail: adminProcedure
    .meta(
      rest.post('/admin/emails/{id}/retry', {
        summary: 'Queue a failed email again, with a fresh round of attempts (admin)',
        description: 'Answers the email, queued; 409 when it is not failed, 404 when there is no such email.',
      }),
    )
    .concat(scopedInput(ZEmailIdInput, { id: 'email' }))
    .output(ZAdminEmail)
    .mutation(({ ctx, input }) => retryEmail(ctx.em, input.id, ctx.actingUser)),
});
