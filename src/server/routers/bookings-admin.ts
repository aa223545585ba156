import { z } from 'zod';
import {
  ZAdminBooking,
  ZAdminBookingAllInput,
  ZAdminBookingDetail,
  ZAdminBookingFilter,
  ZAdminBookingList,
  ZAdminBookingListInput,
  ZBookingBulkStatusInput,
  ZBookingBulkStatusResult,
  ZBookingExport,
  ZBookingNote,
  ZBookingNoteInput,
  ZBookingStatusInput,
} from '#shared/schemas/admin.ts';
import { ZIdParam } from '#shared/schemas/common.ts';
import {
  addBookingNote,
  getAdminBookingDetail,
  listAdminBookings,
  listAllAdminBookings,
  setBookingStatuses,
  updateBookingStatus,
} from '../services/admin/bookings.ts';
import { exportBookingsCsv } from '../services/admin/bookings-export.ts';
import { refundCardsAfterCancel } from '../services/payments/ledger.ts';
import { cardReach } from '../services/payments/terms.ts';
import { adminProcedure, router, scopedInput } from '../trpc.ts';

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
    .concat(scopedInput(ZAdminBookingAllInput, 'list'))
    .output(z.array(ZAdminBooking))
    .query(({ ctx, input }) => listAllAdminBookings(ctx.em, input, ctx.staff.homes)),

  page: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/bookings/page',
        tags: ['bookings'],
        // The summary as first published (newest first is still the default order); filters in the description.
        summary: 'One page of bookings with the total, newest first (admin)',
        description:
          'Answers { items, total, page, pageSize }; pageSize defaults to 50, at most 200. q searches guest name, e-mail and BIC number; status, propertyId and from/to (stay dates, inclusive) filter; sort and dir order (newest first by default).',
      },
    })
    .concat(scopedInput(ZAdminBookingListInput, { propertyId: 'property', userId: 'user' }))
    .output(ZAdminBookingList)
    .query(({ ctx, input }) => listAdminBookings(ctx.em, input, ctx.staff.homes)),

  detail: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/bookings/{id}/detail',
        tags: ['bookings'],
        summary: 'One booking with its price snapshot, status history, emails and internal notes (admin)',
      },
    })
    .concat(scopedInput(ZIdParam, { id: 'booking' }))
    .output(ZAdminBookingDetail)
    .query(({ ctx, input }) => getAdminBookingDetail(ctx.em, input.id)),

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
    .concat(scopedInput(ZBookingStatusInput, { id: 'booking' }))
    .output(ZAdminBooking)
    .mutation(async ({ ctx, input }) => {
      const booking = await updateBookingStatus(
        ctx.em,
        input.id,
        input.status,
        ctx.actingUser,
        cardReach(ctx.deps.env),
      );
      // Card payments go back at once when the operator cancels (docs/payments.md#cancellation).
      if (input.status === 'cancelled') await refundCardsAfterCancel(ctx.em, input.id, ctx.deps.env);
      return booking;
    }),

  bulkStatus: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/bookings/bulk-status',
        tags: ['bookings'],
        summary: 'Confirm or cancel several bookings at once (admin): all change or none',
      },
    })
    .concat(scopedInput(ZBookingBulkStatusInput, { ids: 'booking' }))
    .output(ZBookingBulkStatusResult)
    .mutation(async ({ ctx, input }) => ({
      updated: await setBookingStatuses(
        ctx.em,
        input.ids,
        input.status,
        ctx.actingUser,
        cardReach(ctx.deps.env),
      ),
    })),

  addNote: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/bookings/{id}/notes',
        tags: ['bookings'],
        summary: 'Add an internal note to a booking (admin; never shown to the guest)',
      },
    })
    .concat(scopedInput(ZBookingNoteInput, { id: 'booking' }))
    .output(ZBookingNote)
    .mutation(({ ctx, input }) => addBookingNote(ctx.em, input.id, input.body, ctx.actingUser)),

  export: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/bookings/export',
        tags: ['bookings'],
        summary:
          'The filtered bookings as CSV inside JSON (admin); GET /api/bookings/export.csv downloads the file',
      },
    })
    .concat(
      scopedInput(
        ZAdminBookingFilter.refine((v) => !v.from || !v.to || v.from <= v.to, {
          error: 'The start date must be on or before the end date',
          path: ['to'],
        }).prefault({}),
        { propertyId: 'property', userId: 'user' },
      ),
    )
    .output(ZBookingExport)
    .query(({ ctx, input }) => exportBookingsCsv(ctx.em, input, undefined, ctx.staff.homes)),
});
