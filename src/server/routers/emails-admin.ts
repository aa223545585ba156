import { ZAdminEmail, ZAdminEmailList, ZAdminEmailListInput, ZEmailIdInput } from '#shared/schemas/emails.ts';
import { listOutbox, retryEmail } from '../services/email/admin.ts';
import { adminProcedure, router, scopedInput } from '../trpc.ts';
import { routes } from './emails-admin.rest.ts';

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
