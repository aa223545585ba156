import type { EntityManager } from '@mikro-orm/postgresql';
import { type AppError, tooManyRequestsError } from '../../errors.ts';
import { countAttempts, refundCounter } from '../../repositories/rate-limits.ts';

/**
 * Fixed-window counters for the e-mail look-ups and registration (docs/decisions.md#sessions, #stateless), in the same shared
 * `rate_limits` table as the login limiter, so every server instance sees one count. Each call counts
 * one attempt on one key in a single atomic upsert.
 */
export interface TLimit {
  /** The key's prefix, e.g. `reset:ip`. */
  name: string;
  max: number;
  windowMinutes: number;
}

export const LIMITS = {
  resetPerIp: { name: 'reset:ip', max: 10, windowMinutes: 15 },
  resetPerAccount: { name: 'reset:account', max: 3, windowMinutes: 60 },
  lookupPerIp: { name: 'lookup:ip', max: 10, windowMinutes: 15 },
  lookupPerBooking: { name: 'lookup:booking', max: 3, windowMinutes: 60 },
  registerPerIp: { name: 'register:ip', max: 20, windowMinutes: 15 },
  contactPerIp: { name: 'contact:ip', max: 5, windowMinutes: 15 },
} as const satisfies Record<string, TLimit>;

/**
 * Bookings made without an account (each one holds dates and sends emails): per client address and per
 * contact e-mail, `perHour` of each (GUEST_BOOKINGS_PER_HOUR; 0 is no limit). Both keys are counted in one
 * upsert before the booking, so a batch of parallel requests cannot slip past; a booking that fails gives
 * its attempt back.
 */
export async function countGuestBooking(
  em: EntityManager,
  subject: { ip: string; email: string },
  perHour: number,
): Promise<void> {
  if (perHour <= 0) return;
  const keys = [guestIpKey(subject.ip), guestEmailKey(subject.email)];
  const counters = await countAttempts(em, keys, 60);
  const over = counters.filter((c) => c.count > perHour);
  if (over.length === 0) return;
  const wait = Math.max(1, ...over.map((c) => c.retryAfter));
  const minutes = Math.max(1, Math.ceil(wait / 60));
  throw tooManyRequestsError(
    `Too many bookings without an account. Please try again in ${minutes} minutes, or sign in to book.`,
    wait,
  );
}

const guestIpKey = (ip: string) => `booking:ip:${ip}`;
const guestEmailKey = (email: string) => `booking:email:${email.trim().toLowerCase()}`;

/** A guest booking that failed (dates taken, a rule broken) was not made: its attempt goes back. */
export async function refundGuestBooking(
  em: EntityManager,
  subject: { ip: string; email: string },
): Promise<void> {
  await refundCounter(em, guestIpKey(subject.ip));
  await refundCounter(em, guestEmailKey(subject.email));
}

function keyOf(limit: TLimit, subject: string): string {
  return `${limit.name}:${subject.trim().toLowerCase()}`;
}

/** Counts one attempt; answers the seconds to wait when the key is over its limit, else null. */
export async function countAttempt(
  em: EntityManager,
  limit: TLimit,
  subject: string,
): Promise<number | null> {
  const [counter] = await countAttempts(em, [keyOf(limit, subject)], limit.windowMinutes);
  return counter && counter.count > limit.max ? Math.max(1, counter.retryAfter) : null;
}

/** Gives back an attempt that turned out not to be a guess (a successful registration). */
export async function refundAttempt(em: EntityManager, limit: TLimit, subject: string): Promise<void> {
  await refundCounter(em, keyOf(limit, subject));
}

export function tooManyRequests(retryAfterSeconds: number): AppError {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return tooManyRequestsError(
    `Too many requests. Please try again in ${minutes} minutes.`,
    retryAfterSeconds,
  );
}

/** Throws 429 (with Retry-After) when the caller's IP is over `limit`. */
export async function enforceLimit(em: EntityManager, limit: TLimit, subject: string): Promise<void> {
  const wait = await countAttempt(em, limit, subject);
  if (wait === null) return;
  throw tooManyRequests(wait);
}
