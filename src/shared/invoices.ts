/**
 * Invoices and credit notes as documents of record (docs/invoices.md): what each one carries, built from
 * the money facts when it is issued and kept as it is from then on. Amounts in minor units. Pure.
 */
import { formatIsoDate } from './dates.ts';
import { plural } from './labels.ts';
import type { TInvoiceLine, TMoneyFacts } from './money-facts.ts';
import { formatMinor, METHOD_LABELS, type TLedgerKind, type TPaymentMethod } from './payments.ts';

export const MONEY_DOCUMENT_KINDS = ['invoice', 'credit_note'] as const;
export type TMoneyDocumentKind = (typeof MONEY_DOCUMENT_KINDS)[number];

const PREFIX: Record<TMoneyDocumentKind, string> = { invoice: 'INV', credit_note: 'CN' };

/** The series a document's number is counted in: its kind and the year it is issued (`INV-2027`). */
export function documentSeries(kind: TMoneyDocumentKind, issuedOn: string): string {
  return `${PREFIX[kind]}-${issuedOn.slice(0, 4)}`;
}

/** `INV-2027-000123`: the series and the document's place in it, six digits. */
export function documentNumber(series: string, n: number): string {
  return `${series}-${String(n).padStart(6, '0')}`;
}

/** The shape of a document number, for the download paths. */
export const DOCUMENT_NUMBER_RE = /^(INV|CN)-\d{4}-\d{6,}$/;

export interface TDocumentParty {
  adults: number;
  children: number;
  infants: number;
  pets: number;
}

/** Who stays, every kind named: `3 adults, 1 child, 1 infant` (a kind that does not come is left out). */
export function documentPartyLabel(p: TDocumentParty): string {
  return [
    plural(p.adults, 'adult'),
    p.children ? plural(p.children, 'child', 'children') : null,
    p.infants ? plural(p.infants, 'infant') : null,
    p.pets ? plural(p.pets, 'pet') : null,
  ]
    .filter((s): s is string => s !== null)
    .join(', ');
}

/** A line of a document: a label, optionally quantity × unit, and its amount. */
export type TDocumentLine = Pick<TInvoiceLine, 'label' | 'quantity' | 'unitAmount' | 'amount'>;

/** Everything an invoice or credit note shows, fixed when it is issued. */
export interface TMoneyDocument {
  kind: TMoneyDocumentKind;
  number: string;
  /** yyyy-MM-dd, the operator's day of issue. */
  issuedOn: string;
  currency: string;
  operator: { name: string; address: string; email: string };
  guest: { name: string; email: string } | null;
  confirmationNumber: string;
  home: { title: string; location: string };
  stay: { checkIn: string; checkOut: string; nights: number; party: TDocumentParty };
  /** A credit note's or a later charge's invoice. */
  refersTo: string | null;
  lines: TDocumentLine[];
  total: number;
  /** Invoices only: the money received and given back by the day of issue, and what was left. */
  payments: { date: string; label: string; amount: number }[];
  paid: number | null;
  balance: number | null;
  balanceDueOn: string | null;
  note: string | null;
}

export interface TDocumentHeader {
  number: string;
  issuedOn: string;
  currency: string;
  operator: TMoneyDocument['operator'];
  guest: TMoneyDocument['guest'];
  confirmationNumber: string;
  home: TMoneyDocument['home'];
  stay: TMoneyDocument['stay'];
}

/** A ledger line as the documents list it. */
export interface TDocumentLedgerLine {
  kind: TLedgerKind;
  method: TPaymentMethod;
  amount: number;
  occurredAt: string;
  reference: string | null;
}

/** The booking's invoice: every line of its money facts, the payments so far, the balance and its date. */
export function invoiceDocument(
  h: TDocumentHeader,
  facts: TMoneyFacts,
  ledger: readonly TDocumentLedgerLine[],
  cancelled: boolean,
): TMoneyDocument {
  const payments = ledger
    .filter((l) => l.kind !== 'adjustment')
    .map((l) => ({
      date: l.occurredAt.slice(0, 10),
      label: `${l.kind === 'refund' ? 'Refund' : 'Payment'} by ${METHOD_LABELS[l.method].toLowerCase()}${l.reference ? ` (${l.reference})` : ''}`,
      amount: l.kind === 'refund' ? -l.amount : l.amount,
    }));
  const balance = Math.max(0, facts.total - facts.totals.net);
  return {
    kind: 'invoice',
    ...h,
    refersTo: null,
    lines: facts.lines.map(documentLine),
    total: facts.total,
    payments,
    paid: facts.totals.net,
    balance: cancelled ? null : balance,
    balanceDueOn: !cancelled && balance > 0 ? facts.schedule.balanceDueOn : null,
    note: cancelled ? 'This booking is cancelled; the credit note states what is credited.' : null,
  };
}

