import { addDays, formatIsoDate } from './dates.ts';
import { refundRoutes, retainedOf } from './money-facts.ts';
import type { TOfferedMethod } from './payments.ts';

/**
 * What a guest is told about money (docs/payments.md#what-each-surface-states): the schedule, the methods,
 * what is due now and what a cancellation keeps and gives back. The sentences only compare and format
 * amounts: each surface passes the formatter of its unit (the booking card its hand-written one for
 * currency units, the others minor units).
 */

type TMoney = (minor: number) => string;

/** A booking's payment schedule, as its snapshot (`payment_plans`) holds it. */
export interface TScheduleFacts {
  total: number;
  deposit: number;
  balance: number;
  /** Null when the whole amount is due at booking. */
  balanceDueOn: string | null;
}

/**
 * The schedule a stay booked on `bookedOn` gets, by the same rule as the booking's snapshot
 * (`payment_plan_snapshot`, the money-minor-units migration): the deposit rounded to the cent, and the whole amount at
 * booking when the balance date is not after the booking day.
 */
export function scheduleFor(
  total: number,
  settings: { depositPercent: number; balanceDaysBefore: number },
  checkIn: string,
  bookedOn: string,
): TScheduleFacts {
  const dueOn = addDays(checkIn, -settings.balanceDaysBefore);
  if (settings.depositPercent >= 100 || dueOn <= bookedOn)
    return { total, deposit: total, balance: 0, balanceDueOn: null };
  const deposit = Math.round((total * settings.depositPercent) / 100);
  return { total, deposit, balance: total - deposit, balanceDueOn: dueOn };
}

const dueDate = (iso: string) => formatIsoDate(iso, true);

/**
 * The schedule in one sentence. `when` is the moment the deposit is due: 'now' once booked, 'when you
 * book' on the booking card, 'once your request is accepted' for a request to book.
 */
export function scheduleSentence(s: TScheduleFacts, money: TMoney, when: string): string {
  if (s.balance === 0 || !s.balanceDueOn) return `The full amount, ${money(s.total)}, is due ${when}.`;
  if (s.deposit === 0)
    return `Nothing is due ${when}; ${money(s.balance)} is due by ${dueDate(s.balanceDueOn)}.`;
  return `Deposit ${money(s.deposit)}, due ${when}; balance ${money(s.balance)}, due by ${dueDate(s.balanceDueOn)}.`;
}

