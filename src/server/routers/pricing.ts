import { ZIdParam } from '#shared/schemas/common.ts';
import { ZPricing, ZPricingInput } from '#shared/schemas/pricing.ts';
import { getPricing, putPricing } from '../services/pricing/pricing.ts';
import { adminProcedure, publicProcedure, router, scopedInput } from '../trpc.ts';
import { rest } from '../route-meta.ts';

/** The REST route of each procedure below: its method, path and the words of the OpenAPI document. */
const routes = {
  get: rest.get(
    '/properties/{id}/pricing',
    "A home's fees, discounts, tourist tax and check-in rules (each null when not set)",
    'The extras on top of the nightly price of a home: cleaning and other fees, length-of-stay discounts, tourist tax, and check-in and check-out rules. A rule not set is null.',
  ),
  update: rest.put(
    '/properties/{id}/pricing',
    "Replace a home's fees, discounts, tourist tax and check-in rules; a rule left out is none (admin)",
    'Replaces all the fees, discounts, tax and check-in rules of a home at once. New quotes use them; bookings already made keep the price they were booked at.',
  ),
};

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
