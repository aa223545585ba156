import type { EntityManager } from '@mikro-orm/postgresql';
import { DOCUMENT_NUMBER_RE, type TMoneyDocumentKind } from '#shared/invoices.ts';
import type { TAdminPaymentsInput } from '#shared/schemas/payments.ts';
import { AppError } from '../../errors.ts';
import { findDocument } from '../../repositories/documents.ts';
import type { THomeScope } from '../../repositories/home-scope.ts';
import type { TFile } from '../../route-meta.ts';
import { adminPaymentsCsv } from './admin-list.ts';
import { DOCUMENT_NOT_FOUND, issueDocuments, NO_INVOICE_FOR_REQUEST } from './documents.ts';
import { moneyDocumentPdf } from './invoice-pdf.ts';

/** A booking's money documents and the payments export as files (docs/invoices.md, docs/request-pipeline.md#files). */

async function pdfFile(em: EntityManager, bookingId: number, number: string): Promise<TFile> {
  const doc = await findDocument(em, bookingId, number);
  if (!doc) throw new AppError('NOT_FOUND', DOCUMENT_NOT_FOUND);
  return {
    body: await moneyDocumentPdf(doc),
    type: 'application/pdf',
    filename: `${number}.pdf`,
    inline: true,
  };
}

/** The booking's invoice, issued on its first download and the same document ever after. */
export async function invoiceFile(em: EntityManager, bookingId: number): Promise<TFile> {
  const docs = await issueDocuments(em, bookingId, { invoice: true });
  const invoice = docs.find((d) => d.event === 'invoice');
  if (!invoice) throw new AppError('NOT_FOUND', NO_INVOICE_FOR_REQUEST);
  return pdfFile(em, bookingId, invoice.number);
}

/** One issued document of the booking by its number; another kind's number is not found. */
export async function documentFile(
  em: EntityManager,
  bookingId: number,
  kind: TMoneyDocumentKind,
  number: string,
): Promise<TFile> {
  const prefix = kind === 'invoice' ? 'INV-' : 'CN-';
  if (!DOCUMENT_NUMBER_RE.test(number) || !number.startsWith(prefix))
    throw new AppError('NOT_FOUND', DOCUMENT_NOT_FOUND);
  return pdfFile(em, bookingId, number);
}

/** The Payments page's whole filtered view as a CSV file, not one page. */
export async function paymentsCsvFile(
  em: EntityManager,
  input: TAdminPaymentsInput,
  homes: THomeScope,
): Promise<TFile> {
  const out = await adminPaymentsCsv(em, input, homes);
  return { body: out.csv, type: 'text/csv', filename: out.filename };
}
