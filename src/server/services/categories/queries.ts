import type { EntityManager } from '@mikro-orm/postgresql';
import type { TCategory } from '../../../shared/schemas/category.ts';
import { Category } from '../../entities/category.entity.ts';

export async function listCategories(em: EntityManager): Promise<TCategory[]> {
  const rows = await em.find(Category, {}, { orderBy: { id: 'asc' } });
  return rows.map((c) => ({ id: c.id, name: c.name, icon: c.icon, active: c.active }));
}
