import {
  ZBookingIdInput,
  ZManageCancelInput,
  ZMineCancelInput,
  ZManagedBooking,
  ZManageReviewInput,
  ZManageTokenParam,
  ZMineReviewInput,
  ZLookupInput,
  ZMessageResult,
} from '#shared/schemas/manage.ts';
import {
  cancelByToken,
  cancelMine,
  claimByToken,
  manageByToken,
  myBookingDetail,
} from '../services/bookings/manage.ts';
import { atEvenPace, LOOKUP_ANSWER_FLOOR_MS } from '../services/auth/even-pace.ts';
import { lookupBooking } from '../services/bookings/lookup.ts';
import { refundCardsAfterCancel } from '../services/payments/ledger.ts';
import { emailManageLink } from '../services/email/guest-emails.ts';
import { reviewByToken, reviewMine } from '../services/reviews/stay-reviews.ts';
import { authedProcedure, publicProcedure, router } from '../trpc.ts';

/** A guest in charge of their own booking: by its manage link, or from My bookings when signed in. */
export const manageRouter = router({
  manage: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/bookings/manage/{token}',
        tags: ['bookings'],
        summary: 'A booking by its manage link (404 for an unknown or expired token)',
      },
    })
    .input(ZManageTokenParam)
    .output(ZManagedBooking)
    .query(({ ctx, input }) => manageByToken(ctx.em, input.token, ctx.actingUser)),

  manageCancel: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/bookings/manage/{token}/cancel',
        tags: ['bookings'],
        summary: "Cancel a booking by its manage link, until its cancellation policy's deadline",
      },
    })
    .input(ZManageCancelInput)
    .output(ZManagedBooking)
    .mutation(async ({ ctx, input }) => {
      const booking = await cancelByToken(ctx.em, input.token, ctx.actingUser, undefined, input.acceptedFee);
      // Card payments go back by the policy at once (docs/payments.md#cancellation).
      await refundCardsAfterCancel(ctx.em, booking.id, ctx.deps.env);
      return booking;
    }),

  manageReview: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/bookings/manage/{token}/review',
        tags: ['bookings'],
        summary: 'Review a completed stay once, by its manage link',
      },
    })
    .input(ZManageReviewInput)
    .output(ZManagedBooking)
    .mutation(({ ctx, input: { token, ...review } }) => reviewByToken(ctx.em, token, ctx.actingUser, review)),

  manageClaim: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/bookings/manage/{token}/claim',
        tags: ['bookings'],
        summary: "Add a booking made while signed out, with the account's e-mail, to the account",
      },
    })
    .input(ZManageTokenParam)
    .output(ZManagedBooking)
    .mutation(({ ctx, input }) => claimByToken(ctx.em, input.token, ctx.actingUser)),

  lookup: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/bookings/lookup',
        tags: ['bookings'],
        summary:
          'Find my booking: e-mails the manage link when the confirmation number and e-mail match (always the same answer; rate-limited)',
      },
    })
    .input(ZLookupInput)
    .output(ZMessageResult)
    .mutation(({ ctx, input }) =>
      atEvenPace(LOOKUP_ANSWER_FLOOR_MS, () => lookupBooking(ctx.em, input, ctx, emailManageLink)),
    ),

  mineDetail: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/bookings/mine/{id}',
        tags: ['bookings'],
        summary: "One of the signed-in user's bookings",
      },
    })
    .input(ZBookingIdInput)
    .output(ZManagedBooking)
    .query(({ ctx, input }) => myBookingDetail(ctx.em, ctx.actingUser, input.id)),

  cancelMine: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/bookings/mine/{id}/cancel',
        tags: ['bookings'],
        summary: "Cancel one of the signed-in user's bookings, until its policy's deadline",
      },
    })
    .input(ZMineCancelInput)
    .output(ZManagedBooking)
    .mutation(async ({ ctx, input }) => {
      const booking = await cancelMine(ctx.em, ctx.actingUser, input.id, undefined, input.acceptedFee);
      await refundCardsAfterCancel(ctx.em, booking.id, ctx.deps.env);
      return booking;
    }),

  reviewMine: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/bookings/mine/{id}/review',
        tags: ['bookings'],
        summary: "Review one of the signed-in user's completed stays, once",
      },
    })
    .input(ZMineReviewInput)
    .output(ZManagedBooking)
    .mutation(({ ctx, input: { id, ...review } }) => reviewMine(ctx.em, ctx.actingUser, id, review)),
});
