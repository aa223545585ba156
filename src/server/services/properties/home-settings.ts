import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../errors.ts';
import { db, listed } from '../../repositories/db.ts';
import { recordActivity, type TActor } from '../activity/activity.ts';

const HOME_NOT_FOUND = 'Property not found';

/** A listed home by its id, or 404 with the home's not-found message. */
export async function homeExists(em: EntityManager, id: number): Promise<void> {
  const r = await db(em)
    .selectFrom('properties')
    .select('id')
    .where('id', '=', id)
    .where(listed())
    .executeTakeFirst();
  if (!r) throw new AppError('NOT_FOUND', HOME_NOT_FOUND);
}

/**
 * One per-home settings record replaced in a transaction, with its activity entry: `audit` names what
 * changed between the stored record before and after (and keeps secrets out of the log).
 */
export async function updateHomeSettings<T>(
  em: EntityManager,
  propertyId: number,
  actor: TActor,
  settings: {
    find: (em: EntityManager, propertyId: number) => Promise<T>;
    save: (em: EntityManager, propertyId: number, value: T) => Promise<void>;
    value: T;
    action: string;
    audit: (before: T, after: T) => { before?: Record<string, unknown>; after?: Record<string, unknown> };
  },
): Promise<T> {
  return em.transactional(async (tx) => {
    await homeExists(tx, propertyId);
    const before = await settings.find(tx, propertyId);
    await settings.save(tx, propertyId, settings.value);
    const after = await settings.find(tx, propertyId);
    await recordActivity(tx, actor, {
      action: settings.action,
      entityType: 'property',
      entityId: propertyId,
      ...settings.audit(before, after),
    });
    return after;
  });
}
