import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { BaseEntity, oneOf } from './base.entity.ts';
import { BOOKING_STATUSES, type TBookingStatus } from '../../shared/constants.ts';
import type { TContactInfo } from '../../shared/schemas/booking.ts';
import { Property } from './property.entity.ts';
import { User } from './user.entity.ts';

/**
 * No double bookings under any concurrency (DECISIONS 5, 21): a trigger gives every pending or confirmed
 * booking a row in `date_holds`, whose exclusion constraint also covers blocks and imported events.
 */
export const Booking = defineEntity({
  name: 'Booking',
  tableName: 'bookings',
  extends: BaseEntity,
  properties: {
    /** Null for a guest booking (DECISIONS 2). */
    user: () => p.manyToOne(User).nullable().deleteRule('set null').index(),
    property: () => p.manyToOne(Property).deleteRule('restrict'),
    /** Calendar dates as `yyyy-MM-dd` strings (DECISIONS 8). */
    checkIn: p.date(),
    checkOut: p.date(),
    guests: p.integer(),
    totalPrice: p.integer(),
    status: p.string().length(20).default('pending').$type<TBookingStatus>(),
    contactInfo: p.json<TContactInfo>().nullable(),
    /** The price snapshot (DECISIONS 3). */
    nightlyPrice: p.integer(),
    nights: p.integer(),
    taxRate: p.double().$type<number>(),
    taxAmount: p.integer(),
    /** The price of each night from check-in on (the home's rates at booking time); null before rates existed. */
    nightPrices: p.array<number>().columnType('integer[]').nullable(),
    confirmationNumber: p.string().length(12).unique(),
    /** When the guest was invited to review the stay (the day after check-out), so it happens once. */
    reviewInvitedAt: p.datetime().nullable(),
  },
  indexes: [{ name: 'bookings_created_idx', properties: ['createdAt'] }],
  checks: [
    { name: 'bookings_status_check', expression: oneOf('status', BOOKING_STATUSES) },
    { name: 'bookings_dates_check', expression: 'check_out > check_in' },
    { name: 'bookings_guests_check', expression: 'guests >= 1' },
  ],
});
export type IBooking = InferEntity<typeof Booking>;
