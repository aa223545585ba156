import type { THomeScope } from '../../repositories/home-scope.ts';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { TPropertyType } from '#shared/constants.ts';
import { PROPERTY_NOT_FOUND } from '#shared/messages.ts';
import type { TAdminListingFilter, TAdminListingList } from '#shared/schemas/admin-tables.ts';
import type { TProperty } from '#shared/schemas/property.ts';
import { AppError } from '../../errors.ts';
import { countAdminProperties, listAdminPropertyRows } from '../../repositories/admin-properties.ts';
import { findListedProperty, insertProperty, type TPropertyColumns } from '../../repositories/properties.ts';
import { grantHome } from '../../repositories/staff.ts';
import { recordActivity, type TActor } from '../activity/activity.ts';
import { getProperty } from './queries.ts';

/** One page of the admin's listings with the filtered total (offset paging: a table jumps to page N). */
export async function listAdminProperties(
  em: EntityManager,
  input: TAdminListingFilter,
  scope: THomeScope = null,
): Promise<TAdminListingList> {
  const [items, total] = await Promise.all([
    listAdminPropertyRows(em, input, input.pageSize, (input.page - 1) * input.pageSize, scope),
    countAdminProperties(em, input, scope),
  ]);
  return { items, total, page: input.page, pageSize: input.pageSize };
}

const COPY_SUFFIX = ' (copy)';
const TITLE_MAX = 200;

/** '<title> (copy)', the title shortened when the whole would pass the column's 200 characters. */
export function copyTitle(title: string): string {
  return `${title.slice(0, TITLE_MAX - COPY_SUFFIX.length)}${COPY_SUFFIX}`;
}

/**
 * A new listed home with the same fields, categories and media URLs as a listed one. Media files are
 * content-addressed and referenced by URL (docs/decisions.md#media), so both homes share them and no file is copied;
 * the media collector sees both references. Ratings and reviews belong to the original and stay with it.
 */
export async function duplicateProperty(
  em: EntityManager,
  id: number,
  actor: TActor | null,
  /** Someone limited to their homes (a manager) who is given the copy, as with a new home. */
  grantTo: number | null = null,
): Promise<TProperty> {
  const newId = await em.transactional(async (tx) => {
    const source = await findListedProperty(tx, id);
    if (!source) throw new AppError('NOT_FOUND', PROPERTY_NOT_FOUND);
    const columns: TPropertyColumns = {
      title: copyTitle(source.title),
      description: source.description,
      location: source.location,
      price: source.price,
      images: source.images,
      videos: source.videos,
      bedrooms: source.bedrooms,
      bathrooms: source.bathrooms,
      maxGuests: source.maxGuests,
      // The column's check constraint allows only these types.
      propertyType: source.propertyType as TPropertyType,
      amenities: source.amenities,
      categories: source.categories,
      latitude: source.latitude,
      longitude: source.longitude,
      showLogo: source.showLogo,
      guestFavorite: source.guestFavorite,
      cancellationPolicy: source.cancellationPolicy,
      bookingMode: source.bookingMode,
      timeZone: source.timeZone,
    };
    const created = await insertProperty(tx, columns);
    if (grantTo !== null) await grantHome(tx, grantTo, created);
    await recordActivity(tx, actor, {
      action: 'property.duplicate',
      entityType: 'property',
      entityId: created,
      before: {},
      after: { duplicatedFrom: id, ...columns },
    });
    return created;
  });
  return getProperty(em, newId);
}
