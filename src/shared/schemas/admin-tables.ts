import { z } from 'zod';
import {
  ADMIN_LISTING_SORTS,
  ADMIN_LISTINGS_PAGE_SIZE,
  ADMIN_TABLE_PAGE_SIZES,
  PROPERTY_TYPES,
} from '../constants.ts';
import { RATING_MAX, SEARCH_TEXT_MAX, SORT_DIRS } from '../url-search.ts';
import { ZPage, ZPageSize } from './admin.ts';
import { ZId, zInt, zLine, withDefault } from './common.ts';
import { ZProperty } from './property.ts';
import { ZReview } from './review.ts';

export { ADMIN_TABLE_PAGE_SIZES };
export const ADMIN_TABLE_PAGE_SIZE = ADMIN_TABLE_PAGE_SIZES[0];

const ZSearchText = zLine('Search')
  .trim()
  .max(SEARCH_TEXT_MAX, { error: `Search must be at most ${SEARCH_TEXT_MAX} characters` });
const ZDir = z.enum(SORT_DIRS, { error: 'Sort direction must be asc or desc' });

export { ADMIN_LISTING_SORTS, ADMIN_LISTINGS_PAGE_SIZE, type TAdminListingSort } from '../constants.ts';
export const ADMIN_LISTING_STATUSES = ['active', 'archived'] as const;

/**
 * One page of the admin's listings (GET /api/admin/properties): search by title or location, filter by
 * type, category (case-insensitive, as on the home page), city (the location's part before its first comma)
 * and active or archived, sorted by any column.
 */
export const ZAdminListingListInput = z
  .object({
    q: ZSearchText.optional(),
    type: z
      .enum(PROPERTY_TYPES, { error: 'Property type must be apartment, house, cabin or villa' })
      .optional(),
    category: zLine('Category').trim().max(100, { error: 'Category is too long' }).optional(),
    city: zLine('City').trim().max(100, { error: 'City is too long' }).optional(),
    status: z.enum(ADMIN_LISTING_STATUSES, { error: 'Status must be active or archived' }).default('active'),
    sort: z.enum(ADMIN_LISTING_SORTS, { error: 'Unknown sort column' }).default('id'),
    dir: ZDir.default('asc'),
    page: withDefault(ZPage, 1),
    pageSize: withDefault(ZPageSize, ADMIN_LISTINGS_PAGE_SIZE),
  })
  .prefault({});
export type TAdminListingListInput = z.input<typeof ZAdminListingListInput>;
export type TAdminListingFilter = z.output<typeof ZAdminListingListInput>;

/** A page's worth: the largest page of the listings table, so one page can be acted on at once. */
export const BULK_LISTINGS_MAX = ADMIN_LISTINGS_PAGE_SIZE;
export const LISTING_BULK_ACTIONS = ['archive', 'restore'] as const;

/** Archive or restore several homes at once: all of them change, or none (a missing one is named). */
export const ZListingBulkInput = z.object({
  ids: z
    .array(ZId)
    .min(1, { error: 'Choose at least one listing' })
    .max(BULK_LISTINGS_MAX, { error: `At most ${BULK_LISTINGS_MAX} listings at once` }),
  action: z.enum(LISTING_BULK_ACTIONS, { error: 'Action must be archive or restore' }),
});
export type TListingBulkInput = z.input<typeof ZListingBulkInput>;
export const ZListingBulkResult = z.object({ changed: z.array(ZId) });

export const ZAdminListingList = z
  .object({
    items: z.array(ZProperty),
    total: z.number().int().meta({ description: 'Number of homes in all pages' }),
    page: z.number().int(),
    pageSize: z.number().int(),
  })
  .meta({ description: 'One page of listings with the total count' });
export type TAdminListingList = z.infer<typeof ZAdminListingList>;

/** Every review across all homes (GET /api/admin/reviews), newest first: by home, by rating, by reviewer name. */
export const ZAdminReviewListInput = z
  .object({
    propertyId: ZId.optional(),
    rating: zInt(
      z
        .number({ error: 'Rating must be a number' })
        .int({ error: 'Rating must be a whole number' })
        .min(1, { error: 'Rating must be between 1 and 5' })
        .max(RATING_MAX, { error: `Rating must be between 1 and ${RATING_MAX}` }),
    ).optional(),
    q: ZSearchText.optional(),
    page: withDefault(ZPage, 1),
    pageSize: withDefault(ZPageSize, ADMIN_TABLE_PAGE_SIZE),
  })
  .prefault({});
export type TAdminReviewListInput = z.input<typeof ZAdminReviewListInput>;
export type TAdminReviewFilter = z.output<typeof ZAdminReviewListInput>;

export const ZAdminReview = ZReview.extend({ propertyTitle: z.string() });
export type TAdminReview = z.infer<typeof ZAdminReview>;

export const ZAdminReviewList = z
  .object({
    items: z.array(ZAdminReview),
    total: z.number().int().meta({ description: 'Number of reviews in all pages' }),
    page: z.number().int(),
    pageSize: z.number().int(),
  })
  .meta({ description: 'One page of reviews across all homes, newest first, with the total count' });
export type TAdminReviewList = z.infer<typeof ZAdminReviewList>;
