/**
 * Payments' shared words and settings (docs/payments.md); the arithmetic is in money-facts.ts.
 * Free of zod: the admin's Payments page reads its words on its first render.
 */

import { formatMoney, toMajor } from './money.ts';

export const PAYMENT_METHODS = ['card', 'bank_transfer', 'cash', 'other'] as const;
export type TPaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The admin's Payments page's lists: what is owed, owed past its date, received, and refunds to make. */
export const PAYMENT_LIST_VIEWS = ['outstanding', 'overdue', 'received', 'refunds_due'] as const;
/** What a guest may be offered; `cash` is the operator's name for pay on arrival. */
export const OFFERED_METHODS = ['card', 'bank_transfer', 'pay_on_arrival'] as const;
export type TOfferedMethod = (typeof OFFERED_METHODS)[number];
export const MANUAL_METHODS = ['bank_transfer', 'cash', 'other'] as const;
export type TManualMethod = (typeof MANUAL_METHODS)[number];
/** An adjustment changes what the booking charges: negative a credit, positive an extra charge. */
export const LEDGER_KINDS = ['payment', 'refund', 'adjustment'] as const;
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
    'Pay by bank transfer to StayHub Ltd, IBAN GB00 STAY 0000 0000 0000 00, quoting your confirmation number.',
  offerPayOnArrival: false,
  depositDeadlineHours: 48,
  depositDeadlineAction: 'flag',
  depositHoldDaysBefore: 1,
  depositReleaseDaysAfter: 3,
} as const satisfies {
  depositPercent: number;
  balanceDaysBefore: number;
  offerCard: boolean;
  offerBankTransfer: boolean;
  bankInstructions: string;
  offerPayOnArrival: boolean;
  depositDeadlineHours: number;
  depositDeadlineAction: TDeadlineAction;
  depositHoldDaysBefore: number;
  depositReleaseDaysAfter: number;
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

/** The ledger's totals are money facts (docs/payments.md#money-facts); these names stay for their callers. */
export { ledgerTotals, type TLedgerFacts, type TLedgerTotals } from './money-facts.ts';

/** Minor units as money text: 12345 → "$123.45". */
export function formatMinor(amount: number, currency = LEDGER_CURRENCY): string {
  return formatMoney(toMajor(amount), currency);
}
