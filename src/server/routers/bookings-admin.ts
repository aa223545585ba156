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
import { fileRoute, ZFile, rest } from '../route-meta.ts';
import { adminProcedure, router, scopedInput, idInput } from '../trpc.ts';

/** The REST route of each procedure below: its method, path and the words of the OpenAPI document. */
const routes = {
  list: rest.get(
    '/bookings',
    'Every booking, newest first (admin)',
    'The plain list the spec documents. ?page=2&pageSize=100 answers one page of it; GET /bookings/page also gives the total.',
  ),
  page: rest.get(
    '/bookings/page',
    'One page of bookings with the total, newest first (admin)',
    'Answers { items, total, page, pageSize }; pageSize defaults to 50, at most 200. q searches guest name, e-mail and confirmation number; status, propertyId and from/to (stay dates, inclusive) filter; sort and dir order (newest first by default).',
  ),
  detail: rest.get(
    '/bookings/{id}/detail',
    'One booking with its price snapshot, status history, emails and internal notes (admin)',
    'Everything the back office shows for one booking: the price as it was booked, every status change, the e-mails sent about it and the internal notes.',
  ),
  updateStatus: rest.put(
    '/bookings/{id}/status',
    "Set a booking's status (admin); re-confirming a cancelled booking whose dates were taken answers 409",
    "Sets pending, confirmed or cancelled by hand; the change is recorded in the booking's history. Accepting or declining a request to book has its own operations.",
  ),
  bulkStatus: rest.post(
    '/bookings/bulk-status',
    'Confirm or cancel several bookings at once (admin): all change or none',
    'Confirms or cancels a set of bookings in one transaction: if any of them cannot take the status, none changes.',
  ),
  addNote: rest.post(
    '/bookings/{id}/notes',
    'Add an internal note to a booking (admin; never shown to the guest)',
    'Stores a note on the booking for the team; it appears in the booking detail and is never shown or sent to the guest.',
  ),
  export: rest.get(
    '/bookings/export',
    'The filtered bookings as CSV inside JSON (admin); GET /api/bookings/export.csv downloads the file',
    'The bookings that match the same filters as the bookings table, as CSV text inside a JSON answer.',
  ),
  exportCsv: fileRoute(
    rest.get(
      '/bookings/export.csv',
      'The filtered bookings as a CSV file (admin)',
      'The same filters, rules and errors as GET /bookings/export; the CSV goes out as a file.',
    ),
    'text/csv',
  ),
};

/** The filters of an export: the bookings list's, whole (not one page). */
const ZBookingExportInput = ZAdminBookingFilter.refine((v) => !v.from || !v.to || v.from <= v.to, {
  error: 'The start date must be on or before the end date',
  path: ['to'],
}).prefault({});

export const bookingsAdminRouter = router({
  list: adminProcedure
    .meta(routes.list)
    .concat(scopedInput(ZAdminBookingAllInput, 'list'))
    .output(z.array(ZAdminBooking))
    .query(({ ctx, input }) => listAllAdminBookings(ctx.em, input, ctx.staff.homes)),

  page: adminProcedure
    .meta(routes.page)
    .concat(scopedInput(ZAdminBookingListInput, { propertyId: 'property', userId: 'user' }))
    .output(ZAdminBookingList)
    .query(({ ctx, input }) => listAdminBookings(ctx.em, input, ctx.staff.homes)),

  detail: adminProcedure
    .meta(routes.detail)
    .concat(idInput('booking'))
    .output(ZAdminBookingDetail)
    .query(({ ctx, input }) => getAdminBookingDetail(ctx.em, input.id)),

  updateStatus: adminProcedure
    .meta(routes.updateStatus)
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
    .meta(routes.bulkStatus)
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
    .meta(routes.addNote)
    .concat(scopedInput(ZBookingNoteInput, { id: 'booking' }))
    .output(ZBookingNote)
    .mutation(({ ctx, input }) => addBookingNote(ctx.em, input.id, input.body, ctx.actingUser)),

  export: adminProcedure
    .meta(routes.export)
    .concat(scopedInput(ZBookingExportInput, { propertyId: 'property', userId: 'user' }))
    .output(ZBookingExport)
    .query(({ ctx, input }) => exportBookingsCsv(ctx.em, input, undefined, ctx.staff.homes)),

  exportCsv: adminProcedure
    .meta(routes.exportCsv)
    .concat(scopedInput(ZBookingExportInput, { propertyId: 'property', userId: 'user' }))
    .output(ZFile)
    .query(async ({ ctx, input }) => {
      const out = await exportBookingsCsv(ctx.em, input, undefined, ctx.staff.homes);
      return { body: out.csv, type: 'text/csv', filename: out.filename };
    }),
});
