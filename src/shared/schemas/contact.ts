import { z } from 'zod';
import {
  CONTACT_EMAIL_REQUIRED,
  CONTACT_MESSAGE_REQUIRED,
  CONTACT_NAME_REQUIRED,
  CONTACT_SUBJECT_REQUIRED,
  ONE_LINE_ONLY,
} from '../messages.ts';

/** No CR or LF in what may reach a mail header (the sender's name, the subject). */
const oneLine = (s: string) => !/[\r\n]/.test(s);

/** The Contact Us form (docs/product.md#guest-messages): the form, the tRPC input and POST /api/contact validate with it. */
export const ZContactMessage = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: CONTACT_NAME_REQUIRED })
    .max(100, { error: 'Name must be at most 100 characters' })
    .refine(oneLine, { error: ONE_LINE_ONLY }),
  email: z
    .string()
    .trim()
    .pipe(z.email({ error: CONTACT_EMAIL_REQUIRED }).max(254, { error: CONTACT_EMAIL_REQUIRED })),
  subject: z
    .string()
    .trim()
    .min(1, { error: CONTACT_SUBJECT_REQUIRED })
    .max(200, { error: 'Subject must be at most 200 characters' })
    .refine(oneLine, { error: ONE_LINE_ONLY }),
  message: z
    .string()
    .trim()
    .min(1, { error: CONTACT_MESSAGE_REQUIRED })
    .max(5000, { error: 'Message must be at most 5000 characters' }),
});
export type TContactMessage = z.infer<typeof ZContactMessage>;

export const ZContactResult = z.object({ success: z.literal(true) });
