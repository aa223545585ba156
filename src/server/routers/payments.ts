import { z } from 'zod';
import { ZIdParam } from '#shared/schemas/common.ts';
import { ZManageTokenParam } from '#shared/schemas/manage.ts';
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
import { idempotentRoute } from '../route-meta.ts';
import {
  idempotent,
  adminProcedure,
  operatorProcedure,
  publicProcedure,
  router,
  scopedInput,
} from '../trpc.ts';

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
    .concat(scopedInput(ZIdParam, { id: 'booking' }))
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
    .concat(scopedInput(ZRecordPaymentInput, { id: 'booking' }))
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
    .concat(scopedInput(ZRefundInput, { id: 'booking' }))
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
    .concat(scopedInput(ZAdjustmentInput, { id: 'booking' }))
    .output(ZBookingPayments)
    .mutation(async ({ ctx, input }) => {
      await recordAdjustment(ctx.em, input, ctx.actingUser);
      return bookingPayments(ctx.em, input.id, ctx.deps.env);
    }),

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
    .concat(scopedInput(ZAdminPaymentsInput, 'list'))
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
