import type { EntityManager } from '@mikro-orm/postgresql';
import { joinInquiryToBooking } from './inquiries.ts';

/**
 * What messaging does when a booking is made (docs/messaging.md): the guest's open question about the home
 * becomes the booking's conversation. Runs after the booking's own statement, outside its hot path.
 */
export async function bookingMade(
  em: EntityManager,
  b: { id: number; propertyId: number; contactInfo: { email: string } | null },
): Promise<void> {
  await joinInquiryToBooking(em, { id: b.id, propertyId: b.propertyId, email: b.contactInfo?.email });
}
