import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { Property } from './property.entity.ts';
import { User } from './user.entity.ts';

export const Review = defineEntity({
  name: 'Review',
  tableName: 'reviews',
  properties: {
    id: p.integer().primary(),
    user: () => p.manyToOne(User).deleteRule('cascade').index(),
    property: () => p.manyToOne(Property).deleteRule('cascade'),
    rating: p.integer(),
    comment: p.text(),
    userImage: p.text().nullable(),
    userName: p.string().length(100),
    date: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
  },
  indexes: [{ name: 'reviews_property_date_idx', properties: ['property', 'date'] }],
  checks: [{ name: 'reviews_rating_check', expression: '(rating >= 1) AND (rating <= 5)' }],
});
export type IReview = InferEntity<typeof Review>;
