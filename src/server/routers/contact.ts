import { ZContactMessage, ZContactResult } from '#shared/schemas/contact.ts';
import { sendContactMessage } from '../services/email/contact.ts';
import { publicProcedure, router } from '../trpc.ts';
import { rest } from '../route-meta.ts';

export const contactRouter = router({
  send: publicProcedure
    .meta(
      rest.post('/contact', {
        summary: 'Send the Contact Us form: to the support e-mail, with an auto-reply to the sender',
        description: 'Limited per IP (5 in 15 minutes; over it 429 with Retry-After).',
      }),
    )
    .input(ZContactMessage)
    .output(ZContactResult)
    .mutation(({ ctx, input }) => sendContactMessage(ctx.em, input, ctx.ip)),
});
