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
import { idempotent, adminProcedure, operatorProcedure, publicProcedure, router } from '../trpc.ts';

/** Payments (docs/payments.md): the schedule, each booking's ledger, the guest's payment, Stripe's webhook. */
export const paymentsRouter = router({
  settings: operatorProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/settings/payments',
        summary: 'The payment schedule (admin)',
        description: 'How guests pay: the deposit taken at booking and when the balance falls due.',
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
        summary: 'Change the payment schedule (admin); bookings made from now on take it',
        description:
          'Saves the deposit and balance rules. Bookings made from now on follow them; existing bookings keep their schedule.',
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
        summary: "A booking's payment schedule, ledger and totals (admin)",
        description:
          'What a booking owes and has paid: the schedule of due amounts, every payment, refund and adjustment, and the totals and balance due.',
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
        summary:
          'Record a bank transfer, cash or other payment (admin); amounts in cents, never more than the balance due',
        description:
          "Records money received outside the site (bank transfer, cash or other) against the booking's balance. More than the balance due is refused.",
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
        summary:
          'Refund (admin): by card through Stripe, or record a manual refund made; never more than was paid. goodwill: true credits the booking as much first',
        description:
          'Returns money to the guest: by card through Stripe when a card paid, or recorded as a manual refund. More than was paid is refused.',
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
        summary:
          'Adjust what a booking charges (admin), in cents: negative a credit or discount, positive an extra charge',
        description:
          'Adds a credit or an extra charge to what the booking costs, with a reason. The balance due changes by the same amount.',
      },
    })
    .input(ZAdjustmentInput)
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
        summary:
          'Payments (admin): view=outstanding|overdue|received|refunds_due, method and from/to (received), paged; with the range totals. GET /api/admin/payments/export.csv downloads a view',
        description:
          'Payments across all bookings in one of four views: outstanding, overdue, received or refunds due, with totals for the range; paged.',
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
        summary: "A booking's payment schedule, ledger and totals, by its manage link",
        description:
          'What the booking owes and has paid, as the guest sees it through the manage link: the schedule, the payments and the balance due.',
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
        summary:
          'Pay the deposit, the balance or the full amount: a Stripe Checkout URL for card, else the bank transfer instructions',
        description:
          "Starts the guest's payment of what is due now: a Stripe Checkout URL to pay by card, or the bank details and reference for a transfer.",
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
        summary: "Stripe's webhook: signed events (Stripe-Signature), each event id handled once",
        description:
          'Called by Stripe, not by clients. The body is checked against the Stripe-Signature header; a completed payment or refund is recorded once however often the event is sent.',
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
