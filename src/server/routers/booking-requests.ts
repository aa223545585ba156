import { ZAdminBooking } from '#shared/schemas/admin.ts';
import { ZDeclineRequestInput } from '#shared/schemas/booking.ts';
import { answerRequest } from '../services/bookings/requests.ts';
import { cardReach } from '../services/payments/terms.ts';
import { adminProcedure, router, scopedInput, idInput } from '../trpc.ts';
import { rest } from '../route-meta.ts';

/** The operator's answer to a request to book (docs/booking-operations.md#booking-modes). */
export const bookingRequestsRouter = router({
  accept: adminProcedure
    .meta(
      rest.post('/admin/bookings/{id}/accept', {
        summary: 'Accept a request to book (admin): it is confirmed and the guest is e-mailed',
        description: 'Only a booking whose status is requested can be accepted; anything else answers 409.',
      }),
    )
    .concat(idInput('booking'))
    .output(ZAdminBooking)
    .mutation(({ ctx, input }) =>
      answerRequest(ctx.em, input.id, 'accepted', ctx.actingUser, cardReach(ctx.deps.env)),
    ),

  decline: adminProcedure
    .meta(
      rest.post('/admin/bookings/{id}/decline', {
        summary: 'Decline a request to book (admin): its dates are free again and the guest is e-mailed',
        description:
          'Only a booking whose status is requested can be declined; anything else answers 409. The body carries the reason (1 to 500 characters, required), which the guest reads in the e-mail.',
      }),
    )
    .concat(scopedInput(ZDeclineRequestInput, { id: 'booking' }))
    .output(ZAdminBooking)
    .mutation(({ ctx, input }) =>
      answerRequest(ctx.em, input.id, 'declined', ctx.actingUser, cardReach(ctx.deps.env), input.reason),
    ),
});
