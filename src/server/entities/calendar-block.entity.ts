import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { BaseEntity, oneOf } from './base.entity.ts';
import { BLOCK_REASONS, type TBlockReason } from '#shared/schemas/calendar.ts';
import { Property } from './property.entity.ts';

/** Dates the operator closed (maintenance, owner's stay, other); its hold lives in `date_holds`. */
export const CalendarBlock = defineEntity({
  name: 'CalendarBlock',
  tableName: 'calendar_blocks',
  extends: BaseEntity,
  properties: {
    property: () => p.manyToOne(Property).deleteRule('cascade').index(),
    startDate: p.date(),
    endDate: p.date(),
    reason: p.string().length(20).default('other').$type<TBlockReason>(),
    note: p.string().length(200).default(''),
  },
  indexes: [
    /** The blocks of a range over every home (the reports' blocked nights), by their end. */
    {
      name: 'calendar_blocks_end_idx',
      expression: `create index "calendar_blocks_end_idx" on "calendar_blocks" ("end_date") include ("start_date", "property_id")`,
    },
  ],
  checks: [
    { name: 'calendar_blocks_dates_check', expression: 'end_date > start_date' },
    { name: 'calendar_blocks_reason_check', expression: oneOf('reason', BLOCK_REASONS) },
  ],
});
export type ICalendarBlock = InferEntity<typeof CalendarBlock>;
