import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * Running totals for the admin dashboard's all-time counters and the bookings table's unfiltered counts, kept
 * by triggers on `bookings` and `properties` in the same transaction as each change, so they are exact.
 * Counting 200,000 bookings and 100,000 homes on every dashboard view missed its 50 ms budget (docs/features.md#admin-back-office).
 *
 * A counter is the sum of its shards: each database session adds to the shard of its backend pid, so
 * concurrent bookings do not queue on one hot row. Names: `bookings:<status>` (n and the sum of
 * total_price), `properties:listed` and `reviews:<rating>` (n).
 */
export const AdminCounter = defineEntity({
  name: 'AdminCounter',
  tableName: 'admin_counters',
  properties: {
    name: p.string().length(40).primary(),
    shard: p.integer().primary(),
    n: p.bigint().default(0),
    amount: p.bigint().default(0),
  },
});
export type IAdminCounter = InferEntity<typeof AdminCounter>;
