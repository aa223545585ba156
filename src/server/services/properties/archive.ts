import type { THomeScope } from '../../repositories/home-scope.ts';
import type { EntityManager } from '@mikro-orm/postgresql';
import { todayIso } from '#shared/dates.ts';
import { PROPERTY_NOT_FOUND } from '#shared/messages.ts';
import type { TProperty, TPropertyDeleteImpact } from '#shared/schemas/property.ts';
import { AppError } from '../../errors.ts';
import {
  archiveProperty,
  countBookingsOf,
  listArchivedProperties,
  lockListedProperty,
  unarchiveProperty,
} from '../../repositories/properties.ts';
import { recordActivity, type TActor } from '../activity/activity.ts';
import { getProperty } from './queries.ts';

/** Asked before the delete dialog opens, so it can say 'archived' and how many stays are ahead. */
export async function propertyDeleteImpact(em: EntityManager, id: number): Promise<TPropertyDeleteImpact> {
  await getProperty(em, id);
  const { bookings, upcoming } = await countBookingsOf(em, id, todayIso());
  return { id, bookings, upcoming, willArchive: bookings > 0 };
}

export function archivedProperties(em: EntityManager, scope: THomeScope = null): Promise<TProperty[]> {
  return listArchivedProperties(em, scope);
}

/** One home out of the archive, inside the caller's transaction, with its audit entry. */
async function restoreOne(tx: EntityManager, id: number, actor: TActor | null): Promise<boolean> {
  if (!(await unarchiveProperty(tx, id))) return false;
  await recordActivity(tx, actor, {
    action: 'property.restore',
    entityType: 'property',
    entityId: id,
    before: { archived: true },
    after: { archived: false },
  });
  return true;
}

/** An archived home comes back to the listings, the search and its public page as it was. */
export async function restoreProperty(
  em: EntityManager,
  id: number,
  actor: TActor | null,
): Promise<TProperty> {
  const restored = await em.transactional((tx) => restoreOne(tx, id, actor));
  if (!restored) throw new AppError('NOT_FOUND', PROPERTY_NOT_FOUND);
  return getProperty(em, id);
}

/**
 * Archives or restores several homes at once, all or none: an id that is not a listed home (to archive)
 * or an archived one (to restore) refuses the whole batch with 404 naming it. Archiving keeps a home and
 * its bookings, unlike Delete, so it is the bulk action for homes with or without bookings. Each home
 * changed gets its own audit entry, so its history reads the same as after a single action.
 */
export async function setPropertiesArchived(
  em: EntityManager,
  ids: readonly number[],
  archived: boolean,
  actor: TActor | null,
): Promise<number[]> {
  const unique = [...new Set(ids)];
  await em.transactional(async (tx) => {
    const now = new Date();
    for (const id of unique) {
      const changed = archived ? await archiveOne(tx, id, now, actor) : await restoreOne(tx, id, actor);
      if (!changed) {
        throw new AppError(
          'NOT_FOUND',
          unique.length === 1 ? PROPERTY_NOT_FOUND : `Property #${id} not found`,
        );
      }
    }
  });
  return unique;
}

async function archiveOne(tx: EntityManager, id: number, now: Date, actor: TActor | null): Promise<boolean> {
  if (!(await lockListedProperty(tx, id))) return false;
  await archiveProperty(tx, id, now);
  await recordActivity(tx, actor, {
    action: 'property.archive',
    entityType: 'property',
    entityId: id,
    before: { archived: false },
    after: { archived: true },
  });
  return true;
}
