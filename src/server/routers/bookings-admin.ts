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
import { ZFile } from '../route-meta.ts';
import { routes } from './bookings-admin.rest.ts';
import { adminProcedure, router, scopedInput, idInput } from '../trpc.ts';

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
