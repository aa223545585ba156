import { z } from 'zod';
import { ZOk } from '#shared/schemas/common.ts';
import { ZProperty } from '#shared/schemas/property.ts';
import { ZWishlistMergeInput, ZWishlistParam } from '#shared/schemas/wishlist.ts';
import { listSaved, mergeSaved, saveHome, unsaveHome } from '../services/wishlist/wishlist.ts';
import { authedProcedure, router } from '../trpc.ts';
import { routes } from './wishlist.rest.ts';

/** Saved homes of the signed-in user (docs/decisions.md#saved-homes); visitors keep theirs in the browser. */
export const wishlistRouter = router({
  list: authedProcedure
    .meta(routes.list)
    .input(z.void())
    .output(z.array(ZProperty))
    .query(({ ctx }) => listSaved(ctx.em, ctx.actingUser.id)),

  save: authedProcedure
    .meta(routes.save)
    .input(ZWishlistParam)
    .output(ZOk)
    .mutation(({ ctx, input }) => saveHome(ctx.em, ctx.actingUser.id, input.propertyId)),

  remove: authedProcedure
    .meta(routes.remove)
    .input(ZWishlistParam)
    .output(ZOk)
    .mutation(({ ctx, input }) => unsaveHome(ctx.em, ctx.actingUser.id, input.propertyId)),

  merge: authedProcedure
    .meta(routes.merge)
    .input(ZWishlistMergeInput)
    .output(z.array(ZProperty))
    .mutation(({ ctx, input }) => mergeSaved(ctx.em, ctx.actingUser.id, input.propertyIds)),
});
