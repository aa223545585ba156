import { z } from 'zod';
import { ZIdParam } from '#shared/schemas/common.ts';
import { ZManageTokenParam } from '#shared/schemas/manage.ts';
import { ZDocumentParam, ZManageDocumentParam } from '#shared/schemas/invoices.ts';
import { bookingIdForToken } from '../services/bookings/manage.ts';
import { documentFile, invoiceFile, paymentsCsvFile } from '../services/payments/files.ts';
import {
  ZAdjustmentInput,
  ZAdminPayments,
  ZAdminPaymentsInput,
  ZBookingPayments,
  ZPaymentSettings,
  ZPaymentSettingsView,
  ZPayInput,
  ZPayResult,
  ZRecordPaymentInput,
  ZRefundInput,
} from '#shared/schemas/payments.ts';
import { publicOrigin } from '../http/client-address.ts';
import { adminPayments } from '../services/payments/admin-list.ts';
import {
  bookingPayments,
  recordAdjustment,
  recordManualPayment,
  recordRefund,
} from '../services/payments/ledger.ts';
import { handleStripeWebhook, paymentsByToken, payByToken } from '../services/payments/guest.ts';
import { getPaymentSettings, updatePaymentSettings } from '../services/payments/settings.ts';
import { fileRoute, idempotentRoute, ZFile } from '../route-meta.ts';
import { idempotent, adminProcedure, operatorProcedure, publicProcedure, router } from '../trpc.ts';

