import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type {
  TProperty,
  TPropertyDeleteResult,
  TPropertyInputParsed,
} from '../../../shared/schemas/property.ts';
import { Booking } from '../../entities/booking.entity.ts';
import { Category } from '../../entities/category.entity.ts';
import { Property, type IProperty } from '../../entities/property.entity.ts';
import { AppError } from '../../errors.ts';
import { recordActivity, type TActor } from '../activity/activity.ts';
import { collectUnusedMediaQuietly } from '../media/gc.ts';
import type { TMediaStore } from '../media/store.ts';
import { storePropertyMedia } from '../media/uploads.ts';
import { getProperty, PROPERTY_NOT_FOUND } from './queries.ts';

/**
 * The body's categories as the category table spells them, duplicates dropped, order kept (the first
 * is the primary category). Matching is case-insensitive, as on the home page.
 */
async function resolveCategories(em: EntityManager, names: readonly string[]): Promise<string[]> {
  if (names.length === 0) return [];
  const known = new Map((await em.find(Category, {})).map((c) => [c.name.toLowerCase(), c.name]));
  const out: string[] = [];
  for (const name of names) {
    const canonical = known.get(name.trim().toLowerCase());
    if (!canonical) throw new AppError('VALIDATION', `Unknown category: ${name}`);
    if (!out.includes(canonical)) out.push(canonical);
  }
  return out;
}

/** Every column a body sets; `categoryKeys` always follows `categories`. */
function columnsOf(
  input: TPropertyInputParsed,
  categories: string[],
  media: { images: string[]; videos: string[] },
) {
  return {
    title: input.title,
    description: input.description,
    location: input.location,
    price: input.price,
    images: media.images,
    videos: media.videos,
    bedrooms: input.bedrooms,
    bathrooms: input.bathrooms,
    maxGuests: input.maxGuests,
    propertyType: input.propertyType,
    amenities: [...new Set(input.amenities)],
    categories,
    categoryKeys: categories.map((c) => c.toLowerCase()),
    latitude: input.latitude ?? null,
    longitude: input.longitude ?? null,
    showLogo: input.showLogo,
    guestFavorite: input.guestFavorite,
    cancellationPolicy: input.cancellationPolicy,
  };
}

/** The audited fields of a property: what the form edits (categoryKeys only mirrors categories). */
function auditedFields(p: ReturnType<typeof columnsOf> | IProperty): Record<string, unknown> {
  return {
    title: p.title,
    description: p.description,
    location: p.location,
    price: p.price,
    images: p.images,
    videos: p.videos ?? [],
    bedrooms: p.bedrooms,
    bathrooms: p.bathrooms,
    maxGuests: p.maxGuests,
    propertyType: p.propertyType,
    amenities: p.amenities,
    categories: p.categories,
    latitude: p.latitude ?? null,
    longitude: p.longitude ?? null,
    showLogo: p.showLogo,
    guestFavorite: p.guestFavorite,
    cancellationPolicy: p.cancellationPolicy,
  };
}

/** Cheap checks first, then the media (decoded, checked, stored), then one insert. */
export async function createProperty(
  em: EntityManager,
  store: TMediaStore,
  input: TPropertyInputParsed,
  actor: TActor | null,
): Promise<TProperty> {
  const categories = await resolveCategories(em, input.categories);
  const media = await storePropertyMedia(store, input);
  const id = await em.transactional(async (tx) => {
    const columns = columnsOf(input, categories, media);
    const property = tx.create(Property, columns);
    await tx.persist(property).flush();
    await recordActivity(tx, actor, {
      action: 'property.create',
      entityType: 'property',
      entityId: property.id,
      before: {},
      after: auditedFields(columns),
    });
    return property.id;
  });
  return getProperty(em, id);
}

/**
 * Replaces every field (PUT). Media already stored stays by its `/media/` URL; new data URLs are
 * stored; files nothing references any more afterwards are collected.
 */
export async function updateProperty(
  em: EntityManager,
  store: TMediaStore,
  id: number,
  input: TPropertyInputParsed,
  actor: TActor | null,
): Promise<TProperty> {
  const existing = await em.findOne(Property, { id, archivedAt: null });
  if (!existing) throw new AppError('NOT_FOUND', PROPERTY_NOT_FOUND);
  const categories = await resolveCategories(em, input.categories);
  const media = await storePropertyMedia(store, input);
  await em.transactional(async (tx) => {
    const property = await tx.findOne(
      Property,
      { id, archivedAt: null },
      { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true },
    );
    if (!property) throw new AppError('NOT_FOUND', PROPERTY_NOT_FOUND);
    const before = auditedFields(property);
    const columns = columnsOf(input, categories, media);
    tx.assign(property, columns);
    await tx.flush();
    await recordActivity(tx, actor, {
      action: 'property.update',
      entityType: 'property',
      entityId: id,
      before,
      after: auditedFields(columns),
    });
  });
  await collectUnusedMediaQuietly(em, store);
  return getProperty(em, id);
}

/**
 * Deleting a property must not lose booking history, so a property with bookings (any status) is
 * ARCHIVED: `archivedAt` is set, it leaves every list, the search and its public page, and no new
 * booking can reach it, while its bookings keep pointing at it for the admin's bookings list.
 * A property without bookings is deleted, its reviews with it (ON DELETE CASCADE).
 *
 * The property row is locked first: a booking being inserted holds a key-share lock on it, so the
 * count below cannot miss a booking that commits in between.
 */
export async function deleteProperty(
  em: EntityManager,
  store: TMediaStore,
  id: number,
  actor: TActor | null,
): Promise<TPropertyDeleteResult> {
  const result = await em.transactional(async (tx) => {
    const property = await tx.findOne(
      Property,
      { id, archivedAt: null },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (!property) throw new AppError('NOT_FOUND', PROPERTY_NOT_FOUND);
    const bookings = await tx.count(Booking, { property: id });
    const before = { title: property.title, location: property.location };
    if (bookings > 0) {
      property.archivedAt = new Date();
      await recordActivity(tx, actor, {
        action: 'property.archive',
        entityType: 'property',
        entityId: id,
        before: { ...before, archived: false },
        after: { archived: true },
      });
      return { id, archived: true };
    }
    tx.remove(property);
    await recordActivity(tx, actor, {
      action: 'property.delete',
      entityType: 'property',
      entityId: id,
      before,
      after: {},
    });
    return { id, archived: false };
  });
  await collectUnusedMediaQuietly(em, store);
  return result;
}
