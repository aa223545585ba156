import { z } from 'zod';
import { ZAdminBooking } from '#shared/schemas/admin.ts';
import { ZManageTokenParam } from '#shared/schemas/manage.ts';
import { ZIdParam } from '#shared/schemas/common.ts';
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
import { adminProcedure, publicProcedure, router, scopedInput } from '../trpc.ts';

const tags = ['bookings'];

/** Bookings the operator enters and changes, and the guests' change requests (docs/booking-operations.md). */
export const operatorBookingsRouter = router({
  createByOperator: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/bookings',
        tags,
        summary:
          "Enter a phone, walk-in or owner's booking (admin): confirmed at once; the quote's price, or totalPrice with overrideReason",
      },
    })
    .concat(scopedInput(ZOperatorBookingInput, { propertyId: 'property' }))
    .output(ZAdminBooking)
    .mutation(({ ctx, input }) => createOperatorBooking(ctx.em, input, ctx.actingUser)),

  change: adminProcedure
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/admin/bookings/{id}',
        tags,
        summary:
          "Change a booking's dates, home or guests (admin): re-quoted, 409 naming the booking that holds the new dates; dryRun answers without saving",
      },
    })
    .concat(scopedInput(ZBookingChangeInput, { id: 'booking', propertyId: 'property' }))
    .output(ZBookingChangeResult)
    .mutation(({ ctx, input }) => changeBooking(ctx.em, input, ctx.actingUser)),

  changeRequests: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/bookings/{id}/change-requests',
        tags,
        summary: "A booking's change requests from its guest, newest first (admin; the latest 20)",
      },
    })
    .concat(scopedInput(ZIdParam, { id: 'booking' }))
    .output(z.array(ZChangeRequest))
    .query(({ ctx, input }) => changeRequestsOf(ctx.em, input.id)),

  acceptChange: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/bookings/{id}/change-requests/{requestId}/accept',
        tags,
        summary: "Accept a guest's change request (admin): applied as PATCH /admin/bookings/{id} would",
      },
    })
    .concat(scopedInput(ZChangeRequestRef, { id: 'booking', requestId: 'change-request' }))
    .output(ZBookingChangeResult)
    .mutation(({ ctx, input }) => acceptChangeRequest(ctx.em, input.id, input.requestId, ctx.actingUser)),

  declineChange: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/bookings/{id}/change-requests/{requestId}/decline',
        tags,
        summary: "Decline a guest's change request (admin); the guest is e-mailed",
      },
    })
    .concat(scopedInput(ZChangeRequestDecline, { id: 'booking', requestId: 'change-request' }))
    .output(ZChangeRequest)
    .mutation(({ ctx, input }) =>
      declineChangeRequest(ctx.em, input.id, input.requestId, input.reason, ctx.actingUser),
    ),

  requestChange: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/bookings/manage/{token}/change-request',
        tags,
        summary:
          'Ask for other dates or guests by the manage link; the operator accepts or declines (rate-limited)',
      },
    })
    .input(ZChangeRequestInput)
    .output(ZChangeRequest)
    .mutation(({ ctx, input }) => requestChange(ctx.em, input, ctx.ip)),

  myChangeRequest: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/bookings/manage/{token}/change-request',
        tags,
        summary: "The booking's latest change request and its answer, by the manage link",
      },
    })
    .input(ZManageTokenParam)
    .output(ZGuestChangeRequest)
    .query(async ({ ctx, input }) => ({ request: await latestRequestByToken(ctx.em, input.token) })),
});
