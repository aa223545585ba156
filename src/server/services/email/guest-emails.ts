import type { EntityManager } from '@mikro-orm/postgresql';
import { formatDeadline, cancellationDeadline, POLICY_LABEL } from '../../../shared/cancellation.ts';
import { formatIsoDate } from '../../../shared/dates.ts';
import { guestsLabel } from '../../../shared/labels.ts';
import { findManagedBooking, type TManagedRow } from '../../repositories/managed-bookings.ts';
import { managePath } from '../bookings/manage-links.ts';
import { getSettings } from '../settings/settings.ts';
import { join, layout, paragraph, rows, usd } from './layout.ts';
import { absoluteUrl, queueEmail } from './outbox.ts';

/** The guest's own emails about a booking and an account (issue 13), written into the outbox in the caller's transaction. */

function stayRows(b: TManagedRow) {
  return rows([
    ['Home', b.title],
    ['BIC number', b.confirmation_number],
    ['Check-in', formatIsoDate(b.check_in, true)],
    ['Check-out', formatIsoDate(b.check_out, true)],
    ['Nights', b.nights],
    ['Guests', guestsLabel(b.guests)],
    [`${usd(b.nightly_price)} x ${b.nights} nights`, usd(b.nightly_price * b.nights)],
    [`GST (${b.tax_rate}%)`, usd(b.tax_amount)],
    ['Total', usd(b.total_price)],
  ]);
}

async function booking(tx: EntityManager, bookingId: number): Promise<TManagedRow | null> {
  const b = await findManagedBooking(tx, bookingId);
  return b?.contact_info?.email ? b : null;
}

/** 'Booking received' with the manage link (a booking email; off with Email Notifications). */
export async function emailBookingReceived(
  tx: EntityManager,
  bookingId: number,
  token: string,
): Promise<void> {
  const [settings, b] = await Promise.all([getSettings(tx), booking(tx, bookingId)]);
  if (!b?.contact_info || !settings.enableEmailNotifications) return;
  const deadline = formatDeadline(cancellationDeadline(b.check_in, b.cancellation_policy));
  const body = layout(
    settings.siteName,
    'We have received your booking',
    join(
      paragraph(`Hello ${b.contact_info.name}, thank you for booking ${b.title}. Your booking is pending.`),
      stayRows(b),
      paragraph(
        `Cancellation policy: ${POLICY_LABEL[b.cancellation_policy]}. You can cancel free of charge until ${deadline}.`,
      ),
      paragraph('Keep this email: its link lets you see, cancel or review your booking. Do not share it.'),
    ),
    { label: 'Manage your booking', url: absoluteUrl(managePath(token)) },
  );
  await queueEmail(tx, {
    to: b.contact_info.email,
    subject: `Booking received: ${b.title} (${b.confirmation_number})`,
    template: 'booking-received',
    bookingId,
    ...body,
  });
}

/** The guest and the operator each learn that the guest cancelled (off with Email Notifications). */
export async function emailBookingCancelled(tx: EntityManager, bookingId: number): Promise<void> {
  const [settings, b] = await Promise.all([getSettings(tx), booking(tx, bookingId)]);
  if (!b?.contact_info || !settings.enableEmailNotifications) return;
  const guest = layout(
    settings.siteName,
    'Your booking is cancelled',
    join(
      paragraph(`Hello ${b.contact_info.name}, your booking at ${b.title} is cancelled, free of charge.`),
      stayRows(b),
    ),
  );
  await queueEmail(tx, {
    to: b.contact_info.email,
    subject: `Booking cancelled: ${b.title} (${b.confirmation_number})`,
    template: 'booking-cancelled-guest',
    bookingId,
    ...guest,
  });
  const operator = layout(
    settings.siteName,
    'A guest cancelled a booking',
    join(
      paragraph(
        `${b.contact_info.name} (${b.contact_info.email}, ${b.contact_info.phone}) cancelled their booking. The dates are free again.`,
      ),
      stayRows(b),
    ),
    { label: 'Open the bookings', url: absoluteUrl('/admin/bookings') },
  );
  await queueEmail(tx, {
    to: settings.notificationEmail,
    subject: `Guest cancelled ${b.confirmation_number}: ${b.title}`,
    template: 'booking-cancelled-operator',
    bookingId,
    ...operator,
  });
}

/** 'Find my booking': a fresh manage link, to the address on file only (a security email: always sent). */
export async function emailManageLink(tx: EntityManager, bookingId: number, token: string): Promise<void> {
  const [settings, b] = await Promise.all([getSettings(tx), booking(tx, bookingId)]);
  if (!b?.contact_info) return;
  const body = layout(
    settings.siteName,
    'Your booking link',
    join(
      paragraph(
        `Hello ${b.contact_info.name}, here is the link to manage your booking ${b.confirmation_number}.`,
      ),
      stayRows(b),
    ),
    { label: 'Manage your booking', url: absoluteUrl(managePath(token)) },
  );
  await queueEmail(tx, {
    to: b.contact_info.email,
    subject: `Your link to booking ${b.confirmation_number}`,
    template: 'booking-link',
    bookingId,
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
  if (!b?.contact_info || !settings.enableEmailNotifications || !settings.enableReviews) return;
  const body = layout(
    settings.siteName,
    `How was your stay at ${b.title}?`,
    paragraph(
      `Hello ${b.contact_info.name}, we hope you enjoyed your stay. A few words help the next guests choose.`,
    ),
    { label: 'Review your stay', url: absoluteUrl(managePath(token)) },
  );
  await queueEmail(tx, {
    to: b.contact_info.email,
    subject: `How was your stay at ${b.title}?`,
    template: 'review-invitation',
    bookingId,
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
