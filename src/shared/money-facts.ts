/**
 * A booking's money, derived once (docs/payments.md#money-facts): from its price snapshot, its payment
 * plan and its ledger, the invoice's lines, the schedule and what is due now, paid, refunded, net,
 * balance, refund due, the cancellation outcome and the status. Every amount is an integer in the
 * currency's minor unit. Pure and free of zod: the server, the client, the PDFs and the tests share it.
 */
import { addDays, formatIsoDate } from './dates.ts';
import { plural } from './labels.ts';
import type { TLedgerKind, TPaymentStatus } from './payments.ts';
import type { TLineKind } from './pricing.ts';

/** A booking's price as booked, in minor units: each night from check-in on, then every line after them. */
export interface TSnapshot {
  checkIn: string;
  nightPrices: readonly number[];
  /** Discounts (negative), fees, GST, tourist tax: as the quote named them. */
  lines: readonly { kind: TLineKind; label: string; amount: number }[];
  total: number;
  /** A cancelled booking's kept fee; null when none was charged. */
  cancellationFee: number | null;
}

/** The booking's stored price snapshot (minor units, docs/money.md#minor-units) as the facts read it. */
export function snapshotMinor(b: {
  checkIn: string;
  nightPrices: readonly number[];
  lines: readonly { kind: TLineKind; label: string; amount: number }[];
  totalPrice: number;
  cancellationFeeCharged: number | null;
}): TSnapshot {
  return {
    checkIn: b.checkIn,
    nightPrices: [...b.nightPrices],
    lines: b.lines.map((l) => ({ ...l })),
    total: b.totalPrice,
    cancellationFee: b.cancellationFeeCharged,
  };
}

export type TInvoiceLineKind = 'nights' | TLineKind | 'adjustment';

/** One line of an invoice: a run of nights at one price (quantity × unit), a quote line, or an adjustment. */
export interface TInvoiceLine {
  kind: TInvoiceLineKind;
  label: string;
  quantity: number | null;
  unitAmount: number | null;
  amount: number;
}

/** A ledger line as the facts read it: adjustments carry their sign, payments and refunds are positive. */
export interface TFactsLedgerLine {
  kind: TLedgerKind;
  amount: number;
  reason?: string | null;
}

/**
 * Runs of consecutive nights at one price, in order, each one line: `Nov 22 – Nov 25, 2026 (3 nights)`.
 * Their amounts are quantity × unit price, so the runs add up to the nights' sum.
 */
export function nightRuns(checkIn: string, nightPrices: readonly number[]): TInvoiceLine[] {
  const runs: TInvoiceLine[] = [];
  let start = 0;
  for (let i = 1; i <= nightPrices.length; i++) {
    if (i < nightPrices.length && nightPrices[i] === nightPrices[start]) continue;
    const unit = nightPrices[start] ?? 0;
    const count = i - start;
    const from = addDays(checkIn, start);
    const to = addDays(checkIn, i);
    runs.push({
      kind: 'nights',
      label: `${formatIsoDate(from)} – ${formatIsoDate(to, true)} (${plural(count, 'night')})`,
      quantity: count,
      unitAmount: unit,
      amount: unit * count,
    });
    start = i;
  }
  return runs;
}

/** Every charge of the booking in order: the nights, the quote's lines (with their rates), then adjustments. */
export function invoiceLines(snapshot: TSnapshot, ledger: readonly TFactsLedgerLine[]): TInvoiceLine[] {
  return [
    ...nightRuns(snapshot.checkIn, snapshot.nightPrices),
    ...snapshot.lines.map((l) => ({
      kind: l.kind,
      label: l.label,
      quantity: null,
      unitAmount: null,
      amount: l.amount,
    })),
    ...ledger.filter((l) => l.kind === 'adjustment').map(adjustmentLine),
  ];
}

/** An adjustment as an invoice line: `Credit: goodwill` or `Charge: late check-out`, with its sign. */
export function adjustmentLine(l: TFactsLedgerLine): TInvoiceLine {
  return {
    kind: 'adjustment',
    label: `${l.amount < 0 ? 'Credit' : 'Charge'}: ${l.reason ?? 'adjustment'}`,
    quantity: null,
    unitAmount: null,
    amount: l.amount,
  };
}

/** What the ledger's totals are derived from (docs/payments.md#ledger). */
export interface TLedgerFacts {
  /** The booking's total as booked (its plan's), before adjustments. */
  total: number;
  deposit: number;
  /** The booking is cancelled or declined: nothing more is due, and what it keeps is `retained`. */
  cancelled: boolean;
  /** A cancelled booking's fee in minor units: what it keeps of what was paid. */
  cancellationFee: number;
  lines: readonly TFactsLedgerLine[];
}

