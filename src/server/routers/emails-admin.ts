import { ZAdminEmail, ZAdminEmailList, ZAdminEmailListInput, ZEmailIdInput } from '#shared/schemas/emails.ts';
import { listOutbox, retryEmail } from '../services/email/admin.ts';
import { adminProcedure, router, scopedInput } from '../trpc.ts';
import { rest } from '../route-meta.ts';

/** The REST route of each procedure below: its method, path and the words of the OpenAPI document. */
const routes = {
  emails: rest.get(
    '/admin/emails',
    'Emails in the outbox, newest first, with their status and rendered HTML (admin)',
    'The e-mails the site has sent or is sending (confirmations, reminders, replies), each with its recipient, status and rendered HTML; paged.',
  ),
  retryEmail: rest.post(
    '/admin/emails/{id}/retry',
    'Queue a failed email again, with a fresh round of attempts (admin)',
    'Answers the email, queued; 409 when it is not failed, 404 when there is no such email.',
  ),
};

/** The admin's view of the email outbox; merged into the `admin` router. */
export const emailsAdminRouter = router({
  emails: adminProcedure
    .meta(routes.emails)
    .concat(scopedInput(ZAdminEmailListInput, 'list'))
    .output(ZAdminEmailList)
    .query(({ ctx, input }) => listOutbox(ctx.em, input, ctx.staff.homes)),

  retryEmail: adminProcedure
    .meta(routes.retryEmail)
    .concat(scopedInput(ZEmailIdInput, { id: 'email' }))
    .output(ZAdminEmail)
    .mutation(({ ctx, input }) => retryEmail(ctx.em, input.id, ctx.actingUser)),
});
