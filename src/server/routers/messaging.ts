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
  ZSavedReplyInput,
  ZSavedReplyText,
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
import { fillSavedReply } from '../services/messaging/saved-replies.ts';
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
import { ZOk } from '#shared/schemas/common.ts';
import { adminProcedure, authedProcedure, publicProcedure, router, scopedInput, idInput } from '../trpc.ts';
import { routes } from './messaging.rest.ts';

/** Guest messaging (docs/messaging.md): a thread per booking or inquiry, for its guest and the operator. */
export const messagingRouter = router({
  manageMessages: publicProcedure
    .meta(routes.manageMessages)
    .input(ZManageMessagesInput)
    .output(ZGuestThread)
    .query(({ ctx, input }) => manageThread(ctx.em, input.token, input.before)),

  managePost: publicProcedure
    .meta(routes.managePost)
    .input(ZManagePostInput)
    .output(ZPostedMessage)
    .mutation(({ ctx, input }) => managePost(ctx.em, input.token, input.body)),

  mineMessages: authedProcedure
    .meta(routes.mineMessages)
    .input(ZMineMessagesInput)
    .output(ZGuestThread)
    .query(({ ctx, input }) => mineThread(ctx.em, ctx.actingUser, input.id, input.before)),

  minePost: authedProcedure
    .meta(routes.minePost)
    .input(ZMinePostInput)
    .output(ZPostedMessage)
    .mutation(({ ctx, input }) => minePost(ctx.em, ctx.actingUser, input.id, input.body)),

  inquire: publicProcedure
    .meta(routes.inquire)
    .input(ZInquiryInput)
    .output(ZInquiryResult)
    .mutation(({ ctx, input: { id, ...inquiry } }) =>
      createInquiry(ctx.em, { propertyId: id, ...inquiry }, ctx.ip),
    ),

  inquiryMessages: publicProcedure
    .meta(routes.inquiryMessages)
    .input(ZInquiryMessagesInput)
    .output(ZGuestThread)
    .query(({ ctx, input }) => inquiryThread(ctx.em, input.token, input.before)),

  inquiryPost: publicProcedure
    .meta(routes.inquiryPost)
    .input(ZInquiryPostInput)
    .output(ZPostedMessage)
    .mutation(({ ctx, input }) => inquiryPost(ctx.em, input.token, input.body)),

  thread: adminProcedure
    .meta(routes.thread)
    .concat(scopedInput(ZAdminThreadInput, { id: 'conversation' }))
    .output(ZAdminThread)
    .query(({ ctx, input }) => adminThread(ctx.em, input.id, input.before)),

  reply: adminProcedure
    .meta(routes.reply)
    .concat(scopedInput(ZAdminPostInput, { id: 'conversation' }))
    .output(ZPostedMessage)
    .mutation(({ ctx, input }) => adminPost(ctx.em, ctx.actingUser, input.id, input.body)),

  bookingThread: adminProcedure
    .meta(routes.bookingThread)
    .concat(scopedInput(ZBookingThreadInput, { id: 'booking' }))
    .output(ZThreadRef)
    .mutation(({ ctx, input }) => bookingThreadId(ctx.em, input.id)),

  templates: adminProcedure
    .meta(routes.templates)
    .concat(scopedInput(z.void(), 'none'))
    .output(ZTemplateList)
    .query(({ ctx }) => templates(ctx.em)),

  createTemplate: adminProcedure
    .meta(routes.createTemplate)
    .concat(scopedInput(ZTemplateForm, 'none'))
    .output(ZTemplate)
    .mutation(({ ctx, input }) => createTemplate(ctx.em, input, ctx.actingUser)),

  updateTemplate: adminProcedure
    .meta(routes.updateTemplate)
    .concat(scopedInput(ZTemplateUpdate, { id: 'shared' }))
    .output(ZTemplate)
    .mutation(({ ctx, input: { id, ...changes } }) => updateTemplate(ctx.em, id, changes, ctx.actingUser)),

  deleteTemplate: adminProcedure
    .meta(routes.deleteTemplate)
    .concat(idInput('shared'))
    .output(ZOk)
    .mutation(({ ctx, input }) => deleteTemplate(ctx.em, input.id, ctx.actingUser)),

  previewTemplate: adminProcedure
    .meta(routes.previewTemplate)
    .concat(scopedInput(ZTemplatePreviewInput, { bookingId: 'booking' }))
    .output(ZTemplatePreview)
    .mutation(({ ctx, input }) => previewTemplate(ctx.em, input)),

  scheduled: adminProcedure
    .meta(routes.scheduled)
    .concat(idInput('booking'))
    .output(ZScheduledList)
    .query(({ ctx, input }) => scheduledMessages(ctx.em, input.id)),

  homeGuide: adminProcedure
    .meta(routes.homeGuide)
    .concat(idInput('property'))
    .output(ZHomeGuide)
    .query(({ ctx, input }) => homeGuide(ctx.em, input.id)),

  updateHomeGuide: adminProcedure
    .meta(routes.updateHomeGuide)
    .concat(scopedInput(ZHomeGuideUpdate, { id: 'property' }))
    .output(ZHomeGuide)
    .mutation(({ ctx, input: { id, ...guide } }) => updateHomeGuide(ctx.em, id, guide, ctx.actingUser)),

  inbox: adminProcedure
    .meta(routes.inbox)
    .concat(scopedInput(ZInboxInput, 'list'))
    .output(ZInboxPage)
    .query(({ ctx, input }) => inbox(ctx.em, input, undefined, ctx.staff.homes)),

  unread: adminProcedure
    .meta(routes.unread)
    .concat(scopedInput(z.void(), 'list'))
    .output(ZUnreadCount)
    .query(({ ctx }) => unreadCount(ctx.em, ctx.staff.homes)),

  savedReply: adminProcedure
    .meta(routes.savedReply)
    .concat(scopedInput(ZSavedReplyInput, { id: 'conversation', templateId: 'shared' }))
    .output(ZSavedReplyText)
    .query(({ ctx, input }) => fillSavedReply(ctx.em, input.id, input.templateId)),
});
