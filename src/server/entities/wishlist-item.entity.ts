import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { createdAtProperty } from './base.entity.ts';
import { Property } from './property.entity.ts';
import { User } from './user.entity.ts';

/** A signed-in user's saved home (docs/decisions.md#saved-homes). */
export const WishlistItem = defineEntity({
  name: 'WishlistItem',
  tableName: 'wishlist_items',
  properties: {
    user: () => p.manyToOne(User).primary().deleteRule('cascade'),
    property: () => p.manyToOne(Property).primary().deleteRule('cascade'),
    createdAt: createdAtProperty(),
  },
});
export type IWishlistItem = InferEntity<typeof WishlistItem>;
