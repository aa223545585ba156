import { ZAdminBooking } from '#shared/schemas/admin.ts';
import { ZDeclineRequestInput } from '#shared/schemas/booking.ts';
import { answerRequest } from '../services/bookings/requests.ts';
import { cardReach } from '../services/payments/terms.ts';
import { adminProcedure, router, scopedInput, idInput } from '../trpc.ts';
import { routes } from './booking-requests.rest.ts';

/** The operator's answer to a request to book (docs/booking-operations.md#booking-modes). */
export const bookingRequestsRouter = router({
  accept: adminProcedure
    .meta(routes.accept)
    .concat(idInput('booking'))
    .output(ZAdminBooking)
    .mutation(({ ctx, input }) =>
      answerRequest(ctx.em, input.id, 'accepted', ctx.actingUser, cardReach(ctx.deps.env)),
    ),

  decline: adminProcedure
    .meta(routes.decline)
    .concat(scopedInput(ZDeclineRequestInput, { id: 'booking' }))
    .output(ZAdminBooking)
    .mutation(({ ctx, input }) =>
      answerRequest(ctx.em, input.id, 'declined', ctx.actingUser, cardReach(ctx.deps.env), input.reason),
    ),
});
