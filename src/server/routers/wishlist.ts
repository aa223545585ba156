import { z } from 'zod';
import { ZOk } from '#shared/schemas/common.ts';
import { ZProperty } from '#shared/schemas/property.ts';
import { ZWishlistMergeInput, ZWishlistParam } from '#shared/schemas/wishlist.ts';
import { listSaved, mergeSaved, saveHome, unsaveHome } from '../services/wishlist/wishlist.ts';
import { authedProcedure, router } from '../trpc.ts';
import { rest } from '../route-meta.ts';

/** The REST route of each procedure below: its method, path and the words of the OpenAPI document. */
const routes = {
  list: rest.get('/wishlist', 'My saved homes', 'The homes the signed-in guest saved.'),
  save: rest.put(
    '/wishlist/{propertyId}',
    'Save a home',
    "Adds a home to the signed-in guest's saved homes.",
  ),
  remove: rest.delete(
    '/wishlist/{propertyId}',
    'Forget a saved home',
    "Takes a home off the signed-in guest's saved homes.",
  ),
  merge: rest.post(
    '/wishlist/merge',
    "Add the browser's saved homes to the account (at sign-in); answers the merged list",
    'At sign-in, adds the homes saved in the browser while signed out to the account, and answers the full list.',
  ),
};

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
