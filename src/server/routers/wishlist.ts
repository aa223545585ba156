import { z } from 'zod';
import { ZOk } from '#shared/schemas/common.ts';
import { ZProperty } from '#shared/schemas/property.ts';
import { ZWishlistMergeInput, ZWishlistParam } from '#shared/schemas/wishlist.ts';
import { listSaved, mergeSaved, saveHome, unsaveHome } from '../services/wishlist/wishlist.ts';
import { authedProcedure, router } from '../trpc.ts';
import { rest } from '../route-meta.ts';

/** Saved homes of the signed-in user (docs/decisions.md#saved-homes); visitors keep theirs in the browser. */
export const wishlistRouter = router({
  list: authedProcedure
    .meta(
      rest.get('/wishlist', {
        summary: 'My saved homes',
        description: 'The homes the signed-in guest saved.',
      }),
    )
    .input(z.void())
    .output(z.array(ZProperty))
    .query(({ ctx }) => listSaved(ctx.em, ctx.actingUser.id)),

  save: authedProcedure
    .meta(
      rest.put('/wishlist/{propertyId}', {
        summary: 'Save a home',
        description: "Adds a home to the signed-in guest's saved homes.",
      }),
    )
    .input(ZWishlistParam)
    .output(ZOk)
    .mutation(({ ctx, input }) => saveHome(ctx.em, ctx.actingUser.id, input.propertyId)),

  remove: authedProcedure
    .meta(
      rest.delete('/wishlist/{propertyId}', {
        summary: 'Forget a saved home',
        description: "Takes a home off the signed-in guest's saved homes.",
      }),
    )
    .input(ZWishlistParam)
    .output(ZOk)
    .mutation(({ ctx, input }) => unsaveHome(ctx.em, ctx.actingUser.id, input.propertyId)),

  merge: authedProcedure
    .meta(
      rest.post('/wishlist/merge', {
        summary: "Add the browser's saved homes to the account (at sign-in); answers the merged list",
        description:
          'At sign-in, adds the homes saved in the browser while signed out to the account, and answers the full list.',
      }),
    )
    .input(ZWishlistMergeInput)
    .output(z.array(ZProperty))
    .mutation(({ ctx, input }) => mergeSaved(ctx.em, ctx.actingUser.id, input.propertyIds)),
});
