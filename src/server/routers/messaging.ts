import { z } from 'zod';
import {
  ZAdminPostInput,
  ZAdminThread,
  ZAdminThreadInput,
  ZBookingThreadInput,
  ZGuestThread,
  ZInboxInput,
  ZInboxPage,
  ZUnreadCount,
  ZHomeGuide,
  ZHomeGuideUpdate,
  ZScheduledList,
  ZTemplate,
  ZTemplateForm,
  ZTemplateList,
  ZTemplatePreview,
  ZTemplatePreviewInput,
  ZTemplateUpdate,
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
} from '#shared/schemas/messaging.ts';
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
import { inbox, unreadCount } from '../services/messaging/inbox.ts';
import {
  createTemplate,
  deleteTemplate,
  homeGuide,
  previewTemplate,
  scheduledMessages,
  templates,
  updateHomeGuide,
  updateTemplate,
} from '../services/messaging/automated.ts';
import { ZIdParam, ZOk } from '#shared/schemas/common.ts';
import { adminProcedure, authedProcedure, publicProcedure, router, scopedInput } from '../trpc.ts';

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
    .concat(scopedInput(ZAdminThreadInput, { id: 'conversation' }))
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
    .concat(scopedInput(ZAdminPostInput, { id: 'conversation' }))
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
    .concat(scopedInput(ZBookingThreadInput, { id: 'booking' }))
    .output(ZThreadRef)
    .mutation(({ ctx, input }) => bookingThreadId(ctx.em, input.id)),

  templates: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/message-templates',
        tags: ['messages'],
        summary: 'The automated-message templates and saved replies',
      },
    })
    .concat(scopedInput(z.void(), 'none'))
    .output(ZTemplateList)
    .query(({ ctx }) => templates(ctx.em)),

  createTemplate: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/message-templates',
        tags: ['messages'],
        summary: "Add a template; a timed one is planned for the upcoming stays at each home's local time",
      },
    })
    .concat(scopedInput(ZTemplateForm, 'none'))
    .output(ZTemplate)
    .mutation(({ ctx, input }) => createTemplate(ctx.em, input, ctx.actingUser)),

  updateTemplate: adminProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/admin/message-templates/{id}',
        tags: ['messages'],
        summary: 'Change a template; its messages still to send are moved (or cancelled when disabled)',
      },
    })
    .concat(scopedInput(ZTemplateUpdate, { id: 'shared' }))
    .output(ZTemplate)
    .mutation(({ ctx, input: { id, ...rest } }) => updateTemplate(ctx.em, id, rest, ctx.actingUser)),

  deleteTemplate: adminProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/admin/message-templates/{id}',
        tags: ['messages'],
        summary: 'Delete a template and its messages still to send',
      },
    })
    .concat(scopedInput(ZIdParam, { id: 'shared' }))
    .output(ZOk)
    .mutation(({ ctx, input }) => deleteTemplate(ctx.em, input.id, ctx.actingUser)),

  previewTemplate: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/message-templates/preview',
        tags: ['messages'],
        summary: 'A template as a real booking would get it, and when',
      },
    })
    .concat(scopedInput(ZTemplatePreviewInput, { bookingId: 'booking' }))
    .output(ZTemplatePreview)
    .mutation(({ ctx, input }) => previewTemplate(ctx.em, input)),

  scheduled: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/bookings/{id}/scheduled-messages',
        tags: ['messages'],
        summary: "A booking's automated messages: scheduled, sent and cancelled",
      },
    })
    .concat(scopedInput(ZIdParam, { id: 'booking' }))
    .output(ZScheduledList)
    .query(({ ctx, input }) => scheduledMessages(ctx.em, input.id)),

  homeGuide: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/properties/{id}/guide',
        tags: ['messages'],
        summary:
          "A home's arrival details for automated messages (times, instructions, door code, Wi-Fi, rules)",
      },
    })
    .concat(scopedInput(ZIdParam, { id: 'property' }))
    .output(ZHomeGuide)
    .query(({ ctx, input }) => homeGuide(ctx.em, input.id)),

  updateHomeGuide: adminProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/admin/properties/{id}/guide',
        tags: ['messages'],
        summary: "Set a home's arrival details",
      },
    })
    .concat(scopedInput(ZHomeGuideUpdate, { id: 'property' }))
    .output(ZHomeGuide)
    .mutation(({ ctx, input: { id, ...guide } }) => updateHomeGuide(ctx.em, id, guide, ctx.actingUser)),

  inbox: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/inbox',
        tags: ['messages'],
        summary:
          'Conversations by last message, with unread counts; filter unread, arriving (7 days), staying or inquiries',
      },
    })
    .concat(scopedInput(ZInboxInput, 'list'))
    .output(ZInboxPage)
    .query(({ ctx, input }) => inbox(ctx.em, input, undefined, ctx.staff.homes)),

  unread: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/inbox/unread',
        tags: ['messages'],
        summary: "Unread guest messages across every conversation (the sidebar's count)",
      },
    })
    .concat(scopedInput(z.void(), 'list'))
    .output(ZUnreadCount)
    .query(({ ctx }) => unreadCount(ctx.em, ctx.staff.homes)),
});
