import { ZAdminBooking, ZAdminBookingList, ZAdminBookingListInput, ZBookingStatusInput } from '../../shared/schemas/admin.ts';
import { listAdminBookings, updateBookingStatus } from '../services/admin/bookings.ts';
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
          'Answers { items, total, page, pageSize }. Without a query the first page of 50 is returned; ?page=2&pageSize=100 pages further (pageSize at most 200).',
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
        summary: "Set a booking's status (admin); re-confirming a cancelled booking whose dates were taken answers 409",
      },
    })
    .input(ZBookingStatusInput)
    .output(ZAdminBooking)
    .mutation(({ ctx, input }) => updateBookingStatus(ctx.em, input.id, input.status)),
});
