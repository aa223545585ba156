import { formatHomeTime, startOfDayIn, type TZoneClock } from './home-time.ts';
import { percentOf, shareOf } from './money.ts';

/**
 * Cancellation policies (docs/decisions.md#cancellation-policy, docs/cancellation.md). Free cancellation ends the policy's hours
 * before the check-in day begins at the home (its local midnight). After that and until the stay
 * begins, a guest may still cancel for the policy's late fee, which is stated before they confirm.
 * The server enforces this rule; the client shows the same deadline and fee.
 */
export const CANCELLATION_POLICIES = ['flexible', 'moderate', 'strict'] as const;
export type TCancellationPolicy = (typeof CANCELLATION_POLICIES)[number];
export const DEFAULT_CANCELLATION_POLICY: TCancellationPolicy = 'moderate';

const HOUR_MS = 3_600_000;

export const POLICY_HOURS: Record<TCancellationPolicy, number> = {
  flexible: 24,
  moderate: 5 * 24,
  strict: 14 * 24,
};

export const POLICY_LABEL: Record<TCancellationPolicy, string> = {
  flexible: 'Flexible',
  moderate: 'Moderate',
  strict: 'Strict',
};

export const POLICY_SUMMARY: Record<TCancellationPolicy, string> = {
  flexible: 'Free cancellation until 24 hours before check-in',
  moderate: 'Free cancellation until 5 days before check-in',
  strict: 'Free cancellation until 14 days before check-in',
};

/** What a cancellation after the free window keeps, in the guest's words. */
export const LATE_FEE_SUMMARY: Record<TCancellationPolicy, string> = {
  flexible: 'the first night',
  moderate: 'the first night and half of the other nights',
  strict: 'every night',
};

export const CANCELLATION_CLOSED_MESSAGE =
  'Your stay has begun, so it can no longer be cancelled here. Please use the contact form to ask us about it.';

export const LATE_FEE_CHANGED_MESSAGE =
  'The cancellation fee has changed since you looked. Please review the new amount and confirm again.';

/** The last instant a guest may cancel free (exclusive): the check-in day's start at the home minus the policy's hours. */
export function cancellationDeadline(
  checkIn: string,
  policy: TCancellationPolicy,
  timeZone: string,
  clock?: TZoneClock,
): Date {
  return new Date(startOfDayIn(checkIn, timeZone, clock).getTime() - POLICY_HOURS[policy] * HOUR_MS);
}

export function canCancelUntil(deadline: Date, now: Date): boolean {
  return now.getTime() < deadline.getTime();
}

/** `Nov 16, 2026, 12:00 AM EST`: the deadline as the clock at the home shows it. */
export function formatDeadline(deadline: Date, timeZone: string, clock?: TZoneClock): string {
  return formatHomeTime(deadline, timeZone, clock);
}

/** The discount lines of a price (docs/money.md): what they take off the nights. */
const DISCOUNT_KINDS: ReadonlySet<string> = new Set([
  'monthlyDiscount',
  'weeklyDiscount',
  'lastMinuteDiscount',
  'earlyBirdDiscount',
]);

/**
 * The late fee (docs/cancellation.md#the-late-fee), in minor units: the nights the policy keeps (flexible
 * the first, moderate the first and half of the rest rounded up to the cent, strict all) at what the guest
 * was charged for them, their share of the nights after the booking's discounts, rounded once; then the
 * GST on that at the booking's rate, rounded once. Without discounts the share is the nights' own price.
 */
export function lateCancellationFee(
  nightPrices: readonly number[],
  taxRatePercent: number,
  policy: TCancellationPolicy,
  priceLines: readonly { kind: string; amount: number }[] | null = null,
): number {
  const [first = 0, ...rest] = nightPrices;
  const restSum = rest.reduce((s, n) => s + n, 0);
  const kept =
    policy === 'strict' ? first + restSum : policy === 'moderate' ? first + Math.ceil(restSum / 2) : first;
  const nights = first + restSum;
  const discounts = (priceLines ?? [])
    .filter((l) => DISCOUNT_KINDS.has(l.kind))
    .reduce((s, l) => s + l.amount, 0);
  const charged = discounts === 0 ? kept : shareOf(kept, nights + discounts, nights);
  return charged + percentOf(charged, taxRatePercent);
}

/** Where a booking stands for its guest's cancellation right now. */
export type TCancellationTerms =
  | { kind: 'free'; deadline: string }
  | { kind: 'fee'; deadline: string; fee: number }
  | { kind: 'started' }
  | { kind: 'closed' };

export function cancellationTerms(
  b: {
    status: string;
    checkIn: string;
    policy: TCancellationPolicy;
    timeZone: string;
    nightPrices: readonly number[];
    taxRate: number;
    /** The booking's lines after its nights: its discounts lower the fee. */
    priceLines?: readonly { kind: string; amount: number }[] | null | undefined;
  },
  now: Date,
): TCancellationTerms {
  if (b.status !== 'pending' && b.status !== 'confirmed' && b.status !== 'requested')
    return { kind: 'closed' };
  // A request not yet accepted took no money: withdrawing it is free until the stay would begin.
  if (b.status === 'requested') {
    const start = startOfDayIn(b.checkIn, b.timeZone);
    return now.getTime() < start.getTime()
      ? { kind: 'free', deadline: start.toISOString() }
      : { kind: 'started' };
  }
  const deadline = cancellationDeadline(b.checkIn, b.policy, b.timeZone);
  if (canCancelUntil(deadline, now)) return { kind: 'free', deadline: deadline.toISOString() };
  if (now.getTime() >= startOfDayIn(b.checkIn, b.timeZone).getTime()) return { kind: 'started' };
  return {
    kind: 'fee',
    deadline: deadline.toISOString(),
    fee: lateCancellationFee(b.nightPrices, b.taxRate, b.policy, b.priceLines ?? null),
  };
}

/** The line shown before Reserve. */
export function policyLine(
  checkIn: string,
  policy: TCancellationPolicy,
  timeZone: string,
  now: Date = new Date(),
  /** The home's clock from the server, which spares a page `Intl`'s zone data. */
  clock?: TZoneClock,
): string {
  const deadline = cancellationDeadline(checkIn, policy, timeZone, clock);
  return canCancelUntil(deadline, now)
    ? `Free cancellation until ${formatDeadline(deadline, timeZone, clock)}`
    : `These dates are past the free-cancellation deadline: cancelling costs ${LATE_FEE_SUMMARY[policy]}`;
}
