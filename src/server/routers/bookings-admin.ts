import { z } from 'zod';
import {
  ZAdminBooking,
  ZAdminBookingAllInput,
  ZAdminBookingList,
  ZAdminBookingListInput,
  ZBookingStatusInput,
} from '../../shared/schemas/admin.ts';
import { listAdminBookings, listAllAdminBookings, updateBookingStatus } from '../services/admin/bookings.ts';
import { adminProcedure, router } from '../trpc.ts';

export const bookingsAdminRouter = router({
  list: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/bookings',
        tags: ['bookings'],
        summary: 'Every booking, newest first (admin)',
        description:
          'The plain list the spec documents. ?page=2&pageSize=100 answers one page of it; GET /bookings/page also gives the total.',
      },
    })
    .input(ZAdminBookingAllInput)
    .output(z.array(ZAdminBooking))
    .query(({ ctx, input }) => listAllAdminBookings(ctx.em, input)),

  page: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/bookings/page',
        tags: ['bookings'],
        summary: 'One page of bookings with the total, newest first (admin)',
        description: 'Answers { items, total, page, pageSize }; pageSize defaults to 50, at most 200.',
      },
    })
    .input(ZAdminBookingListInput)
    .output(ZAdminBookingList)
    .query(({ ctx, input }) => listAdminBookings(ctx.em, input)),

  updateStatus: adminProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/bookings/{id}/status',
        tags: ['bookings'],
        summary:
          "Set a booking's status (admin); re-confirming a cancelled booking whose dates were taken answers 409",
      },
    })
    .input(ZBookingStatusInput)
    .output(ZAdminBooking)
    .mutation(({ ctx, input }) => updateBookingStatus(ctx.em, input.id, input.status)),
});
