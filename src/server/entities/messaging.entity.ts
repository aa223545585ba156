import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { BaseEntity, oneOf, createdAtProperty } from './base.entity.ts';
import { Booking } from './booking.entity.ts';
import { Property } from './property.entity.ts';
import { REVEAL_HOURS_DEFAULT } from '#shared/trip.ts';
import {
  MESSAGE_SENDERS,
  MESSAGE_TRIGGERS,
  SCHEDULED_STATUSES,
  type TMessageSender,
  type TMessageTrigger,
  type TScheduledStatus,
} from '#shared/schemas/messaging.ts';

/**
 * A thread between one guest and the operator (docs/messaging.md): about a booking, or about a home before
 * any booking (an inquiry, continued through a private link whose SHA-256 alone is kept). When the
 * inquirer books that home, the thread gets the booking.
 */
export const Conversation = defineEntity({
  name: 'Conversation',
  tableName: 'conversations',
  extends: BaseEntity,
  properties: {
    booking: () => p.manyToOne(Booking).nullable().deleteRule('cascade').unique(),
    property: () => p.manyToOne(Property).deleteRule('cascade').index(),
    guestName: p.string().length(100),
    guestEmail: p.string().length(254),
    inquiryCheckIn: p.date().nullable(),
    inquiryCheckOut: p.date().nullable(),
    inquiryGuests: p.integer().nullable(),
    lastMessageAt: p.datetime().defaultRaw('now()'),
  },
  indexes: [
    { name: 'conversations_last_message_idx', properties: ['lastMessageAt', 'id'] },
    {
      name: 'conversations_open_inquiry_idx',
      expression: `create index "conversations_open_inquiry_idx" on "conversations" ("property_id", lower("guest_email")) where "booking_id" is null`,
    },
  ],
});
export type IConversation = InferEntity<typeof Conversation>;

/**
 * A guest's private link to a thread (an inquiry's, and every operator reply's email): the id is the
 * SHA-256 of the token, never the token, as for the manage links. A thread may have several.
 */
export const ConversationLink = defineEntity({
  name: 'ConversationLink',
  tableName: 'conversation_links',
  properties: {
    id: p.string().length(64).primary(),
    conversation: () => p.manyToOne(Conversation).deleteRule('cascade').index(),
    createdAt: createdAtProperty(),
    expiresAt: p.datetime(),
  },
});

/** One message of a thread: plain text, who wrote it, and when the other side read it. */
export const Message = defineEntity({
  name: 'Message',
  tableName: 'messages',
  extends: BaseEntity,
  properties: {
    conversation: () => p.manyToOne(Conversation).deleteRule('cascade'),
    sender: p.string().length(12).$type<TMessageSender>(),
    authorName: p.string().length(100),
    body: p.text(),
    /** When the other side first opened the thread after it arrived; null while unread. */
    readAt: p.datetime().nullable(),
  },
  indexes: [
    { name: 'messages_conversation_id_idx', properties: ['conversation', 'id'] },
    {
      name: 'messages_unread_by_operator_idx',
      expression: `create index "messages_unread_by_operator_idx" on "messages" ("conversation_id") where "sender" = 'guest' and "read_at" is null`,
    },
  ],
  checks: [{ name: 'messages_sender_check', expression: oneOf('sender', MESSAGE_SENDERS) }],
});
export type IMessage = InferEntity<typeof Message>;

/** An operator's template: an automated message (a trigger) or a saved reply (`manual`). */
export const MessageTemplate = defineEntity({
  name: 'MessageTemplate',
  tableName: 'message_templates',
  extends: BaseEntity,
  properties: {
    name: p.string().length(100),
    trigger: p.string().length(30).$type<TMessageTrigger>(),
    /** Days before check-in / after check-out for the triggers that count days. */
    offsetDays: p.integer().default(0),
    /** `HH:MM` at the home for the timed triggers. */
    sendTime: p.string().length(5).nullable(),
    body: p.text(),
    enabled: p.boolean().default(true),
    updatedAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
  indexes: [
    {
      // Names are unique whatever their case: the inbox and the template list tell templates apart by name.
      name: 'message_templates_name_lower_idx',
      expression:
        'create unique index "message_templates_name_lower_idx" on "message_templates" (lower("name"))',
    },
  ],
  checks: [{ name: 'message_templates_trigger_check', expression: oneOf('trigger', MESSAGE_TRIGGERS) }],
});
export type IMessageTemplate = InferEntity<typeof MessageTemplate>;

/** One template's message for one booking: due at an instant, sent once, or cancelled. */
export const ScheduledMessage = defineEntity({
  name: 'ScheduledMessage',
  tableName: 'scheduled_messages',
  extends: BaseEntity,
  properties: {
    booking: () => p.manyToOne(Booking).deleteRule('cascade'),
    template: () => p.manyToOne(MessageTemplate).deleteRule('cascade'),
    dueAt: p.datetime(),
    status: p.string().length(12).default('scheduled').$type<TScheduledStatus>(),
    sentAt: p.datetime().nullable(),
    message: () => p.manyToOne(Message).nullable().deleteRule('set null'),
  },
  uniques: [{ name: 'scheduled_messages_booking_template_key', properties: ['booking', 'template'] }],
  indexes: [
    {
      name: 'scheduled_messages_due_idx',
      expression: `create index "scheduled_messages_due_idx" on "scheduled_messages" ("due_at") where "status" = 'scheduled'`,
    },
  ],
  checks: [{ name: 'scheduled_messages_status_check', expression: oneOf('status', SCHEDULED_STATUSES) }],
});
export type IScheduledMessage = InferEntity<typeof ScheduledMessage>;

/**
 * What a guest needs to arrive (docs/messaging.md), one row per home, kept apart from the property so no
 * public read of a home can carry it. The door code and Wi-Fi are private: they reach a guest only in a
 * message sent from `privateFromDays` days before check-in.
 */
export const HomeGuide = defineEntity({
  name: 'HomeGuide',
  tableName: 'home_guides',
  properties: {
    property: () => p.oneToOne(Property).primary().deleteRule('cascade'),
    checkInTime: p.string().length(5).nullable(),
    checkOutTime: p.string().length(5).nullable(),
    checkInInstructions: p.text().nullable(),
    doorCode: p.string().length(100).nullable(),
    wifiName: p.string().length(100).nullable(),
    wifiPassword: p.string().length(100).nullable(),
    houseRules: p.text().nullable(),
    privateFromDays: p.integer().default(1),
    /** The trip page shows the check-in instructions from this many hours before arrival. */
    revealHoursBefore: p.integer().default(REVEAL_HOURS_DEFAULT),
  },
});
export type IHomeGuide = InferEntity<typeof HomeGuide>;
