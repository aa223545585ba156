import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { BaseEntity, oneOf } from './base.entity.ts';
import { EMAIL_STATUSES } from '../../shared/schemas/emails.ts';

type TEmailStatus = (typeof EMAIL_STATUSES)[number];

/**
 * The email outbox (DECISIONS 17): a row is written in the same transaction as the change that causes
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
    html: p.text(),
    text: p.text(),
    /** queued → sent (SMTP) or delivered_locally (.eml file); failed after the last attempt. */
    status: p.string().length(20).default('queued').$type<TEmailStatus>(),
    attempts: p.integer().default(0),
    lastError: p.text().nullable(),
    messageId: p.string().length(300).nullable(),
    sentAt: p.datetime().nullable(),
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
  ],
});
export type IOutboxEmail = InferEntity<typeof OutboxEmail>;
