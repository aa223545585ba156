import { z } from 'zod';
import { INBOX_FILTERS } from '../constants.ts';
import { VALID_EMAIL } from '../messages.ts';
import { REVEAL_HOURS_DEFAULT, REVEAL_HOURS_MAX } from '../trip.ts';
import {
  ZId,
  ZIsoDate,
  ZMoney,
  zBool,
  zIdOf,
  zInt,
  zLine,
  zMessageText,
  zPageNumber,
  zPageSize,
  zText,
} from './common.ts';
import { ZManageToken } from './manage.ts';
import { MESSAGE_MAX } from './message-limits.ts';

/** Guest messaging and automated messages (docs/messaging.md). */

export const MESSAGE_SENDERS = ['guest', 'operator', 'automated'] as const;
export type TMessageSender = (typeof MESSAGE_SENDERS)[number];

/** `manual` templates are the inbox's saved replies; the others are sent by the schedule. */
export const MESSAGE_TRIGGERS = [
  'manual',
  'booking_created',
  'booking_confirmed',
  'booking_cancelled',
  'days_before_check_in',
  'check_in_day',
  'days_after_check_in',
  'day_before_check_out',
  'days_after_check_out',
] as const;
export type TMessageTrigger = (typeof MESSAGE_TRIGGERS)[number];

export const TRIGGER_LABEL: Record<TMessageTrigger, string> = {
  manual: 'Saved reply (sent by hand)',
  booking_created: 'On booking',
  booking_confirmed: 'On confirmation',
  booking_cancelled: 'On cancellation',
  days_before_check_in: 'Days before check-in',
  check_in_day: 'On the check-in day',
  days_after_check_in: 'Days after check-in (during the stay)',
  day_before_check_out: 'The day before check-out',
  days_after_check_out: 'Days after check-out',
};

/** Triggers whose message goes at a time of day at the home; the others go when their event happens. */
export const TIMED_TRIGGERS: readonly TMessageTrigger[] = [
  'days_before_check_in',
  'check_in_day',
  'days_after_check_in',
  'day_before_check_out',
  'days_after_check_out',
];
/** Timed triggers that also count days. */
export const DAY_COUNT_TRIGGERS: readonly TMessageTrigger[] = [
  'days_before_check_in',
  'days_after_check_in',
  'days_after_check_out',
];

export const SCHEDULED_STATUSES = ['scheduled', 'sent', 'cancelled'] as const;
export type TScheduledStatus = (typeof SCHEDULED_STATUSES)[number];

export { MESSAGE_MAX } from './message-limits.ts';
export const ZMessageBody = zMessageText('Message', MESSAGE_MAX);

/** Variables a template may use, as `{{name}}`. */
export const TEMPLATE_VARIABLES = [
  'guest_name',
  'home',
  'check_in_date',
  'check_in_time',
  'check_out_date',
  'check_out_time',
  'address',
  'check_in_instructions',
  'house_rules',
  'door_code',
  'wifi_name',
  'wifi_password',
  'manage_link',
  'balance_due',
] as const;
export type TTemplateVariable = (typeof TEMPLATE_VARIABLES)[number];
/** Released only in messages sent from the home's set point on (docs/messaging.md#private-details). */
export const PRIVATE_VARIABLES: readonly TTemplateVariable[] = ['door_code', 'wifi_name', 'wifi_password'];

export const ZMessage = z.object({
  id: z.number().int(),
  sender: z.enum(MESSAGE_SENDERS),
  authorName: z.string(),
  body: z.string(),
  createdAt: z.string(),
  /** When the other side read it; null while unread. */
  readAt: z.string().nullable(),
});
export type TMessage = z.infer<typeof ZMessage>;

const ZBeforeCursor = zIdOf('Before').optional();

/** A thread as its guest sees it. */
export const ZGuestThread = z.object({
  home: z.object({ id: z.number().int(), title: z.string() }),
  /** The newest messages, oldest first; `hasMore` when older ones exist (ask with `before`). */
  messages: z.array(ZMessage),
  hasMore: z.boolean(),
});
export type TGuestThread = z.infer<typeof ZGuestThread>;

export const ZManageMessagesInput = z.object({ token: ZManageToken, before: ZBeforeCursor });
export const ZManagePostInput = z.object({ token: ZManageToken, body: ZMessageBody });
export const ZMineMessagesInput = z.object({ id: ZId, before: ZBeforeCursor });
export const ZMinePostInput = z.object({ id: ZId, body: ZMessageBody });
export const ZInquiryMessagesInput = ZManageMessagesInput;
export const ZInquiryPostInput = ZManagePostInput;

export const ZPostedMessage = ZMessage;

