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
import { rest } from '../route-meta.ts';

/** Guest messaging (docs/messaging.md): a thread per booking or inquiry, for its guest and the operator. */
export const messagingRouter = router({
  manageMessages: publicProcedure
    .meta(
      rest.get('/bookings/manage/{token}/messages', {
        summary:
          "The booking's conversation by its manage link (newest 50, `before` for older; 404 for an unknown token)",
        description:
          'The messages between the guest and the operator about this booking, newest first, 50 at a time; pass `before` for older ones.',
      }),
    )
    .input(ZManageMessagesInput)
    .output(ZGuestThread)
    .query(({ ctx, input }) => manageThread(ctx.em, input.token, input.before)),

  managePost: publicProcedure
    .meta(
      rest.post('/bookings/manage/{token}/messages', {
        summary: 'Write to the operator about the booking, by its manage link (the operator is e-mailed)',
        description: "Adds the guest's message to the booking's conversation and e-mails the operator.",
      }),
    )
    .input(ZManagePostInput)
    .output(ZPostedMessage)
    .mutation(({ ctx, input }) => managePost(ctx.em, input.token, input.body)),

  mineMessages: authedProcedure
    .meta(
      rest.get('/bookings/mine/{id}/messages', {
        summary: "The conversation of one of the signed-in user's bookings",
        description: 'The conversation about one booking of the signed-in guest, newest first, 50 at a time.',
      }),
    )
    .input(ZMineMessagesInput)
    .output(ZGuestThread)
    .query(({ ctx, input }) => mineThread(ctx.em, ctx.actingUser, input.id, input.before)),

  minePost: authedProcedure
    .meta(
      rest.post('/bookings/mine/{id}/messages', {
        summary: "Write to the operator about one of the signed-in user's bookings",
        description:
          "Adds the signed-in guest's message to the conversation about their booking and e-mails the operator.",
      }),
    )
    .input(ZMinePostInput)
    .output(ZPostedMessage)
    .mutation(({ ctx, input }) => minePost(ctx.em, ctx.actingUser, input.id, input.body)),

  inquire: publicProcedure
    .meta(
      rest.post('/properties/{id}/inquiries', {
        summary: 'Ask the host a question before booking; the private link to the conversation is e-mailed',
        description:
          'Limited per client address (5 an hour) and per e-mail (3 an hour); over it 429 with Retry-After.',
      }),
    )
    .input(ZInquiryInput)
    .output(ZInquiryResult)
    .mutation(({ ctx, input: { id, ...inquiry } }) =>
      createInquiry(ctx.em, { propertyId: id, ...inquiry }, ctx.ip),
    ),

  inquiryMessages: publicProcedure
    .meta(
      rest.get('/inquiries/{token}/messages', {
        summary: "A question's conversation by its private link (404 for an unknown token)",
        description:
          'The messages of a question asked before booking, reached by the private link e-mailed to the asker.',
      }),
    )
    .input(ZInquiryMessagesInput)
    .output(ZGuestThread)
    .query(({ ctx, input }) => inquiryThread(ctx.em, input.token, input.before)),

  inquiryPost: publicProcedure
    .meta(
      rest.post('/inquiries/{token}/messages', {
        summary: "Continue a question's conversation by its private link",
        description: "Adds the asker's message to a question's conversation; the operator is e-mailed.",
      }),
    )
    .input(ZInquiryPostInput)
    .output(ZPostedMessage)
    .mutation(({ ctx, input }) => inquiryPost(ctx.em, input.token, input.body)),

  thread: adminProcedure
    .meta(
      rest.get('/admin/conversations/{id}/messages', {
        summary: "A conversation with its booking's summary; the guest's messages are read from now on",
        description:
          "One conversation with its messages and a summary of its booking. Opening it marks the guest's messages read.",
      }),
    )
    .concat(scopedInput(ZAdminThreadInput, { id: 'conversation' }))
    .output(ZAdminThread)
    .query(({ ctx, input }) => adminThread(ctx.em, input.id, input.before)),

  reply: adminProcedure
    .meta(
      rest.post('/admin/conversations/{id}/messages', {
        summary: 'Answer a guest (the guest is e-mailed a link to the conversation)',
        description: "Adds the operator's answer to a conversation; the guest is e-mailed a link to read it.",
      }),
    )
    .concat(scopedInput(ZAdminPostInput, { id: 'conversation' }))
    .output(ZPostedMessage)
    .mutation(({ ctx, input }) => adminPost(ctx.em, ctx.actingUser, input.id, input.body)),

  bookingThread: adminProcedure
    .meta(
      rest.post('/admin/bookings/{id}/conversation', {
        summary: "The booking's conversation id (the conversation is made on first use)",
        description: "The id of a booking's conversation, starting one when the booking has none yet.",
      }),
    )
    .concat(scopedInput(ZBookingThreadInput, { id: 'booking' }))
    .output(ZThreadRef)
    .mutation(({ ctx, input }) => bookingThreadId(ctx.em, input.id)),

  templates: adminProcedure
    .meta(
      rest.get('/admin/message-templates', {
        summary: 'The automated-message templates and saved replies',
        description:
          'The automated messages (sent a number of days before or after a stay) and the saved replies operators insert by hand.',
      }),
    )
    .concat(scopedInput(z.void(), 'none'))
    .output(ZTemplateList)
    .query(({ ctx }) => templates(ctx.em)),

  createTemplate: adminProcedure
    .meta(
      rest.post('/admin/message-templates', {
        summary: "Add a template; a timed one is planned for the upcoming stays at each home's local time",
        description:
          "Adds an automated message or a saved reply. An automated one is scheduled at once for the upcoming stays it applies to, at each home's local time.",
      }),
    )
    .concat(scopedInput(ZTemplateForm, 'none'))
    .output(ZTemplate)
    .mutation(({ ctx, input }) => createTemplate(ctx.em, input, ctx.actingUser)),

  updateTemplate: adminProcedure
    .meta(
      rest.put('/admin/message-templates/{id}', {
        summary: 'Change a template; its messages still to send are moved (or cancelled when disabled)',
        description:
          'Saves a template. Its messages not yet sent are rescheduled with the new timing and text, or cancelled when it is disabled.',
      }),
    )
    .concat(scopedInput(ZTemplateUpdate, { id: 'shared' }))
    .output(ZTemplate)
    .mutation(({ ctx, input: { id, ...changes } }) => updateTemplate(ctx.em, id, changes, ctx.actingUser)),

  deleteTemplate: adminProcedure
    .meta(
      rest.delete('/admin/message-templates/{id}', {
        summary: 'Delete a template and its messages still to send',
        description:
          'Removes a template and cancels its messages not yet sent; those already sent stay in their conversations.',
      }),
    )
    .concat(idInput('shared'))
    .output(ZOk)
    .mutation(({ ctx, input }) => deleteTemplate(ctx.em, input.id, ctx.actingUser)),

  previewTemplate: adminProcedure
    .meta(
      rest.post('/admin/message-templates/preview', {
        summary: 'A template as a real booking would get it, and when',
        description:
          "Fills a template's placeholders from a real booking and says when it would be sent, without sending anything.",
      }),
    )
    .concat(scopedInput(ZTemplatePreviewInput, { bookingId: 'booking' }))
    .output(ZTemplatePreview)
    .mutation(({ ctx, input }) => previewTemplate(ctx.em, input)),

  scheduled: adminProcedure
    .meta(
      rest.get('/admin/bookings/{id}/scheduled-messages', {
        summary: "A booking's automated messages: scheduled, sent and cancelled",
        description:
          'The automated messages of one booking: those waiting, those sent and those cancelled, with their times.',
      }),
    )
    .concat(idInput('booking'))
    .output(ZScheduledList)
    .query(({ ctx, input }) => scheduledMessages(ctx.em, input.id)),

  homeGuide: adminProcedure
    .meta(
      rest.get('/admin/properties/{id}/guide', {
        summary:
          "A home's arrival details for automated messages (times, instructions, door code, Wi-Fi, rules)",
        description:
          'The details automated messages fill in for a home: check-in and check-out times, arrival instructions, door code, Wi-Fi and house rules.',
      }),
    )
    .concat(idInput('property'))
    .output(ZHomeGuide)
    .query(({ ctx, input }) => homeGuide(ctx.em, input.id)),

  updateHomeGuide: adminProcedure
    .meta(
      rest.put('/admin/properties/{id}/guide', {
        summary: "Set a home's arrival details",
        description: "Saves a home's arrival details; messages sent from now on use them.",
      }),
    )
    .concat(scopedInput(ZHomeGuideUpdate, { id: 'property' }))
    .output(ZHomeGuide)
    .mutation(({ ctx, input: { id, ...guide } }) => updateHomeGuide(ctx.em, id, guide, ctx.actingUser)),

  inbox: adminProcedure
    .meta(
      rest.get('/admin/inbox', {
        summary:
          'Conversations by last message, with unread counts; filter unread, arriving (7 days), staying or inquiries',
        description:
          'Every conversation by its latest message, with unread counts. Filters: unread, guests arriving in the next 7 days, guests staying now, or questions before booking.',
      }),
    )
    .concat(scopedInput(ZInboxInput, 'list'))
    .output(ZInboxPage)
    .query(({ ctx, input }) => inbox(ctx.em, input, undefined, ctx.staff.homes)),

  unread: adminProcedure
    .meta(
      rest.get('/admin/inbox/unread', {
        summary: "Unread guest messages across every conversation (the sidebar's count)",
        description:
          'How many guest messages no one in the back office has read yet, across every conversation.',
      }),
    )
    .concat(scopedInput(z.void(), 'list'))
    .output(ZUnreadCount)
    .query(({ ctx }) => unreadCount(ctx.em, ctx.staff.homes)),

  savedReply: adminProcedure
    .meta(
      rest.get('/admin/conversations/{id}/saved-replies/{templateId}', {
        summary: "A saved reply filled in from the conversation's booking or question",
        description:
          "Fills the saved reply's variables (templateId: a template whose trigger is manual) as the conversation allows: a booking's thread as an automated message sent now would be, with a fresh manage link when the text asks for one; a question's with the guest, the home and the dates it gave. A variable it cannot fill stays as written, and a reply still holding one is refused with 400.",
      }),
    )
    .concat(scopedInput(ZSavedReplyInput, { id: 'conversation', templateId: 'shared' }))
    .output(ZSavedReplyText)
    .query(({ ctx, input }) => fillSavedReply(ctx.em, input.id, input.templateId)),
});
