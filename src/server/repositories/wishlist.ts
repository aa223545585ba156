import type { EntityManager } from '@mikro-orm/postgresql';
import { PROPERTY_COLUMNS, type TPropertyRow } from '../services/properties/dto.ts';

/** A user's saved homes that are still listed, most recently saved first. */
export async function savedPropertyRows(em: EntityManager, userId: number): Promise<TPropertyRow[]> {
  return em.execute<TPropertyRow[]>(
    `select p.*
       from wishlist_items w
       join lateral (select ${PROPERTY_COLUMNS} from properties
                      where id = w.property_id and archived_at is null) p on true
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
     select ?, p.id from properties p where p.id = any(?::int[]) and p.archived_at is null
     on conflict do nothing`,
    [userId, `{${propertyIds.join(',')}}`],
  );
}

export async function unsaveProperty(em: EntityManager, userId: number, propertyId: number): Promise<void> {
  await em.execute('delete from wishlist_items where user_id = ? and property_id = ?', [userId, propertyId]);
}

export async function propertyIsListed(em: EntityManager, propertyId: number): Promise<boolean> {
  const rows = await em.execute<{ ok: boolean }[]>(
    'select exists(select 1 from properties where id = ? and archived_at is null) as ok',
    [propertyId],
  );
  return rows[0]?.ok === true;
}
