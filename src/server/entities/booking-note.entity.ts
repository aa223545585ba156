import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { createdAtProperty } from './base.entity.ts';
import { Booking } from './booking.entity.ts';
import { User } from './user.entity.ts';

/** An operator's internal note on a booking: never shown to the guest. */
export const BookingNote = defineEntity({
  name: 'BookingNote',
  tableName: 'booking_notes',
  properties: {
    id: p.integer().primary(),
    booking: () => p.manyToOne(Booking).deleteRule('cascade').index(),
    author: () => p.manyToOne(User).nullable().deleteRule('set null'),
    authorName: p.string().length(100),
    body: p.text(),
    createdAt: createdAtProperty(),
  },
});
export type IBookingNote = InferEntity<typeof BookingNote>;
