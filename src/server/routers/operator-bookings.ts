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

/** The REST route of each procedure below: its method, path and the words of the OpenAPI document. */
const routes = {
  createByOperator: rest.post(
    '/admin/bookings',
    "Enter a phone, walk-in or owner's booking (admin): confirmed at once; the quote's price, or totalPrice with overrideReason",
    'Records a booking the operator took outside the site. It is confirmed at once at the quoted price, unless totalPrice is sent with a reason for the override.',
  ),
  change: rest.patch(
    '/admin/bookings/{id}',
    "Change a booking's dates, home or guests (admin): re-quoted, 409 naming the booking that holds the new dates; dryRun answers without saving",
    'Moves a booking to other dates or another home, or changes its party. The price is quoted again; dryRun shows the new price without saving. Dates held by another booking answer 409.',
  ),
  changeRequests: rest.get(
    '/admin/bookings/{id}/change-requests',
    "A booking's change requests from its guest, newest first (admin; the latest 20)",
    'The changes a guest asked for on this booking through the manage link, each with its status and the answer given.',
  ),
  acceptChange: rest.post(
    '/admin/bookings/{id}/change-requests/{requestId}/accept',
    "Accept a guest's change request (admin): applied as PATCH /admin/bookings/{id} would",
    'Applies the dates or party the guest asked for, re-quoted, and e-mails the guest. Dates no longer free answer 409.',
  ),
  declineChange: rest.post(
    '/admin/bookings/{id}/change-requests/{requestId}/decline',
    "Decline a guest's change request (admin); the guest is e-mailed",
    "Closes the guest's change request without changing the booking, and e-mails the guest the answer.",
  ),
  requestChange: rest.post(
    '/bookings/manage/{token}/change-request',
    'Ask for other dates or guests by the manage link; the operator accepts or declines (rate-limited)',
    'The guest proposes new dates or a new party for the booking. Nothing changes until the operator accepts; the guest sees the answer on the manage link.',
  ),
  myChangeRequest: rest.get(
    '/bookings/manage/{token}/change-request',
    "The booking's latest change request and its answer, by the manage link",
    "The latest change the guest asked for on this booking, with its status and, once answered, the operator's decision.",
  ),
};

/** Bookings the operator enters and changes, and the guests' change requests (docs/booking-operations.md). */
export const operatorBookingsRouter = router({
  createByOperator: adminProcedure
    .meta(routes.createByOperator)
    .concat(scopedInput(ZOperatorBookingInput, { propertyId: 'property' }))
    .output(ZAdminBooking)
    .mutation(({ ctx, input }) => createOperatorBooking(ctx.em, input, ctx.actingUser)),

  change: adminProcedure
    .meta(routes.change)
    .concat(scopedInput(ZBookingChangeInput, { id: 'booking', propertyId: 'property' }))
    .output(ZBookingChangeResult)
    .mutation(({ ctx, input }) => changeBooking(ctx.em, input, ctx.actingUser)),

  changeRequests: adminProcedure
    .meta(routes.changeRequests)
    .concat(idInput('booking'))
    .output(z.array(ZChangeRequest))
    .query(({ ctx, input }) => changeRequestsOf(ctx.em, input.id)),

  acceptChange: adminProcedure
    .meta(routes.acceptChange)
    .concat(scopedInput(ZChangeRequestRef, { id: 'booking', requestId: 'change-request' }))
    .output(ZBookingChangeResult)
    .mutation(({ ctx, input }) => acceptChangeRequest(ctx.em, input.id, input.requestId, ctx.actingUser)),

  declineChange: adminProcedure
    .meta(routes.declineChange)
    .concat(scopedInput(ZChangeRequestDecline, { id: 'booking', requestId: 'change-request' }))
    .output(ZChangeRequest)
    .mutation(({ ctx, input }) =>
      declineChangeRequest(ctx.em, input.id, input.requestId, input.reason, ctx.actingUser),
    ),

  requestChange: publicProcedure
    .meta(routes.requestChange)
    .input(ZChangeRequestInput)
    .output(ZChangeRequest)
    .mutation(({ ctx, input }) => requestChange(ctx.em, input, ctx.ip)),

  myChangeRequest: publicProcedure
    .meta(routes.myChangeRequest)
    .input(ZManageTokenParam)
    .output(ZGuestChangeRequest)
    .query(async ({ ctx, input }) => ({ request: await latestRequestByToken(ctx.em, input.token) })),
});
