import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { TCategory, ZCategoryInput } from '../../../shared/schemas/category.ts';
import type { z } from 'zod';
import { Category } from '../../entities/category.entity.ts';
import { AppError } from '../../errors.ts';
import type { TMediaStore } from '../media/store.ts';
import { storeImageDataUrl } from '../media/uploads.ts';

export const CATEGORY_NOT_FOUND = 'Category not found';
export const CATEGORY_DUPLICATE = 'A category with this name already exists';

type TCategoryData = z.output<typeof ZCategoryInput>;

const toDto = (c: { id: number; name: string; icon: string; active: boolean }): TCategory => ({
  id: c.id,
  name: c.name,
  icon: c.icon,
  active: c.active,
});

async function refuseDuplicate(em: EntityManager, name: string, exceptId?: number): Promise<void> {
  const rows = await em.execute<{ id: number }[]>(
    'select id from categories where lower(name) = lower(?) and id <> ?',
    [name, exceptId ?? 0],
  );
  if (rows.length > 0) throw new AppError('CONFLICT', CATEGORY_DUPLICATE);
}

/** Two admins saving the same name at once: the unique index decides, and the loser hears 409 too. */
function mapUniqueViolation(err: unknown): never {
  const code =
    (err as { code?: unknown; sqlState?: unknown } | null)?.code ??
    (err as { sqlState?: unknown } | null)?.sqlState;
  if (code === '23505' || /categories_name_lower_idx/.test(String((err as Error | null)?.message))) {
    throw new AppError('CONFLICT', CATEGORY_DUPLICATE);
  }
  throw err;
}

/**
 * An uploaded icon (a data URL) goes through the media pipeline like an avatar (DECISIONS 11) and only its
 * /media URL is kept; an https URL or a path on this site is kept as given (the schema's rule).
 */
async function storedIcon(media: TMediaStore, icon: string): Promise<string> {
  return icon.startsWith('data:') ? storeImageDataUrl(media, icon, 'Category icon') : icon;
}

export async function createCategory(
  em: EntityManager,
  media: TMediaStore,
  input: TCategoryData,
): Promise<TCategory> {
  await refuseDuplicate(em, input.name);
  const icon = await storedIcon(media, input.icon);
  const c = em.create(Category, { name: input.name, icon, active: input.active });
  await em.persist(c).flush().catch(mapUniqueViolation);
  return toDto(c);
}

/**
 * Properties carry category names, not ids: a rename rewrites every property that carries the old name
 * (matched case-insensitively, as search does), keeping `categories` in order and `categoryKeys` in step.
 */
export async function updateCategory(
  em: EntityManager,
  media: TMediaStore,
  id: number,
  input: TCategoryData,
): Promise<TCategory> {
  const icon = await storedIcon(media, input.icon);
  return em.transactional(async (tx) => {
    const c = await tx.findOne(Category, id, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!c) throw new AppError('NOT_FOUND', CATEGORY_NOT_FOUND);
    await refuseDuplicate(tx, input.name, id);
    const oldName = c.name;
    tx.assign(c, { name: input.name, icon, active: input.active });
    await tx.flush().catch(mapUniqueViolation);
    if (oldName !== input.name) {
      await tx.execute(
        `update properties p
            set categories = r.categories, category_keys = r.keys
           from (select q.id,
                        array_agg(q.name order by q.first) as categories,
                        array_agg(lower(q.name) order by q.first) as keys
                   from (select p2.id, min(u.ord) as first,
                                (array_agg(case when lower(u.c) = lower(?) then ? else u.c end order by u.ord))[1] as name
                           from properties p2, unnest(p2.categories) with ordinality as u(c, ord)
                          where p2.category_keys @> array[lower(?)]::text[]
                          group by p2.id, lower(case when lower(u.c) = lower(?) then ? else u.c end)) q
                  group by q.id) r
          where p.id = r.id`,
        [oldName, input.name, oldName, oldName, input.name],
      );
    }
    return toDto(c);
  });
}

/** Deletes a category and takes its name off every property that carries it, in one transaction. */
export async function deleteCategory(em: EntityManager, id: number): Promise<{ ok: true }> {
  return em.transactional(async (tx) => {
    const rows = await tx.execute<{ name: string }[]>('delete from categories where id = ? returning name', [
      id,
    ]);
    const removed = rows[0];
    if (!removed) throw new AppError('NOT_FOUND', CATEGORY_NOT_FOUND);
    await tx.execute(
      `update properties
          set categories = array(select c from unnest(categories) with ordinality as u(c, ord) where lower(c) <> lower(?) order by ord),
              category_keys = array_remove(category_keys, lower(?))
        where category_keys @> array[lower(?)]::text[]`,
      [removed.name, removed.name, removed.name],
    );
    return { ok: true as const };
  });
}
