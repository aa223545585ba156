import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { CHANGE_REQUEST_STATUSES, type TChangeRequestStatus } from '#shared/operator-bookings.ts';
import { BaseEntity, oneOf } from './base.entity.ts';
import { Booking } from './booking.entity.ts';

/**
 * A guest's request to change their stay (docs/booking-operations.md#change-requests): the dates and party
 * they ask for, until the operator accepts or declines it. At most one waits per booking.
 */
export const BookingChangeRequest = defineEntity({
  name: 'BookingChangeRequest',
  tableName: 'booking_change_requests',
  extends: BaseEntity,
  properties: {
    booking: () => p.manyToOne(Booking).deleteRule('cascade').index(),
    checkIn: p.date(),
    checkOut: p.date(),
    guests: p.smallint(),
    children: p.smallint().default(0),
    infants: p.smallint().default(0),
    pets: p.smallint().default(0),
    message: p.string().length(1000).nullable(),
    status: p.string().length(20).default('pending').$type<TChangeRequestStatus>(),
    decidedAt: p.datetime().nullable(),
    decidedBy: p.string().length(100).nullable(),
    declineReason: p.string().length(500).nullable(),
  },
  indexes: [
    {
      name: 'booking_change_requests_one_pending',
      expression: `create unique index "booking_change_requests_one_pending" on "booking_change_requests" ("booking_id") where status = 'pending'`,
    },
  ],
  checks: [
    { name: 'booking_change_requests_status_check', expression: oneOf('status', CHANGE_REQUEST_STATUSES) },
    { name: 'booking_change_requests_dates_check', expression: 'check_out > check_in' },
  ],
});
export type IBookingChangeRequest = InferEntity<typeof BookingChangeRequest>;