/** The booking beside a thread in the inbox and the drawer. */
export const ZThreadBooking = z.object({
  id: z.number().int(),
  confirmationNumber: z.string(),
  status: z.string(),
  checkIn: z.string(),
  checkOut: z.string(),
  guests: z.number().int(),
  totalPrice: ZMoney,
});

export const ZAdminThread = z.object({
  id: z.number().int(),
  guestName: z.string(),
  guestEmail: z.string(),
  home: z.object({ id: z.number().int(), title: z.string(), location: z.string() }),
  booking: ZThreadBooking.nullable(),
  inquiry: z
    .object({
      checkIn: z.string().nullable(),
      checkOut: z.string().nullable(),
      guests: z.number().int().nullable(),
    })
    .nullable(),
  messages: z.array(ZMessage),
  hasMore: z.boolean(),
});
export type TAdminThread = z.infer<typeof ZAdminThread>;

export const ZAdminThreadInput = z.object({ id: ZId, before: ZBeforeCursor });

/** A `{{…}}` left in a text: a saved reply's variable nothing filled (docs/messaging.md#saved-replies). */
const UNFILLED_VARIABLE = /\{\{[^{}]*\}\}/;
export const unfilledVariableMessage = (variable: string) =>
  `Fill in or remove ${variable} before sending: the reply still has a variable`;
/** The operator's reply: never sent with a variable still in it. */
export const ZReplyBody = ZMessageBody.superRefine((s, ctx) => {
  const left = UNFILLED_VARIABLE.exec(s);
  if (left) ctx.addIssue({ code: 'custom', message: unfilledVariableMessage(left[0]), input: s });
});
export const ZAdminPostInput = z.object({ id: ZId, body: ZReplyBody });
/** A saved reply filled in for one conversation, from its booking or its question. */
export const ZSavedReplyInput = z.object({ id: ZId, templateId: zIdOf('Template') });
export const ZSavedReplyText = z.object({
  /** The reply's text; a variable the conversation cannot fill stays as written, for the operator to edit. */
  text: z.string(),
});
export const ZBookingThreadInput = z.object({ id: ZId });
export const ZThreadRef = z.object({ conversationId: z.number().int() });

const guestsField = zInt(
  z
    .number({ error: 'Guests must be a number' })
    .int({ error: 'Guests must be a whole number' })
    .min(1, { error: 'Guests must be at least 1' })
    .max(50, { error: 'Guests must be at most 50' }),
);

/** A question before booking, from the property page. */
export const ZInquiryFields = {
  name: zLine('Name')
    .trim()
    .min(1, { error: 'Name cannot be empty' })
    .max(100, { error: 'Name must be at most 100 characters' }),
  email: zLine('Email')
    .trim()
    .pipe(z.email({ error: VALID_EMAIL }).max(254, { error: VALID_EMAIL })),
  message: ZMessageBody,
  checkIn: ZIsoDate.optional(),
  checkOut: ZIsoDate.optional(),
  guests: guestsField.optional(),
};
export const ZInquiryForm = z
  .object(ZInquiryFields)
  .refine((v) => !v.checkIn || !v.checkOut || v.checkOut > v.checkIn, {
    error: 'Check-out must be after check-in',
    path: ['checkOut'],
  });
export type TInquiryForm = z.input<typeof ZInquiryForm>;
export const ZInquiryInput = z
  .object({ id: ZId, ...ZInquiryFields })
  .refine((v) => !v.checkIn || !v.checkOut || v.checkOut > v.checkIn, {
    error: 'Check-out must be after check-in',
    path: ['checkOut'],
  });
export const INQUIRY_SENT_MESSAGE =
  'Your question is on its way. We have e-mailed you a private link to follow the conversation.';
export const ZInquiryResult = z.object({ message: z.string() });

/** The inbox. */
export const ZInboxInput = z.object({
  filter: z
    .enum(INBOX_FILTERS, { error: `Filter must be one of ${INBOX_FILTERS.join(', ')}` })
    .default('all'),
  page: zPageNumber(),
  pageSize: zPageSize(50, 20),
});
export const ZInboxThread = z.object({
  id: z.number().int(),
  guestName: z.string(),
  home: z.string(),
  lastMessageAt: z.string(),
  preview: z.string(),
  unread: z.number().int(),
  booking: z
    .object({ id: z.number().int(), status: z.string(), checkIn: z.string(), checkOut: z.string() })
    .nullable(),
});
export type TInboxThread = z.infer<typeof ZInboxThread>;
export const ZInboxPage = z.object({
  items: z.array(ZInboxThread),
  total: z.number().int(),
  /** Unread guest messages across every thread (the sidebar's badge). */
  unreadTotal: z.number().int(),
});
export const ZUnreadCount = z.object({ unread: z.number().int() });

