import { z } from 'zod';
import {
  BULK_LISTINGS_MAX,
  ZAdminListingList,
  ZAdminListingListInput,
  ZListingBulkInput,
  ZListingBulkResult,
} from '#shared/schemas/admin-tables.ts';
import { ZIdParam } from '#shared/schemas/common.ts';
import {
  ZProperty,
  ZPropertyDeleteImpact,
  ZPropertyDeleteResult,
  ZPropertyInput,
  ZPropertyUpdateInput,
  ZSearchInput,
  ZSearchResult,
  ZZoneClock,
  ZZoneClockInput,
} from '#shared/schemas/property.ts';
import { createProperty, deleteProperty, updateProperty } from '../services/properties/commands.ts';
import { getProperty, homeClock, listProperties, searchProperties } from '../services/properties/queries.ts';
import {
  archivedProperties,
  propertyDeleteImpact,
  restoreProperty,
  setPropertiesArchived,
} from '../services/properties/archive.ts';
import { duplicateProperty, listAdminProperties } from '../services/properties/admin-list.ts';
import { adminProcedure, publicProcedure, router, type TStaffScope, scopedInput, idInput } from '../trpc.ts';
import { MEDIA_BODY, rest } from '../route-meta.ts';

/** The REST route of each procedure below: its method, path and the words of the OpenAPI document. */
const routes = {
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

/**
 * Who is given a home they create or copy: someone limited to their homes (a manager), or else they could
 * not see what they made; the owner-operator sees every home already.
 */
const grantTo = (ctx: { staff: TStaffScope; actingUser: { id: number } }): number | null =>
  ctx.staff.homes === null ? null : ctx.actingUser.id;

export const propertiesRouter = router({
  list: publicProcedure
    .meta({
      cache: 'public',
      ...routes.list,
    })
    .input(z.void())
    .output(z.array(ZProperty))
    .query(({ ctx }) => listProperties(ctx.em)),

  search: publicProcedure
    .meta({
      cache: 'public-undated',
      ...routes.search,
    })
    .input(ZSearchInput)
    .output(ZSearchResult)
    .query(({ ctx, input }) => searchProperties(ctx.em, input)),

  byId: publicProcedure
    .meta({
      cache: 'public',
      ...routes.byId,
    })
    .input(ZIdParam)
    .output(ZProperty)
    .query(({ ctx, input }) => getProperty(ctx.em, input.id)),

  /** A home zone's offsets and names for the booking card's deadline (tRPC only: a page's helper, not REST). */
  zoneClock: publicProcedure
    .meta({ cache: 'public' })
    .input(ZZoneClockInput)
    .output(ZZoneClock)
    .query(({ input }) => homeClock(input.zone)),

  create: adminProcedure
    .meta({
      bodyLimit: MEDIA_BODY,
      ...routes.create,
    })
    .concat(scopedInput(ZPropertyInput, 'none'))
    .output(ZProperty)
    .mutation(({ ctx, input }) =>
      createProperty(ctx.em, ctx.deps.media, input, ctx.actingUser, grantTo(ctx)),
    ),

  update: adminProcedure
    .meta({
      bodyLimit: MEDIA_BODY,
      ...routes.update,
    })
    .concat(scopedInput(ZPropertyUpdateInput, { id: 'property' }))
    .output(ZProperty)
    .mutation(({ ctx, input: { id, ...body } }) =>
      updateProperty(ctx.em, ctx.deps.media, id, body, ctx.actingUser),
    ),

  delete: adminProcedure
    .meta(routes.delete)
    .concat(idInput('property'))
    .output(ZPropertyDeleteResult)
    .mutation(({ ctx, input }) => deleteProperty(ctx.em, ctx.deps.media, input.id, ctx.actingUser)),

  deleteImpact: adminProcedure
    .meta(routes.deleteImpact)
    .concat(idInput('property'))
    .output(ZPropertyDeleteImpact)
    .query(({ ctx, input }) => propertyDeleteImpact(ctx.em, input.id)),

  archived: adminProcedure
    .meta(routes.archived)
    .concat(scopedInput(z.void(), 'list'))
    .output(z.array(ZProperty))
    .query(({ ctx }) => archivedProperties(ctx.em, ctx.staff.homes)),

  restore: adminProcedure
    .meta(routes.restore)
    .concat(idInput('property'))
    .output(ZProperty)
    .mutation(({ ctx, input }) => restoreProperty(ctx.em, input.id, ctx.actingUser)),

  bulkArchive: adminProcedure
    .meta(routes.bulkArchive)
    .concat(scopedInput(ZListingBulkInput, { ids: 'property' }))
    .output(ZListingBulkResult)
    .mutation(async ({ ctx, input }) => ({
      changed: await setPropertiesArchived(ctx.em, input.ids, input.action === 'archive', ctx.actingUser),
    })),

  adminPage: adminProcedure
    .meta(routes.adminPage)
    .concat(scopedInput(ZAdminListingListInput, 'list'))
    .output(ZAdminListingList)
    .query(({ ctx, input }) => listAdminProperties(ctx.em, input, ctx.staff.homes)),

  duplicate: adminProcedure
    .meta(routes.duplicate)
    .concat(idInput('property'))
    .output(ZProperty)
    .mutation(({ ctx, input }) => duplicateProperty(ctx.em, input.id, ctx.actingUser, grantTo(ctx))),
});
