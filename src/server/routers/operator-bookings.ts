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
import { routes } from './operator-bookings.rest.ts';

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