export interface TLedgerTotals {
  /** The sum of adjustments: negative credits and positive extra charges after booking. */
  adjustments: number;
  /** What the booking charges: its total plus its adjustments (the invoice's total). */
  charged: number;
  paid: number;
  refunded: number;
  /** paid − refunded. */
  net: number;
  /** What the booking keeps: what it charges, or when cancelled its fee and adjustments, at most net. */
  retained: number;
  /** Still to be paid: retained − net, never below 0. */
  balanceDue: number;
  /** To be given back: net − retained, never below 0. */
  refundDue: number;
  depositDue: number;
  status: TPaymentStatus;
}

/**
 * The one rule for what is owed either way. They always reconcile: net + balanceDue − refundDue = retained,
 * and at most one of balanceDue and refundDue is above 0.
 */
export function ledgerTotals(f: TLedgerFacts): TLedgerTotals {
  let paid = 0;
  let refunded = 0;
  let adjustments = 0;
  for (const l of f.lines) {
    if (l.kind === 'payment') paid += l.amount;
    else if (l.kind === 'refund') refunded += l.amount;
    else adjustments += l.amount;
  }
  const net = paid - refunded;
  const charged = Math.max(0, f.total + adjustments);
  const retained = retainedOf({ cancelled: f.cancelled, fee: f.cancellationFee, adjustments, charged, net });
  const balanceDue = Math.max(0, retained - net);
  const refundDue = Math.max(0, net - retained);
  const depositDue = f.cancelled ? 0 : Math.max(0, Math.min(f.deposit, charged) - net);
  let status: TPaymentStatus;
  if (refundDue > 0) status = 'refund_due';
  else if (f.cancelled && refunded > 0) status = 'refunded';
  else if (net >= retained && (net > 0 || (!f.cancelled && charged === 0))) status = 'paid';
  else if (!f.cancelled && net > 0 && net >= Math.min(f.deposit, charged)) status = 'deposit_paid';
  else status = 'unpaid';
  return { adjustments, charged, paid, refunded, net, retained, balanceDue, refundDue, depositDue, status };
}

/**
 * What a booking keeps. A live one keeps what it charges. A cancelled one keeps its fee plus any
 * adjustment (a goodwill credit lowers it), never more than it charged nor more than was paid: nothing more
 * is ever charged after a cancellation. The payments list's SQL states this same rule and a test holds the
 * two equal.
 */
export function retainedOf(f: {
  cancelled: boolean;
  fee: number;
  adjustments: number;
  charged: number;
  net: number;
}): number {
  if (!f.cancelled) return f.charged;
  return Math.min(Math.max(0, f.fee + f.adjustments), f.charged, Math.max(0, f.net));
}

/** What cancelling now would give back of what was paid, when the policy keeps `fee`. */
export function refundOnCancel(totals: Pick<TLedgerTotals, 'net' | 'adjustments' | 'charged'>, fee: number) {
  const kept = retainedOf({ cancelled: true, fee, ...totals });
  return Math.max(0, totals.net - kept);
}

/**
 * Where a cancellation's refund goes: back to the cards it was paid with as far as they cover it (`onCards`:
 * card money not yet refunded, 0 when card refunds are off), the rest paid back by the operator by hand.
 */
export function refundRoutes(refund: number, onCards: number) {
  const toCard = Math.min(refund, Math.max(0, onCards));
  return { refund, toCard, byOperator: refund - toCard };
}

/** A booking's plan as the facts read it (docs/payments.md#schedule). */
export interface TPlanFacts {
  total: number;
  deposit: number;
  balance: number;
  balanceDueOn: string | null;
  depositDeadlineAt: string | null;
}

export interface TMoneyFacts {
  lines: TInvoiceLine[];
  /** The sum of `lines`: the booking's total plus its adjustments. */
  total: number;
  totals: TLedgerTotals;
  schedule: {
    deposit: number;
    /** What the balance is now: what the booking charges less the deposit. */
    balance: number;
    balanceDueOn: string | null;
    /** What the guest should pay now, on `today`: the deposit still unpaid, or everything once the balance date has come. */
    dueNow: number;
  };
  /** Null unless cancelled: the fee kept and what goes (or went) back of what was paid. */
  cancellation: { fee: number; kept: number; refund: number } | null;
}

/**
 * The schedule as it stands: the deposit (never more than the booking charges), the balance, its date, and
 * what is due now on `today` (yyyy-MM-dd): the deposit still unpaid, or everything once the balance date
 * has come; nothing on a cancelled booking.
 */
export function scheduleFacts(
  plan: Pick<TPlanFacts, 'deposit' | 'balanceDueOn'>,
  totals: Pick<TLedgerTotals, 'charged' | 'depositDue' | 'balanceDue'>,
  cancelled: boolean,
  today: string,
): TMoneyFacts['schedule'] {
  const deposit = Math.min(plan.deposit, totals.charged);
  const balanceCome = plan.balanceDueOn === null || plan.balanceDueOn <= today;
  return {
    deposit,
    balance: totals.charged - deposit,
    balanceDueOn: plan.balanceDueOn,
    dueNow: cancelled ? 0 : balanceCome ? totals.balanceDue : Math.min(totals.depositDue, totals.balanceDue),
  };
}

