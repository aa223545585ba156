import { z } from 'zod';
import { ZId, zInt, withDefault } from './common.ts';

export const EMAIL_STATUSES = ['queued', 'sent', 'delivered_locally', 'failed'] as const;

export const ZAdminEmail = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  template: z.string(),
  status: z.enum(EMAIL_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  html: z.string(),
});
export type TAdminEmail = z.infer<typeof ZAdminEmail>;

export const ZAdminEmailListInput = z.object({
  page: withDefault(
    zInt(
      z
        .number({ error: 'Page must be a number' })
        .int({ error: 'Page must be a whole number' })
        .min(1)
        .max(100_000),
    ),
    1,
  ),
  pageSize: withDefault(
    zInt(
      z
        .number({ error: 'Page size must be a number' })
        .int({ error: 'Page size must be a whole number' })
        .min(1)
        .max(100),
    ),
    20,
  ),
});
export const ZAdminEmailList = z.object({
  items: z.array(ZAdminEmail),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export const ZEmailIdInput = z.object({ id: ZId });

/**
 * The Integrations tab's 'Email Service' (docs/features.md#emails), decided by the server: 'Connected' after a
 * successful SMTP verify, 'Local delivery' without SMTP_URL, 'Disabled' with Email Notifications off.
 */
export const EMAIL_SERVICE_STATUSES = ['connected', 'local', 'disabled', 'unreachable'] as const;
export const ZEmailServiceStatus = z.object({
  status: z.enum(EMAIL_SERVICE_STATUSES),
  label: z.string(),
  detail: z.string(),
});
export type TEmailServiceStatus = z.infer<typeof ZEmailServiceStatus>;
