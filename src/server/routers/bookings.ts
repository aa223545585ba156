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
import { idempotentRoute, rest } from '../route-meta.ts';
import { idempotent, authedProcedure, publicProcedure, router } from '../trpc.ts';

/** The REST route of each procedure below: its method, path and the words of the OpenAPI document. */
const routes = {
  create: idempotentRoute(
    rest.post(
      '/bookings',
      'Book a stay (guest or signed in); the server sets the user and the price',
      'The answer carries manageToken: the booking is managed at /manage/{manageToken}. With an Idempotency-Key, a repeat answers with the same booking and books nothing.',
    ),
  ),
  quote: rest.get(
    '/bookings/quote',
    'The price of a stay',
    'The nightly prices, fees, discounts, tax and total for a home, dates and party, computed as a booking would be. Nothing is reserved.',
  ),
  availability: rest.get(
    '/properties/{id}/availability',
    "A property's booked date ranges (check-out day free), from today on",
    'The ranges already taken by bookings, blocks and imported events, from today on, for a date picker. A check-out day is free for the next check-in.',
  ),
  stayRules: rest.get(
    '/properties/{id}/stay-rules',
    "A property's minimum and maximum nights and advance-booking days",
    'The rules a booking of this home must meet: fewest and most nights and how far ahead it may be booked.',
  ),
  mine: rest.get(
    '/bookings/mine',
    "The signed-in user's bookings",
    'The bookings of the signed-in guest, each with its home, dates, status and total.',
  ),
};

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