/** Everything about a booking's money, for every surface that shows it. */
export function moneyFacts(input: {
  snapshot: TSnapshot;
  plan: TPlanFacts;
  ledger: readonly TFactsLedgerLine[];
  cancelled: boolean;
  /** The day (yyyy-MM-dd) what is due now is reckoned on. */
  today: string;
}): TMoneyFacts {
  const { snapshot, plan, ledger, cancelled } = input;
  const totals = ledgerTotals({
    total: plan.total,
    deposit: plan.deposit,
    cancelled,
    cancellationFee: snapshot.cancellationFee ?? 0,
    lines: ledger,
  });
  const lines = invoiceLines(snapshot, ledger);
  return {
    lines,
    total: lines.reduce((sum, l) => sum + l.amount, 0),
    totals,
    schedule: scheduleFacts(plan, totals, cancelled, input.today),
    cancellation: cancelled
      ? {
          fee: snapshot.cancellationFee ?? 0,
          kept: totals.retained,
          refund: totals.refunded + totals.refundDue,
        }
      : null,
  };
}

/** Where a booking's payments stand for its guest: the trip page and My bookings say it in these words. */
export type TGuestPaymentState =
  'paid' | 'deposit_paid' | 'balance_due' | 'unpaid' | 'refund_due' | 'refunded';

export interface TGuestPayment {
  state: TGuestPaymentState;
  /** The day the balance is due, for `deposit_paid` and `balance_due`; null otherwise. */
  balanceDueOn: string | null;
  /** What is to be paid next, in minor units; `dueOn` null means now. Null when nothing is to be paid. */
  next: { part: 'deposit' | 'balance'; amount: number; dueOn: string | null } | null;
}

/**
 * The guest's view of the ledger on `today`: paid; the deposit paid with the balance still ahead; the
 * balance due (its date has come, or no deposit was asked); or unpaid. Refunds keep the ledger's words.
 */
export function guestPayment(
  totals: Pick<TLedgerTotals, 'status' | 'balanceDue' | 'depositDue'>,
  plan: { balanceDueOn: string | null },
  cancelled: boolean,
  today: string,
): TGuestPayment {
  const open = !cancelled && totals.balanceDue > 0;
  const balanceAhead = plan.balanceDueOn !== null && today < plan.balanceDueOn;
  const next: TGuestPayment['next'] = !open
    ? null
    : totals.depositDue > 0
      ? { part: 'deposit', amount: Math.min(totals.depositDue, totals.balanceDue), dueOn: null }
      : { part: 'balance', amount: totals.balanceDue, dueOn: balanceAhead ? plan.balanceDueOn : null };
  const { status } = totals;
  if (status === 'paid' || status === 'refund_due' || status === 'refunded')
    return { state: status, balanceDueOn: null, next };
  // The deposit (or the whole amount, with no balance date) is still owed, or nothing was paid at all.
  if (!open || plan.balanceDueOn === null || totals.depositDue > 0)
    return { state: 'unpaid', balanceDueOn: null, next };
  return {
    state: status === 'deposit_paid' && balanceAhead ? 'deposit_paid' : 'balance_due',
    balanceDueOn: plan.balanceDueOn,
    next,
  };
}

/** 'Paid', 'Deposit paid', 'Balance due Dec 20, 2026', 'Unpaid', 'Refund due', 'Refunded'. */
export function guestPaymentLabel(p: Pick<TGuestPayment, 'state' | 'balanceDueOn'>): string {
  switch (p.state) {
    case 'paid':
      return 'Paid';
    case 'deposit_paid':
      return 'Deposit paid';
    case 'balance_due':
      return p.balanceDueOn ? `Balance due ${formatIsoDate(p.balanceDueOn, true)}` : 'Balance due';
    case 'unpaid':
      return 'Unpaid';
    case 'refund_due':
      return 'Refund due';
    case 'refunded':
      return 'Refunded';
  }
}

/** The reason a damage claim's charge carries on the invoice: `Charge: Damage: broken lamp`. */
export const damageChargeReason = (reason: string) => `Damage: ${reason}`.slice(0, 200);

/**
 * A claim on a damage deposit as the ledger records it (docs/payments.md#damage-deposit): a damage charge
 * (a positive adjustment, so a line of the invoice) and the payment that settles it out of the deposit, of
 * the same amount, so what the guest owes or is owed does not move. The deposit itself is never a line:
 * what is not claimed goes back and is in no total, invoice, report or statement.
 */
export function damageClaimLines(claim: { amount: number; reason: string }): TFactsLedgerLine[] {
  return [
    { kind: 'adjustment', amount: claim.amount, reason: damageChargeReason(claim.reason) },
    { kind: 'payment', amount: claim.amount },
  ];
}
