import { rest } from '../route-meta.ts';

/**
 * The REST routes of the procedures of `messaging.ts`, keyed as they are: method, path, and the words of the
 * OpenAPI document (docs/rest-contract.md#words).
 */
export const routes = {
  manageMessages: rest.get(
    '/bookings/manage/{token}/messages',
    "The booking's conversation by its manage link (newest 50, `before` for older; 404 for an unknown token)",
    'The messages between the guest and the operator about this booking, newest first, 50 at a time; pass `before` for older ones.',
  ),
  managePost: rest.post(
    '/bookings/manage/{token}/messages',
    'Write to the operator about the booking, by its manage link (the operator is e-mailed)',
    "Adds the guest's message to the booking's conversation and e-mails the operator.",
  ),
  mineMessages: rest.get(
    '/bookings/mine/{id}/messages',
    "The conversation of one of the signed-in user's bookings",
    'The conversation about one booking of the signed-in guest, newest first, 50 at a time.',
  ),
  minePost: rest.post(
    '/bookings/mine/{id}/messages',
    "Write to the operator about one of the signed-in user's bookings",
    "Adds the signed-in guest's message to the conversation about their booking and e-mails the operator.",
  ),
  inquire: rest.post(
    '/properties/{id}/inquiries',
    'Ask the host a question before booking; the private link to the conversation is e-mailed',
    'Limited per client address (5 an hour) and per e-mail (3 an hour); over it 429 with Retry-After.',
  ),
  inquiryMessages: rest.get(
    '/inquiries/{token}/messages',
    "A question's conversation by its private link (404 for an unknown token)",
    'The messages of a question asked before booking, reached by the private link e-mailed to the asker.',
  ),
  inquiryPost: rest.post(
    '/inquiries/{token}/messages',
    "Continue a question's conversation by its private link",
    "Adds the asker's message to a question's conversation; the operator is e-mailed.",
  ),
  thread: rest.get(
    '/admin/conversations/{id}/messages',
    "A conversation with its booking's summary; the guest's messages are read from now on",
    "One conversation with its messages and a summary of its booking. Opening it marks the guest's messages read.",
  ),
  reply: rest.post(
    '/admin/conversations/{id}/messages',
    'Answer a guest (the guest is e-mailed a link to the conversation)',
    "Adds the operator's answer to a conversation; the guest is e-mailed a link to read it.",
  ),
  bookingThread: rest.post(
    '/admin/bookings/{id}/conversation',
    "The booking's conversation id (the conversation is made on first use)",
    "The id of a booking's conversation, starting one when the booking has none yet.",
  ),
  templates: rest.get(
    '/admin/message-templates',
    'The automated-message templates and saved replies',
    'The automated messages (sent a number of days before or after a stay) and the saved replies operators insert by hand.',
  ),
  createTemplate: rest.post(
    '/admin/message-templates',
    "Add a template; a timed one is planned for the upcoming stays at each home's local time",
    "Adds an automated message or a saved reply. An automated one is scheduled at once for the upcoming stays it applies to, at each home's local time.",
  ),
  updateTemplate: rest.put(
    '/admin/message-templates/{id}',
    'Change a template; its messages still to send are moved (or cancelled when disabled)',
    'Saves a template. Its messages not yet sent are rescheduled with the new timing and text, or cancelled when it is disabled.',
  ),
  deleteTemplate: rest.delete(
    '/admin/message-templates/{id}',
    'Delete a template and its messages still to send',
    'Removes a template and cancels its messages not yet sent; those already sent stay in their conversations.',
  ),
  previewTemplate: rest.post(
    '/admin/message-templates/preview',
    'A template as a real booking would get it, and when',
    "Fills a template's placeholders from a real booking and says when it would be sent, without sending anything.",
  ),
  scheduled: rest.get(
    '/admin/bookings/{id}/scheduled-messages',
    "A booking's automated messages: scheduled, sent and cancelled",
    'The automated messages of one booking: those waiting, those sent and those cancelled, with their times.',
  ),
  homeGuide: rest.get(
    '/admin/properties/{id}/guide',
    "A home's arrival details for automated messages (times, instructions, door code, Wi-Fi, rules)",
    'The details automated messages fill in for a home: check-in and check-out times, arrival instructions, door code, Wi-Fi and house rules.',
  ),
  updateHomeGuide: rest.put(
    '/admin/properties/{id}/guide',
    "Set a home's arrival details",
    "Saves a home's arrival details; messages sent from now on use them.",
  ),
  inbox: rest.get(
    '/admin/inbox',
    'Conversations by last message, with unread counts; filter unread, arriving (7 days), staying or inquiries',
    'Every conversation by its latest message, with unread counts. Filters: unread, guests arriving in the next 7 days, guests staying now, or questions before booking.',
  ),
  unread: rest.get(
    '/admin/inbox/unread',
    "Unread guest messages across every conversation (the sidebar's count)",
    'How many guest messages no one in the back office has read yet, across every conversation.',
  ),
  savedReply: rest.get(
    '/admin/conversations/{id}/saved-replies/{templateId}',
    "A saved reply filled in from the conversation's booking or question",
    "Fills the saved reply's variables (templateId: a template whose trigger is manual) as the conversation allows: a booking's thread as an automated message sent now would be, with a fresh manage link when the text asks for one; a question's with the guest, the home and the dates it gave. A variable it cannot fill stays as written, and a reply still holding one is refused with 400.",
  ),
};
