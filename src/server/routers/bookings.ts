import { z } from 'zod';
import { ZBookingCreateInput, ZMyBooking, ZQuote, ZQuoteInput, ZStayRules } from '#shared/schemas/booking.ts';
import { ZCreatedBooking } from '#shared/schemas/manage.ts';
import { ZIdParam } from '#shared/schemas/common.ts';
import { ZBlockedRange } from '#shared/schemas/property.ts';
import { blockedRanges, stayRules } from '../services/bookings/availability.ts';
import { createBookingWithLink } from '../services/bookings/manage.ts';
import { myBookings } from '../services/bookings/mine.ts';
import { quoteForStay } from '../services/bookings/quote.ts';
import { cardReach } from '../services/payments/terms.ts';
import { routes } from './bookings.rest.ts';
import { idempotent, authedProcedure, publicProcedure, router } from '../trpc.ts';

export const bookingsRouter = router({
  create: publicProcedure
    .meta(routes.create)
    .input(ZBookingCreateInput)
    .output(ZCreatedBooking)
    .use(idempotent)
    .mutation(({ ctx, input }) =>
      createBookingWithLink(
        ctx.em,
        {
          sessionUser: ctx.sessionUser,
          guestLimit: { ip: ctx.ip, perHour: ctx.deps.env.guestBookingsPerHour },
        },
        input,
        ctx.idempotency,
      ),
    ),

  quote: publicProcedure
    .meta(routes.quote)
    .input(ZQuoteInput)
    .output(ZQuote)
    .query(({ ctx, input }) => quoteForStay(ctx.em, input, new Date(), cardReach(ctx.deps.env))),

  availability: publicProcedure
    .meta(routes.availability)
    .input(ZIdParam)
    .output(z.array(ZBlockedRange))
    .query(({ ctx, input }) => blockedRanges(ctx.em, input.id)),

  stayRules: publicProcedure
    .meta(routes.stayRules)
    .input(ZIdParam)
    .output(ZStayRules)
    .query(({ ctx, input }) => stayRules(ctx.em, input.id)),

  mine: authedProcedure
    .meta(routes.mine)
    .input(z.void())
    .output(z.array(ZMyBooking))
    .query(({ ctx }) => myBookings(ctx.em, ctx.actingUser.id)),
});
