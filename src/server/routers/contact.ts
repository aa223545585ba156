import { ZContactMessage, ZContactResult } from '#shared/schemas/contact.ts';
import { sendContactMessage } from '../services/email/contact.ts';
import { publicProcedure, router } from '../trpc.ts';
import { routes } from './contact.rest.ts';

export const contactRouter = router({
  send: publicProcedure
    .meta(routes.send)
    .input(ZContactMessage)
    .output(ZContactResult)
    .mutation(({ ctx, input }) => sendContactMessage(ctx.em, input, ctx.ip)),
});
