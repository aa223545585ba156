import type { EntityManager } from '@mikro-orm/postgresql';
import type { TSettings } from '#shared/schemas/settings.ts';
import type { TNewEmail } from '../../repositories/emails.ts';
import { absoluteUrl, queueEmails } from './outbox.ts';
import { composeEmail, type TEmailAction, type TEmailBlock } from './render.ts';

/** The PNG served from the client's public folder (mail clients do not show SVG). */
export const EMAIL_LOGO_PATH = '/email-logo.png';

export interface TComposedEmail {
  to: string;
  subject: string;
  /** Names the kind of email in the outbox (admin Emails page). */
  template: string;
  heading: string;
  blocks: TEmailBlock[];
  action?: TEmailAction;
  /** Where a reply goes (the contact form's sender), when not the From address. */
  replyTo?: string;
  /** The booking the email is about: the admin's booking drawer lists its emails. */
  bookingId?: number | undefined;
  /** Numbers of the booking's issued documents (invoices, credit notes) to send with it as PDFs. */
  attachments?: string[];
}

/** Emails composed in the site's frame (name and logo from the settings), as outbox rows. Pure. */
export function composeOutboxRows(
  settings: Pick<TSettings, 'siteName'>,
  emails: TComposedEmail[],
): TNewEmail[] {
  const logoUrl = absoluteUrl(EMAIL_LOGO_PATH);
  return emails.map((email) => {
    const composed = composeEmail(
      { siteName: settings.siteName, logoUrl, heading: email.heading },
      email.blocks,
      email.action,
    );
    const { bookingId } = email;
    if (email.attachments?.length && bookingId !== undefined)
      composed.source.attachments = email.attachments.map((number) => ({ bookingId, number }));
    return {
      to: email.to,
      subject: email.subject,
      template: email.template,
      replyTo: email.replyTo ?? null,
      bookingId,
      ...composed,
    };
  });
}

/**
 * Composes emails (composeOutboxRows) and writes them to the outbox in `tx`, all in one insert. Only the
 * cheap part happens here: the worker renders the HTML when it sends.
 */
export async function queueComposed(
  tx: EntityManager,
  settings: Pick<TSettings, 'siteName'>,
  emails: TComposedEmail[],
): Promise<number[]> {
  return queueEmails(tx, composeOutboxRows(settings, emails));
}