/** Payments (docs/payments.md): the schedule, each booking's ledger, the guest's payment, Stripe's webhook. */
export const paymentsRouter = router({
  settings: operatorProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/settings/payments',
        tags: ['payments'],
        summary: 'The payment schedule (admin)',
      },
    })
    .input(z.object({}).optional())
    .output(ZPaymentSettingsView)
    .query(({ ctx }) => getPaymentSettings(ctx.em, ctx.deps.env)),

  updateSettings: operatorProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/settings/payments',
        tags: ['payments'],
        summary: 'Change the payment schedule (admin); bookings made from now on take it',
      },
    })
    .input(ZPaymentSettings)
    .output(ZPaymentSettingsView)
    .mutation(({ ctx, input }) => updatePaymentSettings(ctx.em, input, ctx.actingUser, ctx.deps.env)),

  booking: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/bookings/{id}/payments',
        tags: ['payments'],
        summary: "A booking's payment schedule, ledger and totals (admin)",
      },
    })
    .input(ZIdParam)
    .output(ZBookingPayments)
    .query(({ ctx, input }) => bookingPayments(ctx.em, input.id, ctx.deps.env)),

  record: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/bookings/{id}/payments',
        tags: ['payments'],
        summary:
          'Record a bank transfer, cash or other payment (admin); amounts in cents, never more than the balance due',
      },
    })
    .input(ZRecordPaymentInput)
    .output(ZBookingPayments)
    .mutation(async ({ ctx, input }) => {
      await recordManualPayment(ctx.em, input, ctx.actingUser);
      return bookingPayments(ctx.em, input.id, ctx.deps.env);
    }),

  refund: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/bookings/{id}/refunds',
        tags: ['payments'],
        summary:
          'Refund (admin): by card through Stripe, or record a manual refund made; never more than was paid. goodwill: true credits the booking as much first',
      },
    })
    .input(ZRefundInput)
    .output(ZBookingPayments)
    .mutation(async ({ ctx, input }) => {
      await recordRefund(ctx.em, input, ctx.actingUser, ctx.deps.env);
      return bookingPayments(ctx.em, input.id, ctx.deps.env);
    }),

  adjust: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/bookings/{id}/adjustments',
        tags: ['payments'],
        summary:
          'Adjust what a booking charges (admin), in cents: negative a credit or discount, positive an extra charge',
      },
    })
    .input(ZAdjustmentInput)
    .output(ZBookingPayments)
    .mutation(async ({ ctx, input }) => {
      await recordAdjustment(ctx.em, input, ctx.actingUser);
      return bookingPayments(ctx.em, input.id, ctx.deps.env);
    }),

  // The booking's invoice and credit notes as PDFs, and the Payments view as CSV (docs/invoices.md).
  adminInvoicePdf: adminProcedure
    .meta(
      fileRoute(
        {
          path: '/admin/bookings/{id}/invoice.pdf',
          tags: ['payments'],
          summary: "A booking's invoice as a PDF (admin)",
          description: 'Issued, with its number, on the first download; the same document ever after.',
        },
        'application/pdf',
      ),
    )
    .input(ZIdParam)
    .output(ZFile)
    .query(({ ctx, input }) => invoiceFile(ctx.em, input.id)),

  adminReceiptPdf: adminProcedure
    .meta(
      fileRoute(
        {
          path: '/admin/bookings/{id}/receipt.pdf',
          tags: ['payments'],
          summary: "A booking's invoice as a PDF (admin), by its older name",
          description: 'The same document as GET /admin/bookings/{id}/invoice.pdf.',
        },
        'application/pdf',
      ),
    )
    .input(ZIdParam)
    .output(ZFile)
    .query(({ ctx, input }) => invoiceFile(ctx.em, input.id)),

  adminInvoiceDocumentPdf: adminProcedure
    .meta(
      fileRoute(
        {
          path: '/admin/bookings/{id}/invoices/{number}.pdf',
          tags: ['payments'],
          summary: 'One issued invoice of a booking by its number, as a PDF (admin)',
          description: 'An extra charge after the first invoice has an invoice of its own.',
        },
        'application/pdf',
      ),
    )
    .input(ZDocumentParam)
    .output(ZFile)
    .query(({ ctx, input }) => documentFile(ctx.em, input.id, 'invoice', input.number)),

  adminCreditNotePdf: adminProcedure
    .meta(
      fileRoute(
        {
          path: '/admin/bookings/{id}/credit-notes/{number}.pdf',
          tags: ['payments'],
          summary: 'One credit note of a booking by its number, as a PDF (admin)',
          description: 'Issued for a cancellation or a credit after the invoice.',
        },
        'application/pdf',
      ),
    )
    .input(ZDocumentParam)
    .output(ZFile)
    .query(({ ctx, input }) => documentFile(ctx.em, input.id, 'credit_note', input.number)),

  manageInvoicePdf: publicProcedure
    .meta(
      fileRoute(
        {
          path: '/bookings/manage/{token}/invoice.pdf',
          tags: ['payments'],
          summary: "A booking's invoice as a PDF, by its manage link",
          description: 'Issued, with its number, on the first download; the same document ever after.',
        },
        'application/pdf',
      ),
    )
    .input(ZManageTokenParam)
    .output(ZFile)
    .query(async ({ ctx, input }) => invoiceFile(ctx.em, await bookingIdForToken(ctx.em, input.token))),

  manageReceiptPdf: publicProcedure
    .meta(
      fileRoute(
        {
          path: '/bookings/manage/{token}/receipt.pdf',
          tags: ['payments'],
          summary: "A booking's invoice as a PDF by its manage link, by its older name",
          description: 'The same document as GET /bookings/manage/{token}/invoice.pdf.',
        },
        'application/pdf',
      ),
    )
    .input(ZManageTokenParam)
    .output(ZFile)
    .query(async ({ ctx, input }) => invoiceFile(ctx.em, await bookingIdForToken(ctx.em, input.token))),

  manageInvoiceDocumentPdf: publicProcedure
    .meta(
      fileRoute(
        {
          path: '/bookings/manage/{token}/invoices/{number}.pdf',
          tags: ['payments'],
          summary: 'One issued invoice of a booking by its number, as a PDF, by its manage link',
          description: 'An extra charge after the first invoice has an invoice of its own.',
        },
        'application/pdf',
      ),
    )
    .input(ZManageDocumentParam)
    .output(ZFile)
    .query(async ({ ctx, input }) =>
      documentFile(ctx.em, await bookingIdForToken(ctx.em, input.token), 'invoice', input.number),
    ),

  manageCreditNotePdf: publicProcedure
    .meta(
      fileRoute(
        {
          path: '/bookings/manage/{token}/credit-notes/{number}.pdf',
          tags: ['payments'],
          summary: 'One credit note of a booking by its number, as a PDF, by its manage link',
          description: 'Issued for a cancellation or a credit after the invoice.',
        },
        'application/pdf',
      ),
    )
    .input(ZManageDocumentParam)
    .output(ZFile)
    .query(async ({ ctx, input }) =>
      documentFile(ctx.em, await bookingIdForToken(ctx.em, input.token), 'credit_note', input.number),
    ),

  exportCsv: adminProcedure
    .meta(
      fileRoute(
        {
          path: '/admin/payments/export.csv',
          tags: ['payments'],
          summary: 'One view of the Payments page as a CSV file (admin): every row, not one page',
          description:
            'The same filters as GET /admin/payments; amounts in currency units, dates in ISO form in the home’s zone, and a currency column.',
        },
        'text/csv',
      ),
    )
    .input(ZAdminPaymentsInput)
    .output(ZFile)
    .query(({ ctx, input }) => paymentsCsvFile(ctx.em, input, ctx.staff.homes)),

  list: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/payments',
        tags: ['payments'],
        summary:
          'Payments (admin): view=outstanding|overdue|received|refunds_due, method and from/to (received), paged; with the range totals. GET /api/admin/payments/export.csv downloads a view',
      },
    })
    .input(ZAdminPaymentsInput)
    .output(ZAdminPayments)
    .query(({ ctx, input }) => adminPayments(ctx.em, input, undefined, ctx.staff.homes)),

  manage: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/bookings/manage/{token}/payments',
        tags: ['payments'],
        summary: "A booking's payment schedule, ledger and totals, by its manage link",
      },
    })
    .input(ZManageTokenParam)
    .output(ZBookingPayments)
    .query(({ ctx, input }) => paymentsByToken(ctx.em, input.token, ctx.deps.env)),

  pay: publicProcedure
    .meta(
      idempotentRoute({
        method: 'POST',
        path: '/bookings/manage/{token}/pay',
        tags: ['payments'],
        summary:
          'Pay the deposit, the balance or the full amount: a Stripe Checkout URL for card, else the bank transfer instructions',
      }),
    )
    .input(ZPayInput)
    .output(ZPayResult)
    .use(idempotent)
    .mutation(({ ctx, input }) =>
      payByToken(
        ctx.em,
        input,
        ctx.deps.env,
        publicOrigin(ctx.req, ctx.deps.env.publicUrl),
        undefined,
        ctx.idempotency?.externalKey,
      ),
    ),

  stripeWebhook: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/payments/stripe/webhook',
        tags: ['payments'],
        summary: "Stripe's webhook: signed events (Stripe-Signature), each event id handled once",
      },
      rawBody: true,
    })
    .input(z.object({}).passthrough())
    .output(z.object({ received: z.literal(true), duplicate: z.boolean() }))
    .mutation(({ ctx }) => {
      const signature = ctx.req?.headers['stripe-signature'];
      return handleStripeWebhook(
        ctx.em,
        ctx.deps.env,
        ctx.rawBody,
        typeof signature === 'string' ? signature : undefined,
      );
    }),
});
