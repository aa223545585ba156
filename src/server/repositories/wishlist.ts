import type { EntityManager } from '@mikro-orm/postgresql';
import type { TProperty } from '../../shared/schemas/property.ts';
import { PROPERTY_COLUMNS, selectProperties } from './properties.ts';
import { liveProperty } from './sql.ts';

/** A user's saved homes that are still listed, most recently saved first. */
export async function savedProperties(em: EntityManager, userId: number): Promise<TProperty[]> {
  return selectProperties(
    em,
    `select p.*
       from wishlist_items w
       join lateral (select ${PROPERTY_COLUMNS} from properties
                      where id = w.property_id and ${liveProperty()}) p on true
      where w.user_id = ?
      order by w.created_at desc, p.id desc`,
    [userId],
  );
}

/** Saves homes for a user (already saved ones and unknown or archived ids are skipped). */
export async function saveProperties(
  em: EntityManager,
  userId: number,
  propertyIds: number[],
): Promise<void> {
  if (propertyIds.length === 0) return;
  await em.execute(
    `insert into wishlist_items (user_id, property_id)
     select ?, p.id from properties p where p.id = any(?::int[]) and ${liveProperty('p')}
     on conflict do nothing`,
    [userId, `{${propertyIds.join(',')}}`],
  );
}

export async function unsaveProperty(em: EntityManager, userId: number, propertyId: number): Promise<void> {
  await em.execute('delete from wishlist_items where user_id = ? and property_id = ?', [userId, propertyId]);
}
