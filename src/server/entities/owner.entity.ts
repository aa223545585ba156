import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { Property } from './property.entity.ts';
import { User } from './user.entity.ts';

/** A home's owner and the operator's commission on its stays (docs/owner-statements.md). */
export const HomeOwner = defineEntity({
  name: 'HomeOwner',
  tableName: 'home_owners',
  properties: {
    property: () => p.manyToOne(Property).primary().deleteRule('cascade'),
    user: () => p.manyToOne(User).deleteRule('cascade').index(),
    commissionPercent: p.double().$type<number>(),
  },
  checks: [
    {
      name: 'home_owners_commission_check',
      expression: 'commission_percent >= 0 and commission_percent <= 100',
    },
  ],
});
export type IHomeOwner = InferEntity<typeof HomeOwner>;
