import type { EntityManager } from '@mikro-orm/postgresql';
import { formatDeadline, cancellationDeadline, POLICY_LABEL } from '../../../shared/cancellation.ts';
import { formatIsoDate } from '../../../shared/dates.ts';
import { guestsLabel } from '../../../shared/labels.ts';
import { findManagedBooking, type TManagedRecord } from '../../repositories/managed-bookings.ts';
import { managePath } from '../bookings/manage-links.ts';
import { getSettings } from '../settings/settings.ts';
import { join, layout, paragraph, rows, usd } from './layout.ts';
import { absoluteUrl, queueEmail } from './outbox.ts';

/** The guest's own emails about a booking and an account (issue 13), written into the outbox in the caller's transaction. */

function stayRows(b: TManagedRecord) {
  return rows([
    ['Home', b.property.title],
    ['BIC number', b.confirmationNumber],
    ['Check-in', formatIsoDate(b.checkIn, true)],
    ['Check-out', formatIsoDate(b.checkOut, true)],
    ['Nights', b.nights],
    ['Guests', guestsLabel(b.guests)],
    [`${usd(b.nightlyPrice)} x ${b.nights} nights`, usd(b.nightlyPrice * b.nights)],
    [`GST (${b.taxRate}%)`, usd(b.taxAmount)],
    ['Total', usd(b.totalPrice)],
  ]);
}

async function booking(tx: EntityManager, bookingId: number): Promise<TManagedRecord | null> {
  const b = await findManagedBooking(tx, bookingId);
  return b?.contactInfo?.email ? b : null;
}

/** 'Booking received' with the manage link (a booking email; off with Email Notifications). */
export async function emailBookingReceived(
  tx: EntityManager,
  bookingId: number,
  token: string,
): Promise<void> {
  const [settings, b] = await Promise.all([getSettings(tx), booking(tx, bookingId)]);
  if (!b?.contactInfo || !settings.enableEmailNotifications) return;
  const deadline = formatDeadline(cancellationDeadline(b.checkIn, b.cancellationPolicy));
  const body = layout(
    settings.siteName,
    'We have received your booking',
    join(
      paragraph(
        `Hello ${b.contactInfo.name}, thank you for booking ${b.property.title}. Your booking is pending.`,
      ),
      stayRows(b),
      paragraph(
        `Cancellation policy: ${POLICY_LABEL[b.cancellationPolicy]}. You can cancel free of charge until ${deadline}.`,
      ),
      paragraph('Keep this email: its link lets you see, cancel or review your booking. Do not share it.'),
    ),
    { label: 'Manage your booking', url: absoluteUrl(managePath(token)) },
  );
  await queueEmail(tx, {
    to: b.contactInfo.email,
    subject: `Booking received: ${b.property.title} (${b.confirmationNumber})`,
    template: 'booking-received',
    ...body,
  });
}

/** The guest and the operator each learn that the guest cancelled (off with Email Notifications). */
export async function emailBookingCancelled(tx: EntityManager, bookingId: number): Promise<void> {
  const [settings, b] = await Promise.all([getSettings(tx), booking(tx, bookingId)]);
  if (!b?.contactInfo || !settings.enableEmailNotifications) return;
  const guest = layout(
    settings.siteName,
    'Your booking is cancelled',
    join(
      paragraph(
        `Hello ${b.contactInfo.name}, your booking at ${b.property.title} is cancelled, free of charge.`,
      ),
      stayRows(b),
    ),
  );
  await queueEmail(tx, {
    to: b.contactInfo.email,
    subject: `Booking cancelled: ${b.property.title} (${b.confirmationNumber})`,
    template: 'booking-cancelled-guest',
    ...guest,
  });
  const operator = layout(
    settings.siteName,
    'A guest cancelled a booking',
    join(
      paragraph(
        `${b.contactInfo.name} (${b.contactInfo.email}, ${b.contactInfo.phone}) cancelled their booking. The dates are free again.`,
      ),
      stayRows(b),
    ),
    { label: 'Open the bookings', url: absoluteUrl('/admin/bookings') },
  );
  await queueEmail(tx, {
    to: settings.notificationEmail,
    subject: `Guest cancelled ${b.confirmationNumber}: ${b.property.title}`,
    template: 'booking-cancelled-operator',
    ...operator,
  });
}

/** 'Find my booking': a fresh manage link, to the address on file only (a security email: always sent). */
export async function emailManageLink(tx: EntityManager, bookingId: number, token: string): Promise<void> {
  const [settings, b] = await Promise.all([getSettings(tx), booking(tx, bookingId)]);
  if (!b?.contactInfo) return;
  const body = layout(
    settings.siteName,
    'Your booking link',
    join(
      paragraph(
        `Hello ${b.contactInfo.name}, here is the link to manage your booking ${b.confirmationNumber}.`,
      ),
      stayRows(b),
    ),
    { label: 'Manage your booking', url: absoluteUrl(managePath(token)) },
  );
  await queueEmail(tx, {
    to: b.contactInfo.email,
    subject: `Your link to booking ${b.confirmationNumber}`,
    template: 'booking-link',
    ...body,
  });
}

/** The day after check-out: an invitation to review the stay (off with Email Notifications or reviews). */
export async function emailReviewInvitation(
  tx: EntityManager,
  bookingId: number,
  token: string,
): Promise<void> {
  const [settings, b] = await Promise.all([getSettings(tx), booking(tx, bookingId)]);
  if (!b?.contactInfo || !settings.enableEmailNotifications || !settings.enableReviews) return;
  const body = layout(
    settings.siteName,
    `How was your stay at ${b.property.title}?`,
    paragraph(
      `Hello ${b.contactInfo.name}, we hope you enjoyed your stay. A few words help the next guests choose.`,
    ),
    { label: 'Review your stay', url: absoluteUrl(managePath(token)) },
  );
  await queueEmail(tx, {
    to: b.contactInfo.email,
    subject: `How was your stay at ${b.property.title}?`,
    template: 'review-invitation',
    ...body,
  });
}

/** A password-reset link (a security email: sent even with Email Notifications off). */
export async function emailPasswordReset(
  tx: EntityManager,
  to: { email: string; name: string },
  resetPath: string,
): Promise<void> {
  const settings = await getSettings(tx);
  const body = layout(
    settings.siteName,
    'Reset your password',
    paragraph(
      `Hello ${to.name}, someone asked to reset the password of your account. The link works once, within one hour. If it was not you, ignore this email: your password stays as it is.`,
    ),
    { label: 'Choose a new password', url: absoluteUrl(resetPath) },
  );
  await queueEmail(tx, { to: to.email, subject: 'Reset your password', template: 'password-reset', ...body });
}
