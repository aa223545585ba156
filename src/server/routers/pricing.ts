import { ZIdParam } from '#shared/schemas/common.ts';
import { ZPricing, ZPricingInput } from '#shared/schemas/pricing.ts';
import { getPricing, putPricing } from '../services/pricing/pricing.ts';
import { adminProcedure, publicProcedure, router, scopedInput } from '../trpc.ts';

const tags = ['pricing'];

export const pricingRouter = router({
  get: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/properties/{id}/pricing',
        tags,
        summary: "A home's fees, discounts, tourist tax and check-in rules (each null when not set)",
      },
      cache: 'public',
    })
    .input(ZIdParam)
    .output(ZPricing)
    .query(({ ctx, input }) => getPricing(ctx.em, input.id)),

  update: adminProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/properties/{id}/pricing',
        tags,
        summary:
          "Replace a home's fees, discounts, tourist tax and check-in rules; a rule left out is none (admin)",
      },
    })
    .concat(scopedInput(ZPricingInput, { id: 'property' }))
    .output(ZPricing)
    .mutation(({ ctx, input }) => putPricing(ctx.em, input, ctx.actingUser)),
});
