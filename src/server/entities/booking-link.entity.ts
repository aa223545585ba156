import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { createdAtProperty } from './base.entity.ts';
import { Booking } from './booking.entity.ts';

/**
 * A manage-booking link (docs/decisions.md#secret-links): the id is the SHA-256 of the token in the link, never the token.
 * A booking may have several (the confirmation, a 'Find my booking' answer, a review invitation).
 */
export const BookingLink = defineEntity({
  name: 'BookingLink',
  tableName: 'booking_links',
  properties: {
    id: p.string().length(64).primary(),
    booking: () => p.manyToOne(Booking).deleteRule('cascade').index(),
    createdAt: createdAtProperty(),
    expiresAt: p.datetime(),
  },
});
export type IBookingLink = InferEntity<typeof BookingLink>;
