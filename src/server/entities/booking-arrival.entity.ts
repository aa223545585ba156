import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * The stays arriving on each day, by source, status and length, for the reports over every home
 * (docs/staff.md#reports-queries): kept by the `bookings_count` triggers in the same transaction as each
 * change, so they are exact. A day's figures are the sum of its shards: each database session adds to the
 * shard of its backend pid, as the admin counters do. The lead-time buckets are those of
 * `booking_lead_bucket` (the booking-arrivals migration).
 */
export const BookingArrival = defineEntity({
  name: 'BookingArrival',
  tableName: 'booking_arrivals',
  properties: {
    day: p.date().primary(),
    source: p.string().length(20).primary(),
    status: p.string().length(20).primary(),
    /** The stays' length: check-out less check-in. */
    nights: p.integer().primary(),
    shard: p.integer().primary(),
    /** The stays that check in on the day, and the sum of their total_price. */
    stays: p.integer().default(0),
    total: p.bigint().default(0),
    /** Of those stays, how many were booked 0–1, 2–7, 8–30, 31–90 and 91 or more days ahead. */
    lead01: p.integer().fieldName('lead_0_1').default(0),
    lead27: p.integer().fieldName('lead_2_7').default(0),
    lead830: p.integer().fieldName('lead_8_30').default(0),
    lead3190: p.integer().fieldName('lead_31_90').default(0),
    lead91Up: p.integer().fieldName('lead_91_up').default(0),
    /**
     * The stays' revenue parts in minor units (docs/reports.md): room revenue, and the sum of each stay's room
     * revenue modulo its nights (the cents its first night carries), pass-through fees, GST, tourist tax and
     * kept cancellation fees.
     */
    room: p.bigint().default(0),
    roomRem: p.bigint().default(0),
    fees: p.bigint().default(0),
    gst: p.bigint().default(0),
    touristTax: p.bigint().default(0),
    kept: p.bigint().default(0),
  },
});
export type IBookingArrival = InferEntity<typeof BookingArrival>;
