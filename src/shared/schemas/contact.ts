import { z } from 'zod';
import {
  CONTACT_EMAIL_REQUIRED,
  CONTACT_MESSAGE_REQUIRED,
  CONTACT_NAME_REQUIRED,
  CONTACT_SUBJECT_REQUIRED,
} from '../messages.ts';
import { zLine, zText } from './common.ts';

/**
 * The Contact Us form (docs/product.md#guest-messages): the form, the tRPC input and POST /api/contact validate with it.
 * The name and the subject may reach a mail header, so each is one line.
 */
export const ZContactMessage = z.object({
  name: zLine('Name')
    .trim()
    .min(1, { error: CONTACT_NAME_REQUIRED })
    .max(100, { error: 'Name must be at most 100 characters' }),
  email: zLine('Email')
    .trim()
    .pipe(z.email({ error: CONTACT_EMAIL_REQUIRED }).max(254, { error: CONTACT_EMAIL_REQUIRED })),
  subject: zLine('Subject')
    .trim()
    .min(1, { error: CONTACT_SUBJECT_REQUIRED })
    .max(200, { error: 'Subject must be at most 200 characters' }),
  message: zText('Message')
    .trim()
    .min(1, { error: CONTACT_MESSAGE_REQUIRED })
    .max(5000, { error: 'Message must be at most 5000 characters' }),
});
export type TContactMessage = z.infer<typeof ZContactMessage>;

export const ZContactResult = z.object({ success: z.literal(true) });
