import { ZIdParam } from '#shared/schemas/common.ts';
import { ZPricing, ZPricingInput } from '#shared/schemas/pricing.ts';
import { getPricing, putPricing } from '../services/pricing/pricing.ts';
import { adminProcedure, publicProcedure, router, scopedInput } from '../trpc.ts';
import { routes } from './pricing.rest.ts';

export const pricingRouter = router({
  get: publicProcedure
    .meta({
      ...routes.get,
      cache: 'public',
    })
    .input(ZIdParam)
    .output(ZPricing)
    .query(({ ctx, input }) => getPricing(ctx.em, input.id)),

  update: adminProcedure
    .meta(routes.update)
    .concat(scopedInput(ZPricingInput, { id: 'property' }))
    .output(ZPricing)
    .mutation(({ ctx, input }) => putPricing(ctx.em, input, ctx.actingUser)),
});
