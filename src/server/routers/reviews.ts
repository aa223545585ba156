import { z } from 'zod';
import { ZAdminReviewList, ZAdminReviewListInput } from '#shared/schemas/admin-tables.ts';
import { ZId, ZIdParam, ZOk } from '#shared/schemas/common.ts';
import { ZReview, ZReviewCreateInput, ZReviewUpdateInput } from '#shared/schemas/review.ts';
import { createReview, deleteReview, updateReview } from '../services/reviews/mutations.ts';
import { listAdminReviews, listReviewsForProperty } from '../services/reviews/queries.ts';
import { adminProcedure, publicProcedure, router, scopedInput, idInput } from '../trpc.ts';
import { IMAGE_BODY, rest } from '../route-meta.ts';

/** The REST route of each procedure below: its method, path and the words of the OpenAPI document. */
const routes = {
  byProperty: rest.get(
    '/properties/{id}/reviews',
    "A property's reviews, newest first",
    'The reviews of a home, each with its author, rating, date and comment, newest first.',
  ),
  create: rest.post(
    '/reviews',
    'Add a review (admin); the author is the session user, userImage may be an image data URL',
    'Adds a review of a home in the back office, written by the signed-in admin. userImage may be an image data URL, which is stored.',
  ),
  update: rest.patch(
    '/reviews/{id}',
    'Change a review (admin)',
    'Saves the fields sent; the others stay as they were.',
  ),
  delete: rest.delete('/reviews/{id}', 'Delete a review (admin)', 'Removes a review for good.'),
  adminList: rest.get(
    '/admin/reviews',
    'Every review across all homes (admin), newest first: by home, rating and reviewer name, paged',
    'Every review of every home for the back office table, filtered by home, rating and reviewer name, newest first; paged.',
  ),
};

export const reviewsRouter = router({
  byProperty: publicProcedure
    .meta({
      cache: 'public',
      ...routes.byProperty,
    })
    .input(ZIdParam)
    .output(z.array(ZReview))
    .query(({ ctx, input }) => listReviewsForProperty(ctx.em, input.id)),

  create: adminProcedure
    .meta({
      bodyLimit: IMAGE_BODY,
      ...routes.create,
    })
    .concat(scopedInput(ZReviewCreateInput, { propertyId: 'property' }))
    .output(ZReview)
    .mutation(({ ctx, input }) => createReview(ctx.em, ctx.deps.media, ctx.actingUser, input)),

  update: adminProcedure
    .meta({
      bodyLimit: IMAGE_BODY,
      ...routes.update,
    })
    .concat(scopedInput(z.object({ id: ZId, ...ZReviewUpdateInput.shape }), { id: 'review' }))
    .output(ZReview)
    .mutation(({ ctx, input: { id, ...changes } }) =>
      updateReview(ctx.em, ctx.deps.media, id, changes, ctx.actingUser),
    ),

  delete: adminProcedure
    .meta(routes.delete)
    .concat(idInput('review'))
    .output(ZOk)
    .mutation(({ ctx, input }) => deleteReview(ctx.em, ctx.deps.media, input.id, ctx.actingUser)),

  adminList: adminProcedure
    .meta(routes.adminList)
    .concat(scopedInput(ZAdminReviewListInput, { propertyId: 'property' }))
    .output(ZAdminReviewList)
    .query(({ ctx, input }) => listAdminReviews(ctx.em, input, ctx.staff.homes)),
});
