import type { EntityManager } from '@mikro-orm/postgresql';
import type { TContactMessage } from '#shared/schemas/contact.ts';
import { enforceLimit, LIMITS } from '../auth/throttle.ts';
import { getSettings } from '../settings/settings.ts';
import { queueComposed, type TComposedEmail } from './compose.ts';
import { paragraph, quote, rows } from './render.ts';

/**
 * The Contact Us form (docs/features.md#emails): the message goes to the settings' support e-mail (Reply-To: the
 * sender), and the sender gets an auto-reply. Limited per IP in the shared counters. The auto-reply
 * carries none of the visitor's text, so the form cannot be used to send someone else their words.
 */
export async function sendContactMessage(
  em: EntityManager,
  input: TContactMessage,
  ip: string,
): Promise<{ success: true }> {
  await enforceLimit(em, LIMITS.contactPerIp, ip);
  const settings = await getSettings(em);
  const message: TComposedEmail = {
    to: settings.supportEmail,
    subject: `Contact form: ${input.subject}`,
    template: 'contact-message',
    heading: 'A message from the contact form',
    replyTo: input.email,
    blocks: [
      rows([
        ['Name', input.name],
        ['Email', input.email],
        ['Subject', input.subject],
      ]),
      quote(input.message),
      paragraph('Reply to this email to answer the sender.'),
    ],
  };
  const autoReply: TComposedEmail = {
    to: input.email,
    subject: `We have received your message`,
    template: 'contact-auto-reply',
    heading: 'Thank you for your message',
    blocks: [
      paragraph(
        `Thank you for writing to ${settings.siteName}. We have received your message and respond within 24 hours.`,
      ),
      paragraph(`If it is urgent, call us at ${settings.phoneNumber} (${settings.businessHours}).`),
    ],
  };
  // An auto-reply is a notification: it follows the Email Notifications switch, the message itself does not.
  const emails = settings.enableEmailNotifications ? [message, autoReply] : [message];
  // The outbox rows and their jobs commit together.
  await em.transactional((tx) => queueComposed(tx, settings, emails));
  return { success: true };
}
