import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { createdAtProperty } from './base.entity.ts';
import { Booking } from './booking.entity.ts';
import { Property } from './property.entity.ts';
import { User } from './user.entity.ts';

export const Review = defineEntity({
  name: 'Review',
  tableName: 'reviews',
  properties: {
    id: p.integer().primary().autoincrement(),
    /** The author; null once a guest's account is purged (the review stays, anonymised) or for a guest booking. */
    user: () => p.manyToOne(User).nullable().deleteRule('set null').index(),
    /** The stay this review comes from: set means 'Verified stay' (docs/decisions.md#stay-reviews); null for admin-written ones. */
    booking: () => p.manyToOne(Booking).nullable().unique().deleteRule('set null'),
    property: () => p.manyToOne(Property).deleteRule('cascade'),
    rating: p.integer(),
    comment: p.text(),
    userImage: p.text().nullable(),
    userName: p.string().length(100),
    date: createdAtProperty(),
  },
  indexes: [
    { name: 'reviews_property_date_idx', properties: ['property', 'date'] },
    /** The admin's list of every review (docs/features.md#admin-back-office): newest first, and newest first within a rating. */
    { name: 'reviews_date_id_idx', properties: ['date', 'id'] },
    { name: 'reviews_rating_date_id_idx', properties: ['rating', 'date', 'id'] },
    {
      name: 'reviews_user_name_trgm_idx',
      expression:
        'create index "reviews_user_name_trgm_idx" on "reviews" using gin ("user_name" gin_trgm_ops)',
    },
  ],
  checks: [{ name: 'reviews_rating_check', expression: '(rating >= 1) AND (rating <= 5)' }],
});
export type IReview = InferEntity<typeof Review>;
