/**
 * Payments' shared rules (docs/payments.md): the ledger's derived totals and status, in the currency's
 * smallest unit. Free of zod, so both sides and the SQL's reader use the same arithmetic.
 */

import { toMajor } from './money.ts';

export const PAYMENT_METHODS = ['card', 'bank_transfer', 'cash', 'other'] as const;
export type TPaymentMethod = (typeof PAYMENT_METHODS)[number];
/** What a guest may be offered; `cash` is the operator's name for pay on arrival. */
export const OFFERED_METHODS = ['card', 'bank_transfer', 'pay_on_arrival'] as const;
export type TOfferedMethod = (typeof OFFERED_METHODS)[number];
export const MANUAL_METHODS = ['bank_transfer', 'cash', 'other'] as const;
export type TManualMethod = (typeof MANUAL_METHODS)[number];
export const LEDGER_KINDS = ['payment', 'refund'] as const;
export type TLedgerKind = (typeof LEDGER_KINDS)[number];
export const PAYMENT_STATUSES = ['unpaid', 'deposit_paid', 'paid', 'refund_due', 'refunded'] as const;
export type TPaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const DEADLINE_ACTIONS = ['cancel', 'flag'] as const;
export type TDeadlineAction = (typeof DEADLINE_ACTIONS)[number];
export const PAY_PARTS = ['deposit', 'balance', 'full'] as const;
export type TPayPart = (typeof PAY_PARTS)[number];

/** Every amount, prices and the ledger alike, is integer minor units of this currency (docs/money.md). */
export const LEDGER_CURRENCY = 'USD';

export const PAYMENT_SETTINGS_DEFAULTS = {
  depositPercent: 30,
  balanceDaysBefore: 30,
  offerCard: true,
  offerBankTransfer: true,
  bankInstructions:
    'Pay by bank transfer to StayHub Ltd, IBAN GB00 STAY 0000 0000 0000 00, quoting your BIC number.',
  offerPayOnArrival: false,
  depositDeadlineHours: 48,
  depositDeadlineAction: 'flag',
} as const satisfies {
  depositPercent: number;
  balanceDaysBefore: number;
  offerCard: boolean;
  offerBankTransfer: boolean;
  bankInstructions: string;
  offerPayOnArrival: boolean;
  depositDeadlineHours: number;
  depositDeadlineAction: TDeadlineAction;
};

export const PAYMENT_STATUS_LABELS: Record<TPaymentStatus, string> = {
  unpaid: 'Unpaid',
  deposit_paid: 'Deposit paid',
  paid: 'Paid',
  refund_due: 'Refund due',
  refunded: 'Refunded',
};

export const METHOD_LABELS: Record<TPaymentMethod | 'pay_on_arrival', string> = {
  card: 'Card',
  bank_transfer: 'Bank transfer',
  cash: 'Cash',
  other: 'Other',
  pay_on_arrival: 'Pay on arrival',
};

export interface TLedgerFacts {
  total: number;
  deposit: number;
  /** The booking is cancelled: nothing more is due, and what it keeps is `retained`. */
  cancelled: boolean;
  /** A cancelled booking's fee: what it keeps of what was paid. */
  cancellationFee: number;
  lines: readonly { kind: TLedgerKind; amount: number }[];
}

export interface TLedgerTotals {
  paid: number;
  refunded: number;
  /** paid − refunded. */
  net: number;
  /** What the booking keeps: its total, or when cancelled its fee. */
  retained: number;
  /** Still to be paid: retained − net, never below 0. */
  balanceDue: number;
  /** To be given back: net − retained, never below 0. */
  refundDue: number;
  depositDue: number;
  status: TPaymentStatus;
}

/** The ledger's totals; they always reconcile: net + balanceDue − refundDue = retained. */
export function ledgerTotals(f: TLedgerFacts): TLedgerTotals {
  let paid = 0;
  let refunded = 0;
  for (const l of f.lines) {
    if (l.kind === 'payment') paid += l.amount;
    else refunded += l.amount;
  }
  const net = paid - refunded;
  // A cancelled booking keeps at most its fee out of what was paid: nothing more is ever charged.
  const retained = f.cancelled ? Math.min(f.cancellationFee, f.total, Math.max(0, net)) : f.total;
  const balanceDue = Math.max(0, retained - net);
  const refundDue = Math.max(0, net - retained);
  const depositDue = f.cancelled ? 0 : Math.max(0, f.deposit - net);
  let status: TPaymentStatus;
  if (refundDue > 0) status = 'refund_due';
  else if (f.cancelled && refunded > 0) status = 'refunded';
  else if (net >= retained && net > 0) status = 'paid';
  else if (!f.cancelled && net > 0 && net >= f.deposit) status = 'deposit_paid';
  else status = 'unpaid';
  return { paid, refunded, net, retained, balanceDue, refundDue, depositDue, status };
}

/** Minor units as money text: 12345 → "$123.45". */
export function formatMinor(amount: number, currency = LEDGER_CURRENCY): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(toMajor(amount));
}
