import type { EntityManager } from '@mikro-orm/postgresql';
import { isClosedStatus } from '#shared/constants.ts';
import { todayIso } from '#shared/dates.ts';
import {
  cancellationCredits,
  chargeDocument,
  creditNoteDocument,
  documentNumber,
  documentSeries,
  invoiceDocument,
  type TDocumentHeader,
  type TMoneyDocument,
  type TMoneyDocumentKind,
} from '#shared/invoices.ts';
import { adjustmentLine, moneyFacts, snapshotMinor, type TMoneyFacts } from '#shared/money-facts.ts';
import type { TManagedBooking } from '#shared/schemas/manage.ts';
import type { TLedgerLine } from '#shared/schemas/payments.ts';
import { AppError } from '../../errors.ts';
import {
  insertDocument,
  listDocuments,
  nextInSeries,
  type TDocumentRow,
} from '../../repositories/documents.ts';
import { findPlan, listLines, lockPlan, type TPlanRow } from '../../repositories/payments.ts';
import { loadManaged } from '../bookings/manage.ts';
import { getSettings } from '../settings/settings.ts';

/**
 * Invoices and credit notes (docs/invoices.md). Documents are issued when first needed: the invoice on its
 * first download or when the booking is cancelled; then a credit note for a cancellation or a credit
 * (negative adjustment), and an invoice of its own for an extra charge, each once. Issuing runs under the
 * booking's plan row lock, so a booking's documents are issued one at a time and never twice.
 */

export const DOCUMENT_NOT_FOUND = 'Document not found';
export const NO_INVOICE_FOR_REQUEST = 'A request has no invoice until it is accepted';

/** A booking's money facts from its snapshot, plan and ledger (docs/payments.md#money-facts). */
export function factsOf(
  booking: TManagedBooking,
  plan: TPlanRow,
  lines: readonly TLedgerLine[],
  today: string,
): TMoneyFacts {
  return moneyFacts({
    snapshot: snapshotMinor(booking),
    plan: {
      total: plan.total_amount,
      deposit: plan.deposit_amount,
      balance: plan.balance_amount,
      balanceDueOn: plan.balance_due_on,
      depositDeadlineAt: plan.deposit_deadline_at,
    },
    ledger: lines,
    cancelled: isClosedStatus(booking.status),
    today,
  });
}

/**
 * Issues what the booking is owed of its documents, in one transaction: its invoice when `invoice` asks for
 * it (or the booking is cancelled), then one document for each later adjustment and one for a cancellation.
 * Answers the booking's documents.
 */
export async function issueDocuments(
  em: EntityManager,
  bookingId: number,
  opts: { invoice: boolean },
  now = new Date(),
): Promise<TDocumentRow[]> {
  return em.transactional(async (tx) => {
    if (!(await lockPlan(tx, bookingId))) throw new AppError('NOT_FOUND', DOCUMENT_NOT_FOUND);
    const [plan, lines, docs, booking, settings] = await Promise.all([
      findPlan(tx, bookingId),
      listLines(tx, bookingId),
      listDocuments(tx, bookingId),
      loadManaged(tx, bookingId, null, now),
      getSettings(tx),
    ]);
    if (!plan) throw new AppError('NOT_FOUND', DOCUMENT_NOT_FOUND);
    const cancelled = booking.status === 'cancelled';
    const issuedOn = todayIso(now);
    const lastLine = lines.reduce((max, l) => Math.max(max, l.id), 0);
    const facts = factsOf(booking, plan, lines, issuedOn);
    const has = (event: string) => docs.some((d) => d.event === event);
    const issue = async (
      kind: TMoneyDocumentKind,
      event: string,
      make: (h: TDocumentHeader) => TMoneyDocument,
    ) => {
      const series = documentSeries(kind, issuedOn);
      const number = documentNumber(series, await nextInSeries(tx, series));
      const content = make(headerOf(booking, settings, number, issuedOn, plan.currency));
      await insertDocument(tx, { bookingId, event, issuedAt: now, ledgerUpto: lastLine, content });
      docs.push({
        kind,
        number,
        event,
        issuedAt: now.toISOString(),
        currency: content.currency,
        total: content.total,
        ledgerUpto: lastLine,
      });
    };

    // A request not accepted (or declined) is not a sale: nothing is invoiced.
    const invoiceable = booking.status !== 'requested' && booking.status !== 'declined';
    if (!has('invoice') && invoiceable && (opts.invoice || cancelled))
      await issue('invoice', 'invoice', (h) =>
        invoiceDocument(h, facts, lines, isClosedStatus(booking.status)),
      );
    const invoice = docs.find((d) => d.event === 'invoice');
    if (!invoice) return docs;
    for (const line of lines) {
      const event = `adjustment:${line.id}`;
      if (line.kind !== 'adjustment' || line.id <= invoice.ledgerUpto || has(event)) continue;
      const charge = adjustmentLine(line);
      if (charge.amount > 0) await issue('invoice', event, (h) => chargeDocument(h, invoice.number, charge));
      else
        await issue('credit_note', event, (h) =>
          creditNoteDocument(h, invoice.number, [{ label: charge.label, amount: -charge.amount }]),
        );
    }
    if (cancelled && !has('cancellation'))
      await issue('credit_note', 'cancellation', (h) =>
        creditNoteDocument(
          h,
          invoice.number,
          cancellationCredits(facts.totals.charged, facts.totals.retained, booking.confirmationNumber),
        ),
      );
    return docs;
  });
}

/**
 * A cancelled booking's documents, issued now if they were not (in the cancelling transaction, so its
 * email can carry them): the numbers of its cancellation credit note, for the email to attach.
 */
export async function cancellationDocuments(tx: EntityManager, bookingId: number): Promise<string[]> {
  const docs = await issueDocuments(tx, bookingId, { invoice: true });
  return docs.filter((d) => d.event === 'cancellation').map((d) => d.number);
}

function headerOf(
  b: TManagedBooking,
  settings: { siteName: string; businessAddress: string; supportEmail: string },
  number: string,
  issuedOn: string,
  currency: string,
): TDocumentHeader {
  const children = b.children ?? 0;
  return {
    number,
    issuedOn,
    currency,
    operator: { name: settings.siteName, address: settings.businessAddress, email: settings.supportEmail },
    guest: b.contactInfo ? { name: b.contactInfo.name, email: b.contactInfo.email } : null,
    confirmationNumber: b.confirmationNumber,
    home: { title: b.property.title, location: b.property.location },
    stay: {
      checkIn: b.checkIn,
      checkOut: b.checkOut,
      nights: b.nights,
      party: { adults: b.guests - children, children, infants: b.infants ?? 0, pets: b.pets ?? 0 },
    },
  };
}
