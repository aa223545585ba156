import type { EntityManager } from '@mikro-orm/postgresql';
import { formatIsoDate } from '#shared/dates.ts';
import { partyLabel } from '#shared/labels.ts';
import type { TChangeRequest } from '#shared/schemas/operator-bookings.ts';
import type { TSettings } from '#shared/schemas/settings.ts';
import { findManagedBooking } from '../../repositories/managed-bookings.ts';
import { issueManageLink } from '../bookings/manage.ts';
import { managePath } from '../bookings/manage-links.ts';
import { getSettings } from '../settings/settings.ts';
import { queueComposed, type TComposedEmail } from './compose.ts';
import { absoluteUrl } from './outbox.ts';
import { paragraph, quote, rows, usd } from './render.ts';
import { stayRows } from './guest-emails.ts';

/**
 * The emails of bookings the operator enters or changes, and of guests' change requests
 * (docs/booking-operations.md), written in the caller's transaction. Each follows 'Email Notifications';
 * a booking without a guest e-mail gets none.
 */

const ADMIN_BOOKINGS_PATH = '/admin/bookings';

type TFound = {
  b: NonNullable<Awaited<ReturnType<typeof findManagedBooking>>>;
  contact: { name: string; email: string };
  settings: TSettings;
};
type TGuestMessage = Pick<TComposedEmail, 'subject' | 'template' | 'heading' | 'blocks' | 'action'>;

/** Queues one email to the booking's guest, written by `write` from the booking as it now is. */
async function emailGuest(
  tx: EntityManager,
  bookingId: number,
  write: (found: TFound) => Promise<TGuestMessage> | TGuestMessage,
): Promise<void> {
  const [settings, b] = await Promise.all([getSettings(tx), findManagedBooking(tx, bookingId)]);
  if (!b?.contactInfo?.email || !settings.enableEmailNotifications) return;
  const contact = b.contactInfo;
  await queueComposed(tx, settings, [
    { bookingId, to: contact.email, ...(await write({ b, contact, settings })) },
  ]);
}

/** The operator entered the booking: the guest gets its details and the manage link made with it. */
export async function emailOperatorBooking(
  tx: EntityManager,
  bookingId: number,
  token: string,
): Promise<void> {
  await emailGuest(tx, bookingId, ({ b, contact, settings }) => ({
    subject: `Booking confirmed: ${b.property.title} (${b.confirmationNumber})`,
    template: 'booking-operator-created',
    heading: 'Your booking is confirmed',
    blocks: [
      paragraph(`Hello ${contact.name}, ${settings.siteName} has booked ${b.property.title} for you.`),
      stayRows(b),
      paragraph('Keep this email: its link lets you see your booking or ask for a change. Do not share it.'),
    ],
    action: { label: 'Manage your booking', url: absoluteUrl(managePath(token)) },
  }));
}

/** What a change did to the price, in the guest's words. */
function differenceSentence(difference: number): string {
  if (difference > 0) return `The new total is ${usd(difference)} more than before.`;
  if (difference < 0)
    return `The new total is ${usd(-difference)} less than before; we will refund what you paid over it.`;
  return 'The total is unchanged.';
}

/** The booking was changed (by the operator, or by accepting the guest's request). */
export async function emailBookingChanged(
  tx: EntityManager,
  bookingId: number,
  change: { difference: number; acceptedRequest: boolean },
): Promise<void> {
  await emailGuest(tx, bookingId, async ({ b, contact }) => ({
    subject: `Booking changed: ${b.property.title} (${b.confirmationNumber})`,
    template: change.acceptedRequest ? 'booking-change-accepted' : 'booking-changed',
    heading: change.acceptedRequest ? 'Your change request is accepted' : 'Your booking has changed',
    blocks: [
      paragraph(
        change.acceptedRequest
          ? `Hello ${contact.name}, we have accepted your change request. Your booking at ${b.property.title} is now as below.`
          : `Hello ${contact.name}, your booking at ${b.property.title} has been changed. It is now as below.`,
      ),
      stayRows(b),
      paragraph(differenceSentence(change.difference)),
    ],
    action: {
      label: 'Manage your booking',
      url: absoluteUrl(managePath(await issueManageLink(tx, bookingId, b.checkOut))),
    },
  }));
}

/** The operator declined the guest's change request: the booking stays as it was. */
export async function emailChangeDeclined(
  tx: EntityManager,
  bookingId: number,
  request: TChangeRequest,
): Promise<void> {
  await emailGuest(tx, bookingId, ({ b, contact }) => ({
    subject: `Change request declined: ${b.property.title} (${b.confirmationNumber})`,
    template: 'booking-change-declined',
    heading: 'Your change request was declined',
    blocks: [
      paragraph(
        `Hello ${contact.name}, we cannot change your booking at ${b.property.title} to ${formatIsoDate(request.checkIn)} – ${formatIsoDate(request.checkOut)}. Your booking stays as it was.`,
      ),
      ...(request.declineReason ? [quote(request.declineReason)] : []),
      stayRows(b),
    ],
  }));
}

/** The guest asked for a change: the operator hears of it (a notification, like a new booking). */
export async function emailChangeRequested(
  tx: EntityManager,
  bookingId: number,
  request: {
    checkIn: string;
    checkOut: string;
    guests: number;
    infants: number;
    pets: number;
    message: string | null;
  },
): Promise<void> {
  const [settings, b] = await Promise.all([getSettings(tx), findManagedBooking(tx, bookingId)]);
  if (!b || !settings.enableEmailNotifications) return;
  await queueComposed(tx, settings, [
    {
      bookingId,
      to: settings.notificationEmail,
      subject: `Change requested ${b.confirmationNumber}: ${b.property.title}`,
      template: 'booking-change-requested',
      heading: 'A guest asks to change a booking',
      ...(b.contactInfo?.email ? { replyTo: b.contactInfo.email } : {}),
      blocks: [
        paragraph(`${b.contactInfo?.name ?? 'The guest'} asks to change booking ${b.confirmationNumber}.`),
        rows([
          ['Now', `${formatIsoDate(b.checkIn)} – ${formatIsoDate(b.checkOut)}, ${partyLabel(b)}`],
          [
            'Asked for',
            `${formatIsoDate(request.checkIn)} – ${formatIsoDate(request.checkOut)}, ${partyLabel(request)}`,
          ],
        ]),
        ...(request.message ? [quote(request.message)] : []),
      ],
      action: { label: 'Open the booking', url: absoluteUrl(`${ADMIN_BOOKINGS_PATH}?booking=${bookingId}`) },
    },
  ]);
}
