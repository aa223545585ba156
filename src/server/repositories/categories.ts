import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import type { TCategory } from '#shared/schemas/category.ts';
import { Category, type ICategory } from '../entities/category.entity.ts';
import { db } from './db.ts';

/** Categories, and the category names properties carry (properties hold names, not ids). */

function toCategoryDto(c: ICategory): TCategory {
  return { id: c.id, name: c.name, icon: c.icon, active: c.active };
}

export async function listCategoryRows(em: EntityManager): Promise<TCategory[]> {
  const rows = await em.find(Category, {}, { orderBy: { id: 'asc' } });
  return rows.map(toCategoryDto);
}

/** Every category name by its lower-cased key. */
export async function categoryNamesByKey(em: EntityManager): Promise<Map<string, string>> {
  const rows = await em.find(Category, {}, { fields: ['name'] });
  return new Map(rows.map((c) => [c.name.toLowerCase(), c.name]));
}

/** Whether another category (not `exceptId`) already has this name, case-insensitively. */
export async function categoryNameTaken(
  em: EntityManager,
  name: string,
  exceptId?: number,
): Promise<boolean> {
  const row = await db(em)
    .selectFrom('categories')
    .select('id')
    .where(sql<string>`lower(name)`, '=', sql<string>`lower(${name})`)
    .where('id', '<>', exceptId ?? 0)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertCategory(
  em: EntityManager,
  data: { name: string; icon: string; active: boolean },
): Promise<TCategory> {
  const c = em.create(Category, data);
  await em.persist(c).flush();
  return toCategoryDto(c);
}

/** Locks the category for the rest of the transaction; null when it does not exist. */
export async function lockCategory(tx: EntityManager, id: number): Promise<TCategory | null> {
  const c = await tx.findOne(Category, id, { lockMode: LockMode.PESSIMISTIC_WRITE });
  return c ? toCategoryDto(c) : null;
}

export async function updateCategoryRow(
  tx: EntityManager,
  id: number,
  data: { name: string; icon: string; active: boolean },
): Promise<TCategory> {
  const c = await tx.findOneOrFail(Category, id);
  tx.assign(c, data);
  await tx.flush();
  return toCategoryDto(c);
}

/** Deletes the category; its name, or null when it did not exist. */
export async function deleteCategoryRow(tx: EntityManager, id: number): Promise<string | null> {
  const row = await db(tx).deleteFrom('categories').where('id', '=', id).returning('name').executeTakeFirst();
  return row?.name ?? null;
}

/**
 * Rewrites `oldName` to `newName` on every property that carries it (matched case-insensitively, as
 * search does), keeping `categories` in order, merging a duplicate, and `category_keys` in step.
 * One set-based statement: a rename touches every home of that category at once.
 */
export async function renameCategoryOnProperties(
  tx: EntityManager,
  oldName: string,
  newName: string,
): Promise<void> {
  const d = db(tx);
  // Each category of a matching home, renamed where it is the old one (any case), with its first position.
  const renamed = sql<string>`case when lower(u.c) = lower(${oldName}) then ${newName} else u.c end`;
  const q = d
    .selectFrom([
      'properties as p2',
      sql<{ c: string; ord: number }>`unnest(p2.categories) with ordinality`.as<'u'>(sql`u(c, ord)`),
    ])
    .where(sql<boolean>`p2.category_keys @> array[lower(${oldName})]::text[]`)
    .groupBy(['p2.id', sql`lower(${renamed})`])
    .select([
      'p2.id',
      sql<number>`min(u.ord)`.as('first'),
      sql<string>`(array_agg(${renamed} order by u.ord))[1]`.as('name'),
    ])
    .as('q');
  const r = d
    .selectFrom(q)
    .groupBy('q.id')
    .select([
      'q.id',
      sql<string[]>`array_agg(q.name order by q.first)`.as('categories'),
      sql<string[]>`array_agg(lower(q.name) order by q.first)`.as('keys'),
    ])
    .as('r');
  await d
    .updateTable('properties as p')
    .from(r)
    .set((eb) => ({ categories: eb.ref('r.categories'), category_keys: eb.ref('r.keys') }))
    .whereRef('p.id', '=', 'r.id')
    .execute();
}

/** Takes the name off every property that carries it (one set-based statement). */
export async function removeCategoryFromProperties(tx: EntityManager, name: string): Promise<void> {
  await db(tx)
    .updateTable('properties')
    .set({
      categories: sql<
        string[]
      >`array(select c from unnest(categories) with ordinality as u(c, ord) where lower(c) <> lower(${name}) order by ord)`,
      category_keys: sql<string[]>`array_remove(category_keys, lower(${name}))`,
    })
    .where('category_keys', '@>', sql<string[]>`array[lower(${name})]::text[]`)
    .execute();
}
