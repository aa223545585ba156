import type { EntityManager } from '@mikro-orm/postgresql';
import { todayIso } from '../../../shared/dates.ts';
import { PROPERTY_NOT_FOUND } from '../../../shared/messages.ts';
import type { TProperty, TPropertyDeleteImpact } from '../../../shared/schemas/property.ts';
import { AppError } from '../../errors.ts';
import { countBookingsOf, listArchivedProperties, unarchiveProperty } from '../../repositories/properties.ts';
import { getProperty } from './queries.ts';

/** Asked before the delete dialog opens, so it can say 'archived' and how many stays are ahead. */
export async function propertyDeleteImpact(em: EntityManager, id: number): Promise<TPropertyDeleteImpact> {
  await getProperty(em, id);
  const { bookings, upcoming } = await countBookingsOf(em, id, todayIso());
  return { id, bookings, upcoming, willArchive: bookings > 0 };
}

export function archivedProperties(em: EntityManager): Promise<TProperty[]> {
  return listArchivedProperties(em);
}

/** An archived home comes back to the listings, the search and its public page as it was. */
export async function restoreProperty(em: EntityManager, id: number): Promise<TProperty> {
  if (!(await unarchiveProperty(em, id))) throw new AppError('NOT_FOUND', PROPERTY_NOT_FOUND);
  return getProperty(em, id);
}
