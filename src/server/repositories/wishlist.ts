import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import type { TProperty } from '#shared/schemas/property.ts';
import { WishlistItem } from '../entities/wishlist-item.entity.ts';
import { db, listed } from './db.ts';
import { propertyFields, toPropertyDto } from './properties.ts';
import { intArray } from './sql.ts';

/** A user's saved homes that are still listed, most recently saved first. */
export async function savedProperties(em: EntityManager, userId: number): Promise<TProperty[]> {
  const rows = await db(em)
    .selectFrom('wishlist_items as w')
    .innerJoin('properties as p', 'p.id', 'w.property_id')
    .select(propertyFields('p'))
    .where('w.user_id', '=', userId)
    .where(listed('p'))
    .orderBy('w.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .execute();
  return rows.map(toPropertyDto);
}

/**
 * Saves homes for a user (already saved ones and unknown or archived ids are skipped): one insert of
 * the listed homes among the ids, which the entity API cannot say, so a typed Kysely write.
 */
export async function saveProperties(
  em: EntityManager,
  userId: number,
  propertyIds: number[],
): Promise<void> {
  if (propertyIds.length === 0) return;
  await db(em)
    .insertInto('wishlist_items')
    .columns(['user_id', 'property_id'])
    .expression((eb) =>
      eb
        .selectFrom('properties as p')
        .select([sql<number>`${userId}::int`.as('user_id'), 'p.id'])
        .where('p.id', '=', sql<number>`any(${intArray(propertyIds)}::int[])`)
        .where(listed('p')),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function unsaveProperty(em: EntityManager, userId: number, propertyId: number): Promise<void> {
  await em.nativeDelete(WishlistItem, { user: userId, property: propertyId });
}
