import { loadManaged } from '../services/bookings/manage.ts';
import { ZAdminPaymentsInput } from '#shared/schemas/payments.ts';
import { adminPaymentsCsv } from '../services/payments/admin-list.ts';
import { homeScopeOf } from '../repositories/staff.ts';
import { receiptPdf } from '../services/payments/receipt.ts';
import { getSettings } from '../services/settings/settings.ts';
import { fileRoute, type TCreateContext } from './file-route.ts';

/**
 * The booking's receipt PDF (docs/payments.md#receipts): by the manage link's token
 * (`/api/bookings/manage/:token/receipt.pdf`) or for the operator (`/api/admin/bookings/:id/receipt.pdf`).
 */
export const receiptHandler = (createContext: TCreateContext, by: 'token' | 'admin') =>
  fileRoute(createContext, 'receipt', async (caller, ctx, req) => {
    const param = String(req.params[by === 'token' ? 'token' : 'id'] ?? '');
    const payments =
      by === 'token'
        ? await caller.payments.manage({ token: param })
        : await caller.payments.booking({ id: param });
    const [booking, settings] = await Promise.all([
      loadManaged(ctx.em, payments.bookingId, null, new Date()),
      getSettings(ctx.em),
    ]);
    const pdf = await receiptPdf({
      operator: { name: settings.siteName, address: settings.businessAddress, email: settings.supportEmail },
      booking,
      payments,
      issuedAt: new Date(),
    });
    return {
      body: pdf,
      type: 'application/pdf',
      filename: `receipt-${booking.confirmationNumber}.pdf`,
      inline: true,
    };
  });

/** `GET /api/admin/payments/export.csv`: the Payments page's whole filtered view as a file, not one page. */
export const paymentsCsvHandler = (createContext: TCreateContext) =>
  fileRoute(createContext, 'payments export', async (caller, ctx, req) => {
    await caller.payments.list(req.query);
    const homes = ctx.actingUser ? await homeScopeOf(ctx.em, ctx.actingUser) : [];
    const out = await adminPaymentsCsv(ctx.em, ZAdminPaymentsInput.parse(req.query), homes);
    return { body: out.csv, type: 'text/csv; charset=utf-8', filename: out.filename };
  });