/** The booking card's line, before anything is booked. */
export function bookingCardTerms(s: TScheduleFacts, money: TMoney, request: boolean): string {
  return request
    ? `Nothing is charged until your request is accepted. Then: ${lowerFirst(scheduleSentence(s, money, 'on acceptance'))}`
    : scheduleSentence(s, money, 'when you book');
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

const METHOD_WORDS: Record<TOfferedMethod, string> = {
  card: 'card',
  bank_transfer: 'bank transfer',
  pay_on_arrival: 'cash on arrival',
};

/** 'You can pay by card or bank transfer.' Null when nothing is offered. */
export function methodsSentence(methods: readonly TOfferedMethod[]): string | null {
  const words = methods.map((m) => METHOD_WORDS[m]);
  if (words.length === 0) return null;
  const list = words.length === 1 ? words[0] : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;
  return `You can pay by ${list}.`;
}

/** The operator's bank transfer instructions, with the reference to quote. */
export function bankSentence(instructions: string, reference: string): string {
  return `Bank transfer: ${instructions.trim()} Reference: ${reference}.`;
}

/**
 * What a guest may pay now: the deposit while it is unpaid, then the balance; never more than is due.
 * Null when nothing is due.
 */
export function dueNow(totals: {
  balanceDue: number;
  depositDue: number;
}): { part: 'deposit' | 'balance'; amount: number } | null {
  if (totals.balanceDue <= 0) return null;
  if (totals.depositDue > 0)
    return { part: 'deposit', amount: Math.min(totals.depositDue, totals.balanceDue) };
  return { part: 'balance', amount: totals.balanceDue };
}

/** What a guest's cancellation does with the money paid. */
export interface TCancelMoney {
  /** What was paid and not refunded. */
  paid: number;
  /** The fee, kept out of what was paid (never more: a cancellation charges nothing). */
  kept: number;
  refund: number;
  /** The part of the refund that goes back to the cards it came from, through Stripe. */
  toCard: number;
  /** The rest, which the operator pays back by hand. */
  byOperator: number;
}

/** Card money not yet refunded: what a refund can send back through Stripe. */
export function leftOnCards(
  lines: readonly { kind: 'payment' | 'refund' | 'adjustment'; method: string; amount: number }[],
): number {
  let left = 0;
  // An adjustment moves no money: only card payments and their refunds count.
  for (const l of lines)
    if (l.method === 'card' && l.kind !== 'adjustment') left += l.kind === 'payment' ? l.amount : -l.amount;
  return Math.max(0, left);
}

/** The operator's side of a refund: what Stripe sends back by itself, and what is theirs to pay back. */
export function operatorRefundSentence(
  m: Pick<TCancelMoney, 'refund' | 'toCard' | 'byOperator'>,
  money: TMoney,
): string {
  if (m.refund === 0) return 'Nothing was paid, so nothing is refunded.';
  const parts = [
    m.toCard > 0 ? `${money(m.toCard)} goes back to the guest's card through Stripe` : '',
    m.byOperator > 0 ? `${money(m.byOperator)} is yours to pay back and record as a refund` : '',
  ].filter(Boolean);
  return `Refund due: ${money(m.refund)}; ${parts.join(', and ')}.`;
}

/**
 * What cancelling keeps and gives back: the money facts' rule (`retainedOf`: the fee plus any adjustment,
 * never more than charged nor than paid), with the refund sent to the cards as far as they cover it
 * (`refundRoutes`). The operator's cancel dialog reads the same two through the payments answer.
 */
export function cancellationMoney(f: {
  net: number;
  adjustments: number;
  charged: number;
  onCards: number;
  fee: number;
}): TCancelMoney {
  const paid = Math.max(0, f.net);
  const kept = retainedOf({ cancelled: true, ...f });
  return { paid, kept, ...refundRoutes(paid - kept, f.onCards) };
}

export const CARD_REFUND_TIMING = 'Card refunds usually reach your account within 5–10 business days.';
export const MANUAL_REFUND_TIMING =
  'We send it by bank transfer: reply to this e-mail with your bank details if we do not have them.';

/**
 * What cancelling keeps and gives back, said to the guest. `fee` is the policy's fee in minor units (0 when free);
 * `done` words it for a cancellation already made.
 */
export function cancellationMoneySentence(
  m: TCancelMoney,
  fee: number,
  money: TMoney,
  done: boolean,
): string {
  if (m.paid === 0)
    return fee > 0
      ? `You have paid nothing yet, so nothing is charged${done ? '' : ' if you cancel'}.`
      : `You have paid nothing, so there is nothing to refund.`;
  // What is kept beyond the fee is what was charged after booking (a late check-out, a damage charge).
  const keptFee = Math.min(m.kept, fee);
  const keptCharges = m.kept - keptFee;
  const keepWhat = [
    keptFee > 0 ? `${money(keptFee)} as the cancellation fee` : '',
    keptCharges > 0 ? `${money(keptCharges)} for the charges added to your booking` : '',
  ].filter(Boolean);
  const keep = keepWhat.length > 0 ? `${done ? 'we kept' : 'we keep'} ${keepWhat.join(' and ')}` : '';
  if (m.refund === 0) return `Of the ${money(m.paid)} you paid, ${keep} and nothing is refunded.`;
  const ways = [
    m.toCard > 0 ? `${money(m.toCard)} to the card you paid with, through Stripe` : '',
    m.byOperator > 0 ? `${money(m.byOperator)} by bank transfer from us` : '',
  ].filter(Boolean);
  const back = `${money(m.refund)} ${done ? 'is refunded' : 'comes back to you'}: ${ways.join(', and ')}`;
  return `Of the ${money(m.paid)} you paid, ${keep ? `${keep}, and ` : ''}${back}.`;
}

/** When to expect the refund, for the methods it goes by. */
export function refundTimingSentence(m: TCancelMoney): string | null {
  const parts = [m.toCard > 0 ? CARD_REFUND_TIMING : '', m.byOperator > 0 ? MANUAL_REFUND_TIMING : ''];
  const text = parts.filter(Boolean).join(' ');
  return text || null;
}
