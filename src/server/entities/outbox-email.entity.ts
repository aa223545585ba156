import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { BaseEntity, oneOf } from './base.entity.ts';
import { EMAIL_STATUSES } from '#shared/schemas/emails.ts';
import { Booking } from './booking.entity.ts';

type TEmailStatus = (typeof EMAIL_STATUSES)[number];

/**
 * An email block as stored: its content, unescaped; the worker writes its MJML when it renders. A string
 * is a block stored as MJML (already escaped) by an earlier version, rendered as it is.
 */
export type TStoredEmailBlock =
  string | { paragraph: string } | { rows: [string, string | number][] } | { quote: string };

/**
 * What the worker renders an email's HTML from: its frame and its blocks, as composed when the change
 * happened (a snapshot: the email says what was true then).
 */
export interface TEmailSource {
  siteName: string;
  logoUrl: string;
  heading: string;
  preview: string;
  blocks: TStoredEmailBlock[];
  action: { label: string; url: string } | null;
  /**
   * Issued money documents sent with the email as PDFs, made from the stored document when it is sent
   * (a document never changes once issued, so every attempt attaches the same file).
   */
  attachments?: { bookingId: number; number: string }[];
}

/**
 * The email outbox (docs/decisions.md#emails): a row is written in the same transaction as the change that causes
 * it, so a committed change always has its email and a rolled-back one never does. The queue delivers it.
 */
export const OutboxEmail = defineEntity({
  name: 'OutboxEmail',
  tableName: 'emails',
  extends: BaseEntity,
  properties: {
    toAddress: p.string().length(254),
    subject: p.string().length(300),
    template: p.string().length(60),
    /**
     * Rendered by the worker when it sends (MJML is too slow for the booking's transaction); null until
     * then, when the admin's preview renders it from `source`.
     */
    html: p.text().nullable(),
    text: p.text(),
    /** The composed email the HTML is rendered from; null on rows written rendered (before it existed). */
    source: p.json<TEmailSource>().nullable(),
    /** Where replies go when not to the From address (the contact form's sender). */
    replyTo: p.string().length(320).nullable(),
    /** queued → sent (SMTP) or delivered_locally (.eml file); failed after the last attempt. */
    status: p.string().length(20).default('queued').$type<TEmailStatus>(),
    attempts: p.integer().default(0),
    lastError: p.text().nullable(),
    /** Stable for the row (its id and time), set when first claimed, so every attempt sends the same one. */
    messageId: p.string().length(300).nullable(),
    /**
     * The send attempt that claimed this queued email, committed before its SMTP send and cleared when
     * its outcome is recorded; still set on a failed row whose attempt ended uncertain (docs/resilience.md).
     */
    attemptId: p.uuid().nullable(),
    claimedAt: p.datetime().nullable(),
    sentAt: p.datetime().nullable(),
    /** The booking an email is about, so the admin's booking drawer lists it; null for other emails. */
    booking: () => p.manyToOne(Booking).nullable().deleteRule('set null').index(),
  },
  indexes: [
    { name: 'emails_created_idx', properties: ['createdAt'] },
    {
      name: 'emails_queued_idx',
      expression: `create index "emails_queued_idx" on "emails" ("id") where "status" = 'queued'`,
    },
  ],
  checks: [
    {
      name: 'emails_status_check',
      expression: oneOf('status', EMAIL_STATUSES),
    },
    // Every email can be shown and sent: rendered, or renderable.
    { name: 'emails_body_check', expression: 'html is not null or source is not null' },
  ],
});
export type IOutboxEmail = InferEntity<typeof OutboxEmail>;
