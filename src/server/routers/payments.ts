import { z } from 'zod';
import { ZIdParam } from '#shared/schemas/common.ts';
import { ZManageTokenParam } from '#shared/schemas/manage.ts';
import type { TMoneyDocumentKind } from '#shared/invoices.ts';
import { ZDocumentParam, ZManageDocumentParam } from '#shared/schemas/invoices.ts';
import { bookingIdForToken } from '../services/bookings/manage.ts';
import { documentFile, invoiceFile, paymentsCsvFile } from '../services/payments/files.ts';
import {
  ZAdjustmentInput,
  ZAdminPayments,
  ZAdminPaymentsInput,
  ZBookingPayments,
  ZDepositClaimInput,
  ZDepositReceivedInput,
  ZPaymentSettings,
  ZPaymentSettingsView,
  ZPayInput,
  ZPayResult,
  ZRecordPaymentInput,
  ZRefundInput,
  type TBookingPayments,
} from '#shared/schemas/payments.ts';
import type { TContext } from '../context.ts';
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
import { claimDeposit, recordDepositReceived, returnDeposit } from '../services/payments/deposit.ts';
import { type TFileRoute, ZFile } from '../route-meta.ts';
import { routes } from './payments.rest.ts';
import {
  idempotent,
  adminProcedure,
  operatorProcedure,
  publicProcedure,
  router,
  scopedInput,
} from '../trpc.ts';

/**
 * The booking's PDFs, one builder a kind of route: the operator's by the booking's id (home-scoped), the
 * guest's by the manage link. `invoice.pdf` issues the invoice on first download; `{number}.pdf` reads
 * one issued document.
 */
const adminPdf = (route: TFileRoute) =>
  adminProcedure
    .meta(route)
    .concat(scopedInput(ZIdParam, { id: 'booking' }))
    .output(ZFile)
    .query(({ ctx, input }) => invoiceFile(ctx.em, input.id));

const adminDocumentPdf = (kind: TMoneyDocumentKind, route: TFileRoute) =>
  adminProcedure
    .meta(route)
    .concat(scopedInput(ZDocumentParam, { id: 'booking' }))
    .output(ZFile)
    .query(({ ctx, input }) => documentFile(ctx.em, input.id, kind, input.number));

const managePdf = (route: TFileRoute) =>
  publicProcedure
    .meta(route)
    .input(ZManageTokenParam)
    .output(ZFile)
    .query(async ({ ctx, input }) => invoiceFile(ctx.em, await bookingIdForToken(ctx.em, input.token)));

const manageDocumentPdf = (kind: TMoneyDocumentKind, route: TFileRoute) =>
  publicProcedure
    .meta(route)
    .input(ZManageDocumentParam)
    .output(ZFile)
    .query(async ({ ctx, input }) =>
      documentFile(ctx.em, await bookingIdForToken(ctx.em, input.token), kind, input.number),
    );

/** A write to a booking's money answers its payments as they are after it. */
async function paymentsAfter(
  ctx: TContext,
  bookingId: number,
  write: Promise<unknown>,
): Promise<TBookingPayments> {
  await write;
  return bookingPayments(ctx.em, bookingId, ctx.deps.env);
}

/** The damage deposit's calls carry an amount, a reason or a method: a few hundred bytes. */
const DEPOSIT_BODY = 4 * 1024;

