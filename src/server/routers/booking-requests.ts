import { ZAdminBooking } from '#shared/schemas/admin.ts';
import { ZDeclineRequestInput } from '#shared/schemas/booking.ts';
import { answerRequest } from '../services/bookings/requests.ts';
import { cardReach } from '../services/payments/terms.ts';
import { adminProcedure, router, scopedInput, idInput } from '../trpc.ts';
import { rest } from '../route-meta.ts';

/** The REST route of each procedure below: its method, path and the words of the OpenAPI document. */
const routes = {
  accept: rest.post(
    '/admin/bookings/{id}/accept',
    'Accept a request to book (admin): it is confirmed and the guest is e-mailed',
    'Only a booking whose status is requested can be accepted; anything else answers 409.',
  ),
  decline: rest.post(
    '/admin/bookings/{id}/decline',
    'Decline a request to book (admin): its dates are free again and the guest is e-mailed',
    'Only a booking whose status is requested can be declined; anything else answers 409. The body carries the reason (1 to 500 characters, required), which the guest reads in the e-mail.',
  ),
};

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
