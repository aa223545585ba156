/**
 * Cancellation policies (docs/decisions.md#cancellation-policy). A stay's dates carry no time zone (docs/decisions.md#calendar-dates), so check-in is
 * taken as the start of the check-in day in UTC, and free cancellation ends the policy's hours before it.
 * The server enforces this rule; the client shows the same deadline before Reserve.
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

export const CANCELLATION_CLOSED_MESSAGE =
  'The free cancellation period for this booking has ended. Please use the contact form to ask us about cancelling.';

/** The last instant a guest may cancel (exclusive): check-in day 00:00 UTC minus the policy's hours. */
export function cancellationDeadline(checkIn: string, policy: TCancellationPolicy): Date {
  return new Date(Date.parse(`${checkIn}T00:00:00Z`) - POLICY_HOURS[policy] * HOUR_MS);
}

export function canCancelUntil(deadline: Date, now: Date): boolean {
  return now.getTime() < deadline.getTime();
}

const UTC_DATE = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** `Dec 5, 2026, 00:00 UTC`: the deadline as an exact instant, readable in any time zone. */
export function formatDeadline(deadline: Date): string {
  const date = UTC_DATE.format(deadline);
  const time = deadline.toISOString().slice(11, 16);
  return `${date}, ${time} UTC`;
}

/** The line shown before Reserve and on the manage page. */
export function policyLine(checkIn: string, policy: TCancellationPolicy, now: Date = new Date()): string {
  const deadline = cancellationDeadline(checkIn, policy);
  return canCancelUntil(deadline, now)
    ? `Free cancellation until ${formatDeadline(deadline)}`
    : 'Free cancellation has ended for these dates';
}
