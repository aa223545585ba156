import type { Request } from 'express';
import { DOCUMENT_NUMBER_RE, type TMoneyDocumentKind } from '#shared/invoices.ts';
import { ZAdminPaymentsInput } from '#shared/schemas/payments.ts';
import { AppError } from '../errors.ts';
import { findDocument } from '../repositories/documents.ts';
import { homeScopeOf } from '../repositories/staff.ts';
import { adminPaymentsCsv } from '../services/payments/admin-list.ts';
import {
  DOCUMENT_NOT_FOUND,
  issueDocuments,
  NO_INVOICE_FOR_REQUEST,
} from '../services/payments/documents.ts';
import { moneyDocumentPdf } from '../services/payments/invoice-pdf.ts';
import { fileRoute, type TCreateContext, type TFile } from './file-route.ts';
import type { createCaller } from '../router.ts';

/** Who asks for a booking's document: the manage link's token, or an operator by the booking's id. */
type TBy = 'token' | 'admin';

/** The booking the caller may see: the JSON payments procedure's own guard and 404 come first. */
async function bookingOf(caller: ReturnType<typeof createCaller>, req: Request, by: TBy): Promise<number> {
  const payments =
    by === 'token'
      ? await caller.payments.manage({ token: String(req.params.token ?? '') })
      : await caller.payments.booking({ id: String(req.params.id ?? '') });
  return payments.bookingId;
}

async function pdfFile(
  em: Parameters<typeof findDocument>[0],
  bookingId: number,
  number: string,
): Promise<TFile> {
  const doc = await findDocument(em, bookingId, number);
  if (!doc) throw new AppError('NOT_FOUND', DOCUMENT_NOT_FOUND);
  return {
    body: await moneyDocumentPdf(doc),
    type: 'application/pdf',
    filename: `${number}.pdf`,
    inline: true,
  };
}

/**
 * The booking's invoice PDF (docs/invoices.md), issued on its first download and the same document ever
 * after: `/api/bookings/manage/:token/invoice.pdf` and `/api/admin/bookings/:id/invoice.pdf`, with
 * `receipt.pdf` as their older names.
 */
export const invoiceHandler = (createContext: TCreateContext, by: TBy) =>
  fileRoute(createContext, 'invoice', async (caller, ctx, req) => {
    const bookingId = await bookingOf(caller, req, by);
    const docs = await issueDocuments(ctx.em, bookingId, { invoice: true });
    const invoice = docs.find((d) => d.event === 'invoice');
    if (!invoice) throw new AppError('NOT_FOUND', NO_INVOICE_FOR_REQUEST);
    return pdfFile(ctx.em, bookingId, invoice.number);
  });

/** One issued document by its number: `…/credit-notes/:number.pdf`, `…/invoices/:number.pdf`. */
export const documentHandler = (createContext: TCreateContext, by: TBy, kind: TMoneyDocumentKind) =>
  fileRoute(createContext, 'document', async (caller, ctx, req) => {
    const bookingId = await bookingOf(caller, req, by);
    const number = String(req.params.number ?? '');
    const prefix = kind === 'invoice' ? 'INV-' : 'CN-';
    if (!DOCUMENT_NUMBER_RE.test(number) || !number.startsWith(prefix))
      throw new AppError('NOT_FOUND', DOCUMENT_NOT_FOUND);
    return pdfFile(ctx.em, bookingId, number);
  });

/** `GET /api/admin/payments/export.csv`: the Payments page's whole filtered view as a file, not one page. */
export const paymentsCsvHandler = (createContext: TCreateContext) =>
  fileRoute(createContext, 'payments export', async (caller, ctx, req) => {
    await caller.payments.list(req.query);
    const homes = ctx.actingUser ? await homeScopeOf(ctx.em, ctx.actingUser) : [];
    const out = await adminPaymentsCsv(ctx.em, ZAdminPaymentsInput.parse(req.query), homes);
    return { body: out.csv, type: 'text/csv; charset=utf-8', filename: out.filename };
  });
