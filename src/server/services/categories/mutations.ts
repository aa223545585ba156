import type { EntityManager } from '@mikro-orm/postgresql';
import type { TCategory, ZCategoryInput } from '#shared/schemas/category.ts';
import type { z } from 'zod';
import { CATEGORY_DUPLICATE } from '#shared/messages.ts';
import { AppError } from '../../errors.ts';
import { recordActivity, type TActor } from '../activity/activity.ts';
import type { TMediaStore } from '../media/store.ts';
import { storeImageDataUrl } from '../media/uploads.ts';
import {
  categoryNameTaken,
  deleteCategoryRow,
  insertCategory,
  lockCategory,
  removeCategoryFromProperties,
  renameCategoryOnProperties,
  updateCategoryRow,
} from '../../repositories/categories.ts';

export const CATEGORY_NOT_FOUND = 'Category not found';
export { CATEGORY_DUPLICATE };

type TCategoryData = z.output<typeof ZCategoryInput>;

/**
 * Names are unique case-insensitively. Two admins saving the same name at once both pass this check;
 * the unique index `categories_name_lower_idx` then decides, and errors.ts answers the loser the same 409.
 */
async function refuseDuplicate(em: EntityManager, name: string, exceptId?: number): Promise<void> {
  if (await categoryNameTaken(em, name, exceptId)) throw new AppError('CONFLICT', CATEGORY_DUPLICATE);
}

/**
 * An uploaded icon (a data URL) goes through the media pipeline like an avatar (docs/decisions.md#media) and only its
 * /media URL is kept; an https URL or a path on this site is kept as given (the schema's rule).
 */
async function storedIcon(media: TMediaStore, icon: string): Promise<string> {
  return icon.startsWith('data:') ? storeImageDataUrl(media, icon, 'Category icon') : icon;
}

export async function createCategory(
  em: EntityManager,
  media: TMediaStore,
  input: TCategoryData,
  actor: TActor | null,
): Promise<TCategory> {
  await refuseDuplicate(em, input.name);
  const icon = await storedIcon(media, input.icon);
  return em.transactional(async (tx) => {
    await refuseDuplicate(tx, input.name);
    const created = await insertCategory(tx, { name: input.name, icon, active: input.active });
    const { id, ...after } = created;
    await recordActivity(tx, actor, {
      action: 'category.create',
      entityType: 'category',
      entityId: id,
      before: {},
      after,
    });
    return created;
  });
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
  actor: TActor | null,
): Promise<TCategory> {
  const icon = await storedIcon(media, input.icon);
  return em.transactional(async (tx) => {
    const current = await lockCategory(tx, id);
    if (!current) throw new AppError('NOT_FOUND', CATEGORY_NOT_FOUND);
    await refuseDuplicate(tx, input.name, id);
    const updated = await updateCategoryRow(tx, id, {
      name: input.name,
      icon,
      active: input.active,
    });
    if (current.name !== input.name) await renameCategoryOnProperties(tx, current.name, input.name);
    const { id: _id, ...after } = updated;
    await recordActivity(tx, actor, {
      action: 'category.update',
      entityType: 'category',
      entityId: id,
      before: { name: current.name, icon: current.icon, active: current.active },
      after,
    });
    return updated;
  });
}

/** Deletes a category and takes its name off every property that carries it, in one transaction. */
export async function deleteCategory(
  em: EntityManager,
  id: number,
  actor: TActor | null,
): Promise<{ ok: true }> {
  return em.transactional(async (tx) => {
    const removed = await deleteCategoryRow(tx, id);
    if (removed === null) throw new AppError('NOT_FOUND', CATEGORY_NOT_FOUND);
    await removeCategoryFromProperties(tx, removed);
    await recordActivity(tx, actor, {
      action: 'category.delete',
      entityType: 'category',
      entityId: id,
      before: { name: removed },
      after: {},
    });
    return { ok: true as const };
  });
}
