import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { Property } from './property.entity.ts';

/** Dates the operator closed (maintenance, owner's stay, other); its hold lives in `date_holds`. */
export const CalendarBlock = defineEntity({
  name: 'CalendarBlock',
  tableName: 'calendar_blocks',
  properties: {
    id: p.integer().primary(),
    property: () => p.manyToOne(Property).deleteRule('cascade').index(),
    startDate: p.date(),
    endDate: p.date(),
    reason: p.string().length(20).default('other'),
    note: p.string().length(200).default(''),
    createdAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
  },
  checks: [
    { name: 'calendar_blocks_dates_check', expression: 'end_date > start_date' },
    { name: 'calendar_blocks_reason_check', expression: `reason in ('maintenance', 'owner', 'other')` },
  ],
});
export type ICalendarBlock = InferEntity<typeof CalendarBlock>;
