import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { Booking } from './booking.entity.ts';
import { CalendarBlock } from './calendar-block.entity.ts';
import { ExternalEvent } from './external-event.entity.ts';
import { Property } from './property.entity.ts';

/**
 * Every date a home has given away, whatever took it (docs/decisions.md#no-double-bookings, #held-dates): one row per pending or confirmed
 * booking (kept by a trigger on `bookings`), per operator block and per imported external event that holds
 * its dates. One exclusion constraint over this table is the single guarantee that no two of them overlap.
 * Ranges are half-open: the end day is free for the next arrival.
 */
export const DateHold = defineEntity({
  name: 'DateHold',
  tableName: 'date_holds',
  properties: {
    id: p.integer().primary(),
    property: () => p.manyToOne(Property).deleteRule('cascade'),
    startDate: p.date(),
    endDate: p.date(),
    booking: () => p.manyToOne(Booking).nullable().deleteRule('cascade'),
    block: () => p.manyToOne(CalendarBlock).nullable().deleteRule('cascade'),
    externalEvent: () => p.manyToOne(ExternalEvent).nullable().deleteRule('cascade'),
  },
  /**
   * One hold per source. Each index leaves out the holds of the other two sources, whose column is null:
   * a booking's hold writes one entry, not three.
   */
  uniques: (['booking_id', 'block_id', 'external_event_id'] as const).map((column) => ({
    name: `date_holds_${column}_unique`,
    expression: `create unique index "date_holds_${column}_unique" on "date_holds" ("${column}") where "${column}" is not null`,
  })),
  checks: [
    { name: 'date_holds_dates_check', expression: 'end_date > start_date' },
    {
      name: 'date_holds_one_source_check',
      expression: 'num_nonnulls(booking_id, block_id, external_event_id) = 1',
    },
    {
      name: 'date_holds_no_overlap',
      expression: `exclude using gist (property_id with =, daterange(start_date, end_date, '[)') with &&)`,
    },
  ],
});
export type IDateHold = InferEntity<typeof DateHold>;
