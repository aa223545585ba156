import type { EntityManager } from '@mikro-orm/postgresql';
import type { TProperty, TPropertyDeleteResult, TPropertyInputParsed } from '#shared/schemas/property.ts';
import { AppError } from '../../errors.ts';
import { recordActivity, type TActor } from '../activity/activity.ts';
import { categoryNamesByKey } from '../../repositories/categories.ts';
import {
  archiveProperty,
  deletePropertyRow,
  insertProperty,
  lockListedProperty,
  propertyHasBookings,
  propertyIsListed,
  updateListedProperty,
  type TPropertyColumns,
} from '../../repositories/properties.ts';
import { grantHome } from '../../repositories/staff.ts';
import { collectUnusedMediaQuietly } from '../media/gc.ts';
import type { TMediaStore } from '../media/store.ts';
import { storePropertyMedia } from '../media/uploads.ts';
import { getProperty, PROPERTY_NOT_FOUND } from './queries.ts';
import { guessHomeTimeZone } from '#shared/home-time.ts';

/**
 * The body's categories as the category table spells them, duplicates dropped, order kept (the first
 * is the primary category). Matching is case-insensitive, as on the home page.
 */
async function resolveCategories(em: EntityManager, names: readonly string[]): Promise<string[]> {
  if (names.length === 0) return [];
  const known = await categoryNamesByKey(em);
  const out: string[] = [];
  for (const name of names) {
    const canonical = known.get(name.trim().toLowerCase());
    if (!canonical) throw new AppError('VALIDATION', `Unknown category: ${name}`);
    if (!out.includes(canonical)) out.push(canonical);
  }
  return out;
}

/** Every column a body sets; `timeZone` is the body's zone, or the one the caller falls back to. */
function columnsOf(
  input: TPropertyInputParsed,
  categories: string[],
  media: { images: string[]; videos: string[] },
  timeZone: string,
): TPropertyColumns {
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
    latitude: input.latitude ?? null,
    longitude: input.longitude ?? null,
    showLogo: input.showLogo,
    guestFavorite: input.guestFavorite,
    cancellationPolicy: input.cancellationPolicy,
    bookingMode: input.bookingMode,
    timeZone,
  };
}

/** The audited fields: those a body sets (categoryKeys only mirrors categories), read off any shape. */
function audited(columns: TPropertyColumns, from: object = columns): Record<string, unknown> {
  const source = from as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(columns)) if (key !== 'categoryKeys') out[key] = source[key] ?? null;
  return out;
}

/** Cheap checks first, then the media (decoded, checked, stored), then one insert. */
export async function createProperty(
  em: EntityManager,
  store: TMediaStore,
  input: TPropertyInputParsed,
  actor: TActor | null,
  /** Someone limited to their homes (a manager) who is given the new home (docs/staff.md#per-home-access). */
  grantTo: number | null = null,
): Promise<TProperty> {
  const categories = await resolveCategories(em, input.categories);
  const media = await storePropertyMedia(store, input);
  // Without a zone of its own, a new home keeps the one its place suggests (docs/cancellation.md#the-homes-local-time).
  const timeZone =
    input.timeZone ??
    guessHomeTimeZone({
      location: input.location,
      latitude: input.latitude ?? null,
      longitude: input.longitude ?? null,
    });
  const columns = columnsOf(input, categories, media, timeZone);
  const id = await em.transactional(async (tx) => {
    const newId = await insertProperty(tx, columns);
    if (grantTo !== null) await grantHome(tx, grantTo, newId);
    await recordActivity(tx, actor, {
      action: 'property.create',
      entityType: 'property',
      entityId: newId,
      before: {},
      after: audited(columns),
    });
    return newId;
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
  if (!(await propertyIsListed(em, id))) throw new AppError('NOT_FOUND', PROPERTY_NOT_FOUND);
  const categories = await resolveCategories(em, input.categories);
  const media = await storePropertyMedia(store, input);
  await em.transactional(async (tx) => {
    if (!(await lockListedProperty(tx, id))) throw new AppError('NOT_FOUND', PROPERTY_NOT_FOUND);
    const current = await getProperty(tx, id);
    // A body without a zone (a client that predates it) keeps the home's own.
    const columns = columnsOf(input, categories, media, input.timeZone ?? current.timeZone);
    const before = audited(columns, current);
    if (!(await updateListedProperty(tx, id, columns))) throw new AppError('NOT_FOUND', PROPERTY_NOT_FOUND);
    await recordActivity(tx, actor, {
      action: 'property.update',
      entityType: 'property',
      entityId: id,
      before,
      after: audited(columns),
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
    if (!(await lockListedProperty(tx, id))) throw new AppError('NOT_FOUND', PROPERTY_NOT_FOUND);
    if (await propertyHasBookings(tx, id)) {
      await archiveProperty(tx, id, new Date());
      await recordActivity(tx, actor, {
        action: 'property.archive',
        entityType: 'property',
        entityId: id,
        before: { archived: false },
        after: { archived: true },
      });
      return { id, archived: true };
    }
    await deletePropertyRow(tx, id);
    await recordActivity(tx, actor, {
      action: 'property.delete',
      entityType: 'property',
      entityId: id,
      before: { id },
      after: {},
    });
    return { id, archived: false };
  });
  await collectUnusedMediaQuietly(em, store);
  return result;
}
