import type { EntityManager } from '@mikro-orm/postgresql';
import { bookingEvent, planBookingMessages } from './automated.ts';
import { joinInquiryToBooking } from './inquiries.ts';

/**
 * What messaging does when a booking is made (docs/messaging.md): the guest's open question about the home
 * becomes the booking's conversation, its 'on booking' messages are due and its timed ones planned. Runs
 * after the booking's own statement has committed.
 */
export async function bookingMade(
  em: EntityManager,
  b: { id: number; propertyId: number; contactInfo: { email: string } | null; status?: string },
  now = new Date(),
): Promise<void> {
  await joinInquiryToBooking(em, { id: b.id, propertyId: b.propertyId, email: b.contactInfo?.email });
  await bookingEvent(em, b.id, 'booking_created', now);
  // An instant booking is confirmed as it is made: its 'on confirmation' messages are due too.
  if (b.status === 'confirmed') await bookingEvent(em, b.id, 'booking_confirmed', now);
  await planBookingMessages(em, b.id, now);
}
