import { z } from 'zod';
import {
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
import { MEDIA_BODY } from '../route-meta.ts';
import { routes } from './properties.rest.ts';

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
