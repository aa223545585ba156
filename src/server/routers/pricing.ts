import { ZIdParam } from '#shared/schemas/common.ts';
import { ZPricing, ZPricingInput } from '#shared/schemas/pricing.ts';
import { getPricing, putPricing } from '../services/pricing/pricing.ts';
import { adminProcedure, publicProcedure, router, scopedInput } from '../trpc.ts';
import { rest } from '../route-meta.ts';

export const pricingRouter = router({
  get: publicProcedure
    .meta({
      ...rest.get('/properties/{id}/pricing', {
        summary: "A home's fees, discounts, tourist tax and check-in rules (each null when not set)",
        description:
          'The extras on top of the nightly price of a home: cleaning and other fees, length-of-stay discounts, tourist tax, and check-in and check-out rules. A rule not set is null.',
      }),
      cache: 'public',
    })
    .input(ZIdParam)
    .output(ZPricing)
    .query(({ ctx, input }) => getPricing(ctx.em, input.id)),

  update: adminProcedure
    .meta(
      rest.put('/properties/{id}/pricing', {
        summary:
          "Replace a home's fees, discounts, tourist tax and check-in rules; a rule left out is none (admin)",
        description:
          'Replaces all the fees, discounts, tax and check-in rules of a home at once. New quotes use them; bookings already made keep the price they were booked at.',
      }),
    )
    .concat(scopedInput(ZPricingInput, { id: 'property' }))
    .output(ZPricing)
    .mutation(({ ctx, input }) => putPricing(ctx.em, input, ctx.actingUser)),
});
