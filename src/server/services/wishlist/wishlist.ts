import type { EntityManager } from '@mikro-orm/postgresql';
import type { TProperty } from '#shared/schemas/property.ts';
import { AppError } from '../../errors.ts';
import { propertyIsListed } from '../../repositories/properties.ts';
import { savedProperties, saveProperties, unsaveProperty } from '../../repositories/wishlist.ts';
import { PROPERTY_NOT_FOUND } from '../properties/queries.ts';

/** Saved homes of a signed-in user (docs/decisions.md#saved-homes); the user id always comes from the session. */
export async function listSaved(em: EntityManager, userId: number): Promise<TProperty[]> {
  return savedProperties(em, userId);
}

export async function saveHome(em: EntityManager, userId: number, propertyId: number): Promise<{ ok: true }> {
  if (!(await propertyIsListed(em, propertyId))) throw new AppError('NOT_FOUND', PROPERTY_NOT_FOUND);
  await saveProperties(em, userId, [propertyId]);
  return { ok: true };
}

export async function unsaveHome(
  em: EntityManager,
  userId: number,
  propertyId: number,
): Promise<{ ok: true }> {
  await unsaveProperty(em, userId, propertyId);
  return { ok: true };
}

/** At sign-in the visitor's local hearts join the account's; answers the merged list. */
export async function mergeSaved(
  em: EntityManager,
  userId: number,
  propertyIds: number[],
): Promise<TProperty[]> {
  await saveProperties(em, userId, [...new Set(propertyIds)]);
  return listSaved(em, userId);
}
