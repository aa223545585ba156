import type { EntityManager } from '@mikro-orm/postgresql';
import type { TCategory } from '#shared/schemas/category.ts';
import { listCategoryRows } from '../../repositories/categories.ts';

export async function listCategories(em: EntityManager): Promise<TCategory[]> {
  return listCategoryRows(em);
}
