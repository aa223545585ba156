import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { Request, RequestHandler, Response } from 'express';
import type { TContext } from '../context.ts';
import { log } from '../logger.ts';
import { createCaller } from '../router.ts';
import { loadManaged } from '../services/bookings/manage.ts';
import { ZAdminPaymentsInput } from '#shared/schemas/payments.ts';
import { adminPaymentsCsv } from '../services/payments/admin-list.ts';
import { homeScopeOf } from '../repositories/staff.ts';
import { receiptPdf } from '../services/payments/receipt.ts';
import { getSettings } from '../services/settings/settings.ts';

type TCreateContext = (opts: { req: Request; res: Response }) => Promise<TContext>;

/**
 * The booking's receipt PDF at private URLs (docs/payments.md#receipts): by the manage link's token
 * (`/api/bookings/manage/:token/receipt.pdf`) or for an admin (`/api/admin/bookings/:id/receipt.pdf`).
 * Each first calls the JSON procedure of the same data, so the guards, the 404 and the errors are theirs.
 */
export function receiptHandler(createContext: TCreateContext, by: 'token' | 'admin'): RequestHandler {
  return (req, res) => {
    const run = async () => {
      const ctx = await createContext({ req, res });
      const caller = createCaller(ctx);
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
        operator: {
          name: settings.siteName,
          address: settings.businessAddress,
          email: settings.supportEmail,
        },
        booking,
        payments,
        issuedAt: new Date(),
      });
      res.setHeader('Cache-Control', 'private, no-store');
      res.setHeader('X-Robots-Tag', 'noindex');
      res.setHeader('Content-Disposition', `inline; filename="receipt-${booking.confirmationNumber}.pdf"`);
      res.type('application/pdf').send(pdf);
    };
    run().catch((err: unknown) => {
      if (res.headersSent) return;
      if (err instanceof TRPCError && err.code !== 'INTERNAL_SERVER_ERROR') {
        res.status(getHTTPStatusCodeFromError(err)).json({ message: err.message, code: err.code });
        return;
      }
      log.error('receipt failed', { err: String(err) });
      res.status(500).json({ message: 'Internal server error', code: 'INTERNAL_SERVER_ERROR' });
    });
  };
}

/** `GET /api/admin/payments/export.csv`: a view of the Payments page as a file, behind the same admin procedure. */
export function paymentsCsvHandler(createContext: TCreateContext): RequestHandler {
  return (req, res) => {
    const run = async () => {
      const ctx = await createContext({ req, res });
      // The procedure guards and validates; the file is then the whole view, not one page.
      await createCaller(ctx).payments.list(req.query);
      const homes = ctx.actingUser ? await homeScopeOf(ctx.em, ctx.actingUser) : [];
      const out = await adminPaymentsCsv(ctx.em, ZAdminPaymentsInput.parse(req.query), homes);
      res.setHeader('Cache-Control', 'no-store');
      res.attachment(out.filename);
      res.type('text/csv; charset=utf-8').send(out.csv);
    };
    run().catch((err: unknown) => {
      if (res.headersSent) return;
      if (err instanceof TRPCError && err.code !== 'INTERNAL_SERVER_ERROR') {
        res.status(getHTTPStatusCodeFromError(err)).json({ message: err.message, code: err.code });
        return;
      }
      log.error('payments export failed', { err: String(err) });
      res.status(500).json({ message: 'Internal server error', code: 'INTERNAL_SERVER_ERROR' });
    });
  };
}
