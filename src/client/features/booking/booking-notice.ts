import type { TBookingStatus } from '#shared/constants.ts';
import { answerByLabel } from '#shared/stay-status.ts';

/**
 * What the guest is told right after booking, by the booking's own status (docs/booking-operations.md#status-words):
 * the spec's 'Booking confirmed!' only for a booking that is confirmed.
 */
export function bookingNotice(
  b: { status: TBookingStatus; respondBy?: string | null | undefined },
  title: string,
  email: string,
): { title: string; message: string; dialogTitle: string; dialogText: string } {
  if (b.status === 'requested') {
    const by = b.respondBy ? ` by ${answerByLabel(b.respondBy)}` : ' soon';
    return {
      title: 'Request sent',
      message: `Your request to stay at ${title} was sent. You will have an answer${by}; we have e-mailed ${email}.`,
      dialogTitle: 'Request sent',
      dialogText: `Your request was sent. You will have an answer${by}, by e-mail. Your dates are held until then, and nothing is charged unless the request is accepted.`,
    };
  }
  if (b.status === 'confirmed') {
    return {
      title: 'Booking confirmed!',
      message: `Your stay at ${title} is confirmed. A confirmation email has been sent to ${email}`,
      dialogTitle: 'Booking Confirmed!',
      dialogText: 'A confirmation email has been sent to your email address.',
    };
  }
  return {
    title: 'Booking received',
    message: `Your booking at ${title} is pending. An email has been sent to ${email}`,
    dialogTitle: 'Booking received',
    dialogText: 'Your booking is pending. We have e-mailed you its details.',
  };
}