/** A later charge on an issued invoice (a positive adjustment): an invoice of its own that refers to it. */
export function chargeDocument(h: TDocumentHeader, refersTo: string, line: TInvoiceLine): TMoneyDocument {
  return {
    kind: 'invoice',
    ...h,
    refersTo,
    lines: [documentLine(line)],
    total: line.amount,
    payments: [],
    paid: null,
    balance: null,
    balanceDueOn: null,
    note: null,
  };
}

/** A credit against an issued invoice: a goodwill credit, or a cancelled stay less the fee it keeps. */
export function creditNoteDocument(
  h: TDocumentHeader,
  refersTo: string,
  credited: { label: string; amount: number }[],
): TMoneyDocument {
  const lines = credited.map((c) => ({ label: c.label, quantity: null, unitAmount: null, amount: c.amount }));
  return {
    kind: 'credit_note',
    ...h,
    refersTo,
    lines,
    total: lines.reduce((sum, l) => sum + l.amount, 0),
    payments: [],
    paid: null,
    balance: null,
    balanceDueOn: null,
    note: null,
  };
}

/** What a cancellation credits: the stay as invoiced, less what the booking keeps. */
export function cancellationCredits(charged: number, kept: number, confirmationNumber: string) {
  return [
    { label: `Booking ${confirmationNumber} cancelled`, amount: charged },
    ...(kept > 0 ? [{ label: 'Cancellation fee kept', amount: -kept }] : []),
  ];
}

function documentLine(l: Pick<TInvoiceLine, 'label' | 'quantity' | 'unitAmount' | 'amount'>): TDocumentLine {
  return { label: l.label, quantity: l.quantity, unitAmount: l.unitAmount, amount: l.amount };
}

export const DOCUMENT_TITLES: Record<TMoneyDocumentKind, string> = {
  invoice: 'Invoice',
  credit_note: 'Credit note',
};

/**
 * The document as rows of text, in the order the PDF prints them: the PDF renders exactly these, and a
 * test finds each of them in the PDF's text.
 */
export function documentRows(d: TMoneyDocument): {
  heading: string[];
  lines: [string, string][];
  totals: [string, string][];
  payments: [string, string][];
  closing: [string, string][];
} {
  const money = (minor: number) => formatMinor(minor, d.currency);
  const heading = [
    `${DOCUMENT_TITLES[d.kind]} ${d.number}`,
    `Issued ${formatIsoDate(d.issuedOn, true)}`,
    ...(d.refersTo ? [`For invoice ${d.refersTo}`] : []),
    `Booking ${d.confirmationNumber}`,
    ...(d.guest ? [`Guest: ${d.guest.name} (${d.guest.email})`] : []),
    `${d.home.title}, ${d.home.location}`,
    `${formatIsoDate(d.stay.checkIn, true)} – ${formatIsoDate(d.stay.checkOut, true)}, ${plural(d.stay.nights, 'night')}`,
    documentPartyLabel(d.stay.party),
    ...(d.note ? [d.note] : []),
  ];
  const lines = d.lines.map((l): [string, string] => [
    l.quantity !== null && l.unitAmount !== null
      ? `${l.label}, ${l.quantity} × ${money(l.unitAmount)}`
      : l.label,
    money(l.amount),
  ]);
  const totals: [string, string][] = [
    [d.kind === 'credit_note' ? 'Total credited' : 'Total', money(d.total)],
  ];
  const payments = d.payments.map((p): [string, string] => [
    `${formatIsoDate(p.date, true)}  ${p.label}`,
    money(p.amount),
  ]);
  const closing: [string, string][] = [];
  if (d.paid !== null) closing.push(['Paid', money(d.paid)]);
  if (d.balance !== null) closing.push(['Balance due', money(d.balance)]);
  if (d.balanceDueOn !== null) closing.push(['Balance due by', formatIsoDate(d.balanceDueOn, true)]);
  return { heading, lines, totals, payments, closing };
}
