import type { EntityManager } from '@mikro-orm/postgresql';
import type { TSettings } from '#shared/schemas/settings.ts';
import { newLinkToken } from '../auth/secret-tokens.ts';
import { issueManageLink } from '../bookings/manage.ts';
import { managePath } from '../bookings/manage-links.ts';
import { queueComposed } from '../email/compose.ts';
import { absoluteUrl } from '../email/outbox.ts';
import { paragraph, quote } from '../email/render.ts';
import { insertConversationLink, type TThreadHeader } from '../../repositories/messaging.ts';
import { db, isoDate } from '../../repositories/db.ts';

/**
 * Each new message emails the other side once, in the transaction that stores it (docs/messaging.md#emails).
 * The text goes in as a quote block: escaped in the HTML part, as written in the plain-text part.
 */

/** An inquiry's private link works this long after it was sent. */
const INQUIRY_LINK_DAYS = 180;

export function threadPath(token: string): string {
  return `/messages/${token}`;
}

export function inboxPath(conversationId: number): string {
  return `/admin/inbox?c=${conversationId}`;
}

/** A fresh private link to an inquiry's thread; only its hash is kept. */
export async function issueThreadLink(
  tx: EntityManager,
  conversationId: number,
  now = new Date(),
): Promise<string> {
  const { token, hash } = newLinkToken();
  await insertConversationLink(
    tx,
    conversationId,
    hash,
    new Date(now.getTime() + INQUIRY_LINK_DAYS * 86_400_000),
  );
  return token;
}

/**
 * Where the guest's email points: a booking's thread lives on its manage page (a fresh manage link, as
 * only hashes are stored), an inquiry's on its own private page.
 */
export async function guestThreadUrl(tx: EntityManager, thread: TThreadHeader): Promise<string> {
  if (thread.bookingId !== null) {
    const b = await db(tx)
      .selectFrom('bookings')
      .select(isoDate('check_out').as('check_out'))
      .where('id', '=', thread.bookingId)
      .executeTakeFirstOrThrow();
    const token = await issueManageLink(tx, thread.bookingId, b.check_out);
    return absoluteUrl(`${managePath(token)}#messages`);
  }
  return absoluteUrl(threadPath(await issueThreadLink(tx, thread.id)));
}

export async function emailGuestAboutMessage(
  tx: EntityManager,
  settings: Pick<TSettings, 'siteName'>,
  thread: TThreadHeader,
  body: string,
  url?: string,
): Promise<void> {
  const link = url ?? (await guestThreadUrl(tx, thread));
  await queueComposed(tx, settings, [
    {
      bookingId: thread.bookingId ?? undefined,
      to: thread.guestEmail,
      subject: `New message about ${thread.home.title}`,
      template: 'message-to-guest',
      heading: `A message from ${settings.siteName}`,
      blocks: [
        paragraph(`Hello ${thread.guestName}, you have a new message about ${thread.home.title}:`),
        quote(body),
        paragraph('To answer, use the link below: replies to this email are not read.'),
      ],
      action: { label: 'Read and reply', url: link },
    },
  ]);
}

export async function emailOperatorAboutMessage(
  tx: EntityManager,
  settings: Pick<TSettings, 'siteName' | 'notificationEmail'>,
  thread: TThreadHeader,
  body: string,
  isNewInquiry = false,
): Promise<void> {
  await queueComposed(tx, settings, [
    {
      bookingId: thread.bookingId ?? undefined,
      to: settings.notificationEmail,
      subject: isNewInquiry
        ? `New question about ${thread.home.title} from ${thread.guestName}`
        : `New message from ${thread.guestName}: ${thread.home.title}`,
      template: isNewInquiry ? 'inquiry-operator' : 'message-to-operator',
      heading: isNewInquiry ? 'A question before booking' : 'A new message from a guest',
      blocks: [
        paragraph(`${thread.guestName} (${thread.guestEmail}) wrote about ${thread.home.title}:`),
        quote(body),
        paragraph('Answer in the inbox: the guest does not see replies to this email.'),
      ],
      action: { label: 'Open the inbox', url: absoluteUrl(inboxPath(thread.id)) },
    },
  ]);
}