/** Templates. */
const sendTime = zLine('Send time')
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'Send time must be a time as HH:MM' })
  .nullable()
  .optional();
export const ZTemplateFields = {
  name: zLine('Name')
    .trim()
    .min(1, { error: 'Name cannot be empty' })
    .max(100, { error: 'Name must be at most 100 characters' }),
  trigger: z.enum(MESSAGE_TRIGGERS, { error: 'Trigger is not one of the known triggers' }),
  offsetDays: withDefaultInt(),
  sendTime,
  body: zMessageText('Template', MESSAGE_MAX),
  enabled: zBool('Enabled must be true or false').optional(),
};
function withDefaultInt() {
  return zInt(
    z
      .number({ error: 'Days must be a number' })
      .int({ error: 'Days must be a whole number' })
      .min(0, { error: 'Days must be at least 0' })
      .max(60, { error: 'Days must be at most 60' }),
  ).optional();
}
export const ZTemplateForm = z.object(ZTemplateFields);
export type TTemplateForm = z.input<typeof ZTemplateForm>;
export const ZTemplateUpdate = z.object({ id: ZId, ...ZTemplateFields });
export const ZTemplate = z.object({
  id: z.number().int(),
  name: z.string(),
  trigger: z.enum(MESSAGE_TRIGGERS),
  offsetDays: z.number().int(),
  sendTime: z.string().nullable(),
  body: z.string(),
  enabled: z.boolean(),
  updatedAt: z.string(),
});
export type TTemplate = z.infer<typeof ZTemplate>;
export const ZTemplateList = z.object({ items: z.array(ZTemplate) });
export const ZTemplatePreviewInput = z.object({
  bookingId: zIdOf('Booking'),
  body: zMessageText('Template', MESSAGE_MAX),
  trigger: z.enum(MESSAGE_TRIGGERS, { error: 'Trigger is not one of the known triggers' }),
  offsetDays: withDefaultInt(),
  sendTime,
});
export const ZTemplatePreview = z.object({
  text: z.string(),
  /** When this booking would get it (ISO), null for a saved reply or an event already past. */
  sendAt: z.string().nullable(),
  /** False when the door code and Wi-Fi are still withheld at that moment. */
  privateDetailsIncluded: z.boolean(),
  /** The home's IANA time zone: `sendAt` is shown on its clock, as the schedule counts it. */
  timeZone: z.string(),
});

export const ZScheduledMessage = z.object({
  id: z.number().int(),
  templateName: z.string(),
  trigger: z.enum(MESSAGE_TRIGGERS),
  dueAt: z.string(),
  status: z.enum(SCHEDULED_STATUSES),
  sentAt: z.string().nullable(),
});
export const ZScheduledList = z.object({ items: z.array(ZScheduledMessage) });

/** A home's arrival details (admin only). */
const time = (label: string) =>
  zLine(label)
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: `${label} must be a time as HH:MM` })
    .nullable();
const line = (label: string) =>
  zLine(label)
    .trim()
    .max(100, { error: `${label} must be at most 100 characters` })
    .nullable();
const longText = (label: string) =>
  zText(label)
    .trim()
    .max(MESSAGE_MAX, { error: `${label} must be at most ${MESSAGE_MAX} characters` })
    .nullable();
export const ZHomeGuideFields = {
  checkInTime: time('Check-in time'),
  checkOutTime: time('Check-out time'),
  checkInInstructions: longText('Check-in instructions'),
  doorCode: line('Door code'),
  wifiName: line('Wi-Fi name'),
  wifiPassword: line('Wi-Fi password'),
  houseRules: longText('House rules'),
  privateFromDays: zInt(
    z
      .number({ error: 'Days must be a number' })
      .int({ error: 'Days must be a whole number' })
      .min(0, { error: 'Days must be at least 0' })
      .max(30, { error: 'Days must be at most 30' }),
  ),
  /** The trip page shows the check-in instructions from this many hours before arrival (docs/trip-page.md). */
  revealHoursBefore: zInt(
    z
      .number({ error: 'Hours must be a number' })
      .int({ error: 'Hours must be a whole number' })
      .min(0, { error: 'Hours must be at least 0' })
      .max(REVEAL_HOURS_MAX, { error: `Hours must be at most ${REVEAL_HOURS_MAX}` }),
  ).default(REVEAL_HOURS_DEFAULT),
};
export const ZHomeGuide = z.object(ZHomeGuideFields);
export type THomeGuide = z.infer<typeof ZHomeGuide>;
export const ZHomeGuideUpdate = z.object({ id: ZId, ...ZHomeGuideFields });
