import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { BaseEntity } from './base.entity.ts';
import { Booking } from './booking.entity.ts';
import { IcalFeed } from './ical-feed.entity.ts';
import { Property } from './property.entity.ts';

/**
 * An event imported from a feed, keyed by feed and UID. It holds its dates through `date_holds`, unless
 * they clash with one of our bookings: then `conflictBooking` names that booking and the event is a
 * visible conflict (docs/decisions.md#held-dates).
 */
export const ExternalEvent = defineEntity({
  name: 'ExternalEvent',
  tableName: 'external_events',
  extends: BaseEntity,
  properties: {
    feed: () => p.manyToOne(IcalFeed).deleteRule('cascade'),
    property: () => p.manyToOne(Property).deleteRule('cascade').index(),
    uid: p.string().length(500),
    startDate: p.date(),
    endDate: p.date(),
    summary: p.string().length(200).default(''),
    /** The channel's link to its reservation, when the event carries one (its URL, or one in its description). */
    link: p.string().length(500).nullable(),
    conflictBooking: () => p.manyToOne(Booking).nullable().deleteRule('set null').index(),
  },
  uniques: [{ name: 'external_events_feed_uid_unique', properties: ['feed', 'uid'] }],
  indexes: [
    /** The imported stays holding nights in a range over every home (the reports' nights sold), by their end. */
    {
      name: 'external_events_held_end_idx',
      expression: `create index "external_events_held_end_idx" on "external_events" ("end_date") include ("start_date", "property_id") where "conflict_booking_id" is null`,
    },
  ],
  checks: [{ name: 'external_events_dates_check', expression: 'end_date > start_date' }],
});
export type IExternalEvent = InferEntity<typeof ExternalEvent>;
