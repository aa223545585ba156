import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { BaseEntity } from './base.entity.ts';
import { Property } from './property.entity.ts';

/**
 * A home's price and stay rules: a season (dates → nightly price), the weekend price (Friday and Saturday
 * nights) or the minimum nights. `amount` is a price in cents for the first two and a number of nights for the last.
 * Seasons of one home never overlap (the constraint); a home has at most one weekend and one minimum rule.
 */
export const PropertyRate = defineEntity({
  name: 'PropertyRate',
  tableName: 'property_rates',
  extends: BaseEntity,
  properties: {
    property: () => p.manyToOne(Property).deleteRule('cascade').index(),
    kind: p.string().length(12),
    startDate: p.date().nullable(),
    endDate: p.date().nullable(),
    amount: p.integer(),
  },
  indexes: [
    {
      name: 'property_rates_one_rule_idx',
      expression: `create unique index "property_rates_one_rule_idx" on "property_rates" ("property_id", "kind") where "kind" <> 'season'`,
    },
  ],
  checks: [
    { name: 'property_rates_kind_check', expression: `kind in ('season', 'weekend', 'min_nights')` },
    { name: 'property_rates_amount_check', expression: 'amount >= 1' },
    {
      name: 'property_rates_dates_check',
      expression: `(kind = 'season') = (start_date is not null and end_date is not null and end_date > start_date)`,
    },
    {
      name: 'property_rates_no_overlap',
      expression: `exclude using gist (property_id with =, daterange(start_date, end_date, '[)') with &&) where (kind = 'season')`,
    },
  ],
});
export type IPropertyRate = InferEntity<typeof PropertyRate>;
