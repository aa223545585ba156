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
  type TManagedBooking,
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
import type { TContext } from '../context.ts';
import { authedProcedure, publicProcedure, router } from '../trpc.ts';
import { routes } from './manage.rest.ts';

/** A guest's cancellation, then its card payments going back by the policy at once (docs/payments.md#cancellation). */
async function refundingCards(ctx: TContext, cancelling: Promise<TManagedBooking>): Promise<TManagedBooking> {
  const booking = await cancelling;
  await refundCardsAfterCancel(ctx.em, booking.id, ctx.deps.env);
  return booking;
}

/** A guest in charge of their own booking: by its manage link, or from My bookings when signed in. */
export const manageRouter = router({
  manage: publicProcedure
    .meta(routes.manage)
    .input(ZManageTokenParam)
    .output(ZManagedBooking)
    .query(({ ctx, input }) => manageByToken(ctx.em, input.token, ctx.actingUser)),

  manageCancel: publicProcedure
    .meta(routes.manageCancel)
    .input(ZManageCancelInput)
    .output(ZManagedBooking)
    .mutation(({ ctx, input }) =>
      refundingCards(ctx, cancelByToken(ctx.em, input.token, ctx.actingUser, undefined, input.acceptedFee)),
    ),

  manageReview: publicProcedure
    .meta(routes.manageReview)
    .input(ZManageReviewInput)
    .output(ZManagedBooking)
    .mutation(({ ctx, input: { token, ...review } }) => reviewByToken(ctx.em, token, ctx.actingUser, review)),

  manageClaim: authedProcedure
    .meta(routes.manageClaim)
    .input(ZManageTokenParam)
    .output(ZManagedBooking)
    .mutation(({ ctx, input }) => claimByToken(ctx.em, input.token, ctx.actingUser)),

  lookup: publicProcedure
    .meta(routes.lookup)
    .input(ZLookupInput)
    .output(ZMessageResult)
    .mutation(({ ctx, input }) =>
      atEvenPace(LOOKUP_ANSWER_FLOOR_MS, () => lookupBooking(ctx.em, input, ctx, emailManageLink)),
    ),

  mineDetail: authedProcedure
    .meta(routes.mineDetail)
    .input(ZBookingIdInput)
    .output(ZManagedBooking)
    .query(({ ctx, input }) => myBookingDetail(ctx.em, ctx.actingUser, input.id)),

  cancelMine: authedProcedure
    .meta(routes.cancelMine)
    .input(ZMineCancelInput)
    .output(ZManagedBooking)
    .mutation(({ ctx, input }) =>
      refundingCards(ctx, cancelMine(ctx.em, ctx.actingUser, input.id, undefined, input.acceptedFee)),
    ),

  reviewMine: authedProcedure
    .meta(routes.reviewMine)
    .input(ZMineReviewInput)
    .output(ZManagedBooking)
    .mutation(({ ctx, input: { id, ...review } }) => reviewMine(ctx.em, ctx.actingUser, id, review)),
});
