import { z } from 'zod';
import { ZAdminBooking } from '#shared/schemas/admin.ts';
import { ZManageTokenParam } from '#shared/schemas/manage.ts';
import {
  ZBookingChangeInput,
  ZBookingChangeResult,
  ZChangeRequest,
  ZChangeRequestDecline,
  ZChangeRequestInput,
  ZChangeRequestRef,
  ZGuestChangeRequest,
  ZOperatorBookingInput,
} from '#shared/schemas/operator-bookings.ts';
import {
  acceptChangeRequest,
  changeRequestsOf,
  declineChangeRequest,
  latestRequestByToken,
  requestChange,
} from '../services/bookings/change-requests.ts';
import { changeBooking, createOperatorBooking } from '../services/bookings/operator.ts';
import { adminProcedure, publicProcedure, router, scopedInput, idInput } from '../trpc.ts';
import { rest } from '../route-meta.ts';

/** Bookings the operator enters and changes, and the guests' change requests (docs/booking-operations.md). */
export const operatorBookingsRouter = router({
  createByOperator: adminProcedure
    .meta(
      rest.post('/admin/bookings', {
        summary:
          "Enter a phone, walk-in or owner's booking (admin): confirmed at once; the quote's price, or totalPrice with overrideReason",
        description:
          'Records a booking the operator took outside the site. It is confirmed at once at the quoted price, unless totalPrice is sent with a reason for the override.',
      }),
    )
    .concat(scopedInput(ZOperatorBookingInput, { propertyId: 'property' }))
    .output(ZAdminBooking)
    .mutation(({ ctx, input }) => createOperatorBooking(ctx.em, input, ctx.actingUser)),

  change: adminProcedure
    .meta(
      rest.patch('/admin/bookings/{id}', {
        summary:
          "Change a booking's dates, home or guests (admin): re-quoted, 409 naming the booking that holds the new dates; dryRun answers without saving",
        description:
          'Moves a booking to other dates or another home, or changes its party. The price is quoted again; dryRun shows the new price without saving. Dates held by another booking answer 409.',
      }),
    )
    .concat(scopedInput(ZBookingChangeInput, { id: 'booking', propertyId: 'property' }))
    .output(ZBookingChangeResult)
    .mutation(({ ctx, input }) => changeBooking(ctx.em, input, ctx.actingUser)),

  changeRequests: adminProcedure
    .meta(
      rest.get('/admin/bookings/{id}/change-requests', {
        summary: "A booking's change requests from its guest, newest first (admin; the latest 20)",
        description:
          'The changes a guest asked for on this booking through the manage link, each with its status and the answer given.',
      }),
    )
    .concat(idInput('booking'))
    .output(z.array(ZChangeRequest))
    .query(({ ctx, input }) => changeRequestsOf(ctx.em, input.id)),

  acceptChange: adminProcedure
    .meta(
      rest.post('/admin/bookings/{id}/change-requests/{requestId}/accept', {
        summary: "Accept a guest's change request (admin): applied as PATCH /admin/bookings/{id} would",
        description:
          'Applies the dates or party the guest asked for, re-quoted, and e-mails the guest. Dates no longer free answer 409.',
      }),
    )
    .concat(scopedInput(ZChangeRequestRef, { id: 'booking', requestId: 'change-request' }))
    .output(ZBookingChangeResult)
    .mutation(({ ctx, input }) => acceptChangeRequest(ctx.em, input.id, input.requestId, ctx.actingUser)),

  declineChange: adminProcedure
    .meta(
      rest.post('/admin/bookings/{id}/change-requests/{requestId}/decline', {
        summary: "Decline a guest's change request (admin); the guest is e-mailed",
        description:
          "Closes the guest's change request without changing the booking, and e-mails the guest the answer.",
      }),
    )
    .concat(scopedInput(ZChangeRequestDecline, { id: 'booking', requestId: 'change-request' }))
    .output(ZChangeRequest)
    .mutation(({ ctx, input }) =>
      declineChangeRequest(ctx.em, input.id, input.requestId, input.reason, ctx.actingUser),
    ),

  requestChange: publicProcedure
    .meta(
      rest.post('/bookings/manage/{token}/change-request', {
        summary:
          'Ask for other dates or guests by the manage link; the operator accepts or declines (rate-limited)',
        description:
          'The guest proposes new dates or a new party for the booking. Nothing changes until the operator accepts; the guest sees the answer on the manage link.',
      }),
    )
    .input(ZChangeRequestInput)
    .output(ZChangeRequest)
    .mutation(({ ctx, input }) => requestChange(ctx.em, input, ctx.ip)),

  myChangeRequest: publicProcedure
    .meta(
      rest.get('/bookings/manage/{token}/change-request', {
        summary: "The booking's latest change request and its answer, by the manage link",
        description:
          "The latest change the guest asked for on this booking, with its status and, once answered, the operator's decision.",
      }),
    )
    .input(ZManageTokenParam)
    .output(ZGuestChangeRequest)
    .query(async ({ ctx, input }) => ({ request: await latestRequestByToken(ctx.em, input.token) })),
});
