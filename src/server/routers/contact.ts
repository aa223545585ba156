import { ZContactMessage, ZContactResult } from '#shared/schemas/contact.ts';
import { sendContactMessage } from '../services/email/contact.ts';
import { publicProcedure, router } from '../trpc.ts';
import { rest } from '../route-meta.ts';

/** The REST route of each procedure below: its method, path and the words of the OpenAPI document. */
const routes = {
  send: rest.post(
    '/contact',
    'Send the Contact Us form: to the support e-mail, with an auto-reply to the sender',
    'Limited per IP (5 in 15 minutes; over it 429 with Retry-After).',
  ),
};

export const contactRouter = router({
  send: publicProcedure
    .meta(routes.send)
    .input(ZContactMessage)
    .output(ZContactResult)
    .mutation(({ ctx, input }) => sendContactMessage(ctx.em, input, ctx.ip)),
});