/** Payments (docs/payments.md): the schedule, each booking's ledger, the guest's payment, Stripe's webhook. */
export const paymentsRouter = router({
  settings: operatorProcedure
    .meta(routes.settings)
    .input(z.object({}).optional())
    .output(ZPaymentSettingsView)
    .query(({ ctx }) => getPaymentSettings(ctx.em, ctx.deps.env)),

  updateSettings: operatorProcedure
    .meta(routes.updateSettings)
    .input(ZPaymentSettings)
    .output(ZPaymentSettingsView)
    .mutation(({ ctx, input }) => updatePaymentSettings(ctx.em, input, ctx.actingUser, ctx.deps.env)),

  booking: adminProcedure
    .meta(routes.booking)
    .concat(scopedInput(ZIdParam, { id: 'booking' }))
    .output(ZBookingPayments)
    .query(({ ctx, input }) => bookingPayments(ctx.em, input.id, ctx.deps.env)),

  record: adminProcedure
    .meta(routes.record)
    .concat(scopedInput(ZRecordPaymentInput, { id: 'booking' }))
    .output(ZBookingPayments)
    .mutation(({ ctx, input }) =>
      paymentsAfter(ctx, input.id, recordManualPayment(ctx.em, input, ctx.actingUser)),
    ),

  refund: adminProcedure
    .meta(routes.refund)
    .concat(scopedInput(ZRefundInput, { id: 'booking' }))
    .output(ZBookingPayments)
    .mutation(({ ctx, input }) =>
      paymentsAfter(ctx, input.id, recordRefund(ctx.em, input, ctx.actingUser, ctx.deps.env)),
    ),

  adjust: adminProcedure
    .meta(routes.adjust)
    .concat(scopedInput(ZAdjustmentInput, { id: 'booking' }))
    .output(ZBookingPayments)
    .mutation(({ ctx, input }) =>
      paymentsAfter(ctx, input.id, recordAdjustment(ctx.em, input, ctx.actingUser)),
    ),

  // The booking's invoice and credit notes as PDFs, the operator's copy by id and the guest's by the manage
  // link (docs/invoices.md); the Payments view as CSV below.
  adminInvoicePdf: adminPdf(routes.adminInvoicePdf),
  adminReceiptPdf: adminPdf(routes.adminReceiptPdf),
  adminInvoiceDocumentPdf: adminDocumentPdf('invoice', routes.adminInvoiceDocumentPdf),
  adminCreditNotePdf: adminDocumentPdf('credit_note', routes.adminCreditNotePdf),
  manageInvoicePdf: managePdf(routes.manageInvoicePdf),
  manageReceiptPdf: managePdf(routes.manageReceiptPdf),
  manageInvoiceDocumentPdf: manageDocumentPdf('invoice', routes.manageInvoiceDocumentPdf),
  manageCreditNotePdf: manageDocumentPdf('credit_note', routes.manageCreditNotePdf),

  // The damage deposit (docs/payments.md#damage-deposit): never revenue; only a claim enters the ledger.
  depositClaim: adminProcedure
    .meta({
      ...routes.depositClaim,
      bodyLimit: DEPOSIT_BODY,
    })
    .concat(scopedInput(ZDepositClaimInput, { id: 'booking' }))
    .output(ZBookingPayments)
    .mutation(({ ctx, input }) =>
      paymentsAfter(ctx, input.id, claimDeposit(ctx.em, input, ctx.actingUser, ctx.deps.env)),
    ),

  depositReceived: adminProcedure
    .meta({
      ...routes.depositReceived,
      bodyLimit: DEPOSIT_BODY,
    })
    .concat(scopedInput(ZDepositReceivedInput, { id: 'booking' }))
    .output(ZBookingPayments)
    .mutation(({ ctx, input }) =>
      paymentsAfter(ctx, input.id, recordDepositReceived(ctx.em, input, ctx.actingUser)),
    ),

  depositReturned: adminProcedure
    .meta({
      ...routes.depositReturned,
      bodyLimit: DEPOSIT_BODY,
    })
    .concat(scopedInput(ZIdParam, { id: 'booking' }))
    .output(ZBookingPayments)
    .mutation(({ ctx, input }) =>
      paymentsAfter(ctx, input.id, returnDeposit(ctx.em, input.id, ctx.actingUser, ctx.deps.env)),
    ),

  exportCsv: adminProcedure
    .meta(routes.exportCsv)
    .concat(scopedInput(ZAdminPaymentsInput, 'list'))
    .output(ZFile)
    .query(({ ctx, input }) => paymentsCsvFile(ctx.em, input, ctx.staff.homes)),

  list: adminProcedure
    .meta(routes.list)
    .concat(scopedInput(ZAdminPaymentsInput, 'list'))
    .output(ZAdminPayments)
    .query(({ ctx, input }) => adminPayments(ctx.em, input, undefined, ctx.staff.homes)),

  manage: publicProcedure
    .meta(routes.manage)
    .input(ZManageTokenParam)
    .output(ZBookingPayments)
    .query(({ ctx, input }) => paymentsByToken(ctx.em, input.token, ctx.deps.env)),

  pay: publicProcedure
    .meta(routes.pay)
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
      ...routes.stripeWebhook,
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
