import { z } from 'zod';
import { ZIdParam } from '../../shared/schemas/common.ts';
import { ZReview } from '../../shared/schemas/review.ts';
import { listReviewsForProperty } from '../services/reviews/queries.ts';
import { publicProcedure, router } from '../trpc.ts';

export const reviewsRouter = router({
  byProperty: publicProcedure
    .meta({
      openapi: { method: 'GET', path: '/properties/{id}/reviews', tags: ['reviews'], summary: "A property's reviews, newest first" },
    })
    .input(ZIdParam)
    .output(z.array(ZReview))
    .query(({ ctx, input }) => listReviewsForProperty(ctx.em, input.id)),
});
