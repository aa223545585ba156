import { BULK_LISTINGS_MAX } from '#shared/schemas/admin-tables.ts';
import { rest } from '../route-meta.ts';

/**
 * The REST routes of the procedures of `properties.ts`, keyed as they are: method, path, and the words of the
 * OpenAPI document (docs/rest-contract.md#words).
 */
export const routes = {
  list: rest.get(
    '/properties',
    'Every listed property',
    'The active homes with their details, prices, images and categories, as the original API listed them. Archived homes are left out.',
  ),
  search: rest.get(
    '/search/properties',
    'Home grid search: filters and keyset pages of 12',
    "The home page's grid: homes matching the search bar and filters, 12 at a time, with a cursor for the next page.",
  ),
  byId: rest.get(
    '/properties/{id}',
    'One property',
    "A home's full listing: description, prices, rooms, amenities, images, videos, location and categories. An unknown id answers 404.",
  ),
  create: rest.post(
    '/properties',
    'Create a property (admin). Images and videos may be data URLs; they are stored and replaced by /media URLs.',
    'Adds a home to the listings. Media sent as data URLs are stored and answered as /media URLs.',
  ),
  update: rest.put(
    '/properties/{id}',
    'Replace a property (admin). Stored media stay by their /media URL; new data URLs are stored.',
    "Saves a home's whole listing. Media already stored are kept by their /media URL, and new data URLs are stored.",
  ),
  delete: rest.delete(
    '/properties/{id}',
    'Delete a property (admin); one with bookings is archived instead, keeping its booking history',
    'Deletes a home that has never been booked. A home with bookings is archived instead, so its bookings and their history stay.',
  ),
  deleteImpact: rest.get(
    '/properties/{id}/delete-impact',
    'What deleting a property would do (admin): archive it when it has bookings, and how many are upcoming',
    'Says, before deleting, whether the home would be deleted or archived, and how many of its bookings are still to come.',
  ),
  archived: rest.get(
    '/admin/properties/archived',
    'Archived properties (admin)',
    'The homes taken off the listings, which can be restored.',
  ),
  restore: rest.post(
    '/properties/{id}/restore',
    'Bring an archived property back to the listings (admin)',
    'Puts an archived home back on the listings as it was.',
  ),
  bulkArchive: rest.post(
    '/admin/properties/bulk',
    `Archive or restore up to ${BULK_LISTINGS_MAX} properties at once (admin): all change or none`,
    'Archives or restores up to 100 homes in one transaction; if one cannot change, none does.',
  ),
  adminPage: rest.get(
    '/admin/properties',
    'One page of listings (admin): search by title or location, filter by type, category, city and active or archived, sort by any column',
    'The back office listings table: search, filters and sorting by any column, a page at a time, with the total count.',
  ),
  duplicate: rest.post(
    '/properties/{id}/duplicate',
    "Copy a listed property (admin): '<title> (copy)' with the same fields, categories and media URLs",
    'Makes a new home from an existing one, titled "<title> (copy)", with the same details, categories and media, ready to edit.',
  ),
};
