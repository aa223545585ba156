import { z } from 'zod';
import { ZAdminReviewList, ZAdminReviewListInput } from '#shared/schemas/admin-tables.ts';
import { ZId, ZIdParam, ZOk } from '#shared/schemas/common.ts';
import { ZReview, ZReviewCreateInput, ZReviewUpdateInput } from '#shared/schemas/review.ts';
import { createReview, deleteReview, updateReview } from '../services/reviews/mutations.ts';
import { listAdminReviews, listReviewsForProperty } from '../services/reviews/queries.ts';
import { adminProcedure, publicProcedure, router, scopedInput, idInput } from '../trpc.ts';
import { IMAGE_BODY } from '../route-meta.ts';
import { routes } from './reviews.rest.ts';

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
