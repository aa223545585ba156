import {
  ZAdminPostInput,
  ZAdminThread,
  ZAdminThreadInput,
  ZBookingThreadInput,
  ZGuestThread,
  ZInquiryInput,
  ZInquiryResult,
  ZInquiryMessagesInput,
  ZInquiryPostInput,
  ZManageMessagesInput,
  ZManagePostInput,
  ZMineMessagesInput,
  ZMinePostInput,
  ZPostedMessage,
  ZThreadRef,
} from '../../shared/schemas/messaging.ts';
import {
  adminPost,
  adminThread,
  bookingThreadId,
  inquiryPost,
  inquiryThread,
  managePost,
  manageThread,
  minePost,
  mineThread,
} from '../services/messaging/threads.ts';
import { createInquiry } from '../services/messaging/inquiries.ts';
import { adminProcedure, authedProcedure, publicProcedure, router } from '../trpc.ts';

/** Guest messaging (docs/messaging.md): a thread per booking or inquiry, for its guest and the operator. */
export const messagingRouter = router({
  manageMessages: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/bookings/manage/{token}/messages',
        tags: ['messages'],
        summary:
          "The booking's conversation by its manage link (newest 50, `before` for older; 404 for an unknown token)",
      },
    })
    .input(ZManageMessagesInput)
    .output(ZGuestThread)
    .query(({ ctx, input }) => manageThread(ctx.em, input.token, input.before)),

  managePost: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/bookings/manage/{token}/messages',
        tags: ['messages'],
        summary: 'Write to the operator about the booking, by its manage link (the operator is e-mailed)',
      },
    })
    .input(ZManagePostInput)
    .output(ZPostedMessage)
    .mutation(({ ctx, input }) => managePost(ctx.em, input.token, input.body)),

  mineMessages: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/bookings/mine/{id}/messages',
        tags: ['messages'],
        summary: "The conversation of one of the signed-in user's bookings",
      },
    })
    .input(ZMineMessagesInput)
    .output(ZGuestThread)
    .query(({ ctx, input }) => mineThread(ctx.em, ctx.actingUser, input.id, input.before)),

  minePost: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/bookings/mine/{id}/messages',
        tags: ['messages'],
        summary: "Write to the operator about one of the signed-in user's bookings",
      },
    })
    .input(ZMinePostInput)
    .output(ZPostedMessage)
    .mutation(({ ctx, input }) => minePost(ctx.em, ctx.actingUser, input.id, input.body)),

  inquire: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/properties/{id}/inquiries',
        tags: ['messages'],
        summary: 'Ask the host a question before booking; the private link to the conversation is e-mailed',
        description:
          'Limited per client address (5 an hour) and per e-mail (3 an hour); over it 429 with Retry-After.',
      },
    })
    .input(ZInquiryInput)
    .output(ZInquiryResult)
    .mutation(({ ctx, input: { id, ...rest } }) =>
      createInquiry(ctx.em, { propertyId: id, ...rest }, ctx.ip),
    ),

  inquiryMessages: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/inquiries/{token}/messages',
        tags: ['messages'],
        summary: "A question's conversation by its private link (404 for an unknown token)",
      },
    })
    .input(ZInquiryMessagesInput)
    .output(ZGuestThread)
    .query(({ ctx, input }) => inquiryThread(ctx.em, input.token, input.before)),

  inquiryPost: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/inquiries/{token}/messages',
        tags: ['messages'],
        summary: "Continue a question's conversation by its private link",
      },
    })
    .input(ZInquiryPostInput)
    .output(ZPostedMessage)
    .mutation(({ ctx, input }) => inquiryPost(ctx.em, input.token, input.body)),

  thread: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/conversations/{id}/messages',
        tags: ['messages'],
        summary: "A conversation with its booking's summary; the guest's messages are read from now on",
      },
    })
    .input(ZAdminThreadInput)
    .output(ZAdminThread)
    .query(({ ctx, input }) => adminThread(ctx.em, input.id, input.before)),

  reply: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/conversations/{id}/messages',
        tags: ['messages'],
        summary: 'Answer a guest (the guest is e-mailed a link to the conversation)',
      },
    })
    .input(ZAdminPostInput)
    .output(ZPostedMessage)
    .mutation(({ ctx, input }) => adminPost(ctx.em, ctx.actingUser, input.id, input.body)),

  bookingThread: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/bookings/{id}/conversation',
        tags: ['messages'],
        summary: "The booking's conversation id (the conversation is made on first use)",
      },
    })
    .input(ZBookingThreadInput)
    .output(ZThreadRef)
    .mutation(({ ctx, input }) => bookingThreadId(ctx.em, input.id)),
});
