import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * The holding stays by day, for the dashboard's turnover, in-house, occupancy and revenue figures
 * (docs/features.md#dashboard-figures): kept by the `bookings_count` triggers in the same transaction as
 * each change, so they are exact. A day's figure is the sum of its shards: each database session adds to
 * the shard of its backend pid, as the admin counters do.
 */
export const BookingDay = defineEntity({
  name: 'BookingDay',
  tableName: 'booking_days',
  properties: {
    day: p.date().primary(),
    shard: p.integer().primary(),
    /** Holding stays that check in on the day, and the sum of their total_price. */
    arrivals: p.integer().default(0),
    revenue: p.bigint().default(0),
    /** Holding stays that check out on the day. */
    departures: p.integer().default(0),
  },
});
export type IBookingDay = InferEntity<typeof BookingDay>;
