import type { EntityManager } from '@mikro-orm/postgresql';
import { findManagedBooking } from '../../repositories/managed-bookings.ts';
import { issueManageLink } from '../bookings/manage.ts';
import { managePath } from '../bookings/manage-links.ts';
import { paymentTermsBlocks, type TCardReach } from '../payments/terms.ts';
import { getSettings } from '../settings/settings.ts';
import { queueComposed } from './compose.ts';
import { cancellationSentence, stayRows } from './guest-emails.ts';
import { absoluteUrl } from './outbox.ts';
import { paragraph, quote } from './render.ts';

/** How a request to book was answered: by the operator, or by the clock (docs/booking-operations.md#booking-modes). */
export type TRequestAnswer = 'accepted' | 'declined' | 'expired';

/**
 * The guest hears how their request was answered, in the transaction of the answer (off with Email
 * Notifications). An accepted request's email carries a fresh manage link: the deposit is asked for now.
 */
export async function emailRequestAnswered(
  tx: EntityManager,
  bookingId: number,
  answer: TRequestAnswer,
  now: Date,
  reach: TCardReach = { cardAvailable: false },
  reason?: string,
): Promise<void> {
  const [settings, b] = await Promise.all([getSettings(tx), findManagedBooking(tx, bookingId)]);
  if (!b?.contactInfo?.email || !settings.enableEmailNotifications) return;
  const { name, email } = b.contactInfo;
  const title = b.property.title;
  if (answer === 'accepted') {
    const [token, terms] = await Promise.all([
      issueManageLink(tx, bookingId, b.checkOut),
      paymentTermsBlocks(tx, bookingId, reach),
    ]);
    await queueComposed(tx, settings, [
      {
        bookingId,
        to: email,
        subject: `Request accepted: ${title} (${b.confirmationNumber})`,
        template: 'booking-request-accepted',
        heading: 'Your booking is confirmed',
        blocks: [
          paragraph(
            `Hello ${name}, good news: ${settings.siteName} accepted your request to stay at ${title}. Your booking is confirmed.`,
          ),
          stayRows(b),
          ...terms,
          paragraph(cancellationSentence(b, now)),
        ],
        action: { label: 'Manage your booking', url: absoluteUrl(managePath(token)) },
      },
    ]);
    return;
  }
  await queueComposed(tx, settings, [
    {
      bookingId,
      to: email,
      subject: `Request declined: ${title} (${b.confirmationNumber})`,
      template: answer === 'expired' ? 'booking-request-expired' : 'booking-request-declined',
      heading: 'Your request was declined',
      blocks: [
        paragraph(
          answer === 'expired'
            ? `Hello ${name}, we are sorry: your request to stay at ${title} was not answered in time, so it is declined. Nothing was charged, and the dates are free again.`
            : `Hello ${name}, we are sorry: ${settings.siteName} cannot accept your request to stay at ${title} on these dates. Nothing was charged, and the dates are free again.`,
        ),
        ...(reason ? [paragraph("The host's reason:"), quote(reason)] : []),
        stayRows(b),
      ],
      action: { label: 'Find another stay', url: absoluteUrl('/') },
    },
  ]);
}
