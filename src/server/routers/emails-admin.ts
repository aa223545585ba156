import { ZAdminEmailList, ZAdminEmailListInput } from '../../shared/schemas/emails.ts';
import { listOutbox } from '../services/email/admin.ts';
import { adminProcedure, router } from '../trpc.ts';

/** The admin's view of the email outbox; merged into the `admin` router. */
export const emailsAdminRouter = router({
  emails: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/emails',
        tags: ['admin'],
        summary: 'Emails in the outbox, newest first, with their status and rendered HTML (admin)',
      },
    })
    .input(ZAdminEmailListInput)
    .output(ZAdminEmailList)
    .query(({ ctx, input }) => listOutbox(ctx.em, input)),
});
