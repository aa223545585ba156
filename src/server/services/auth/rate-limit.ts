import type { EntityManager } from '@mikro-orm/postgresql';
import { type AppError, tooManyRequestsError } from '../../errors.ts';
import {
  countAttempts,
  deleteCounter,
  deleteCountersOlderThan,
  refundCounter,
} from '../../repositories/rate-limits.ts';

/**
 * Failed-login limits (docs/decisions.md#sessions, #stateless). The counters live in `rate_limits`, so every server instance
 * sees the same state. Each attempt is counted BEFORE the password is checked, in one atomic upsert:
 * parallel guesses cannot slip past the limit while a slow argon2 check is running.
 *
 * An account's failures are counted per client address (the account and IP pair), so wrong passwords
 * tried from elsewhere slow down whoever tries them and never lock the owner out; the per-IP counter
 * bounds one address guessing across accounts.
 */
export const LOGIN_LIMITS = {
  windowMinutes: 15,
  /** Failures of one account from one address. */
  perAccount: 5,
  perIp: 20,
} as const;

export function accountKey(username: string, ip: string): string {
  return `login:pair:${ip}:${username.trim().toLowerCase()}`;
}

export function ipKey(ip: string): string {
  return `login:ip:${ip}`;
}

export function tooManyAttempts(retryAfterSeconds: number): AppError {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return tooManyRequestsError(
    `Too many login attempts. Please try again in ${minutes} minutes.`,
    retryAfterSeconds,
  );
}

/**
 * Records a login attempt for the account and the IP. Returns how long to wait when either is over its
 * limit, or null when the attempt may go ahead.
 *
 * Deadlock rule: this is the only statement that holds two counter rows, locked account then IP; every
 * other statement here touches one row, so no two transactions can wait on each other in a cycle.
 */
export async function countLoginAttempt(
  em: EntityManager,
  username: string,
  ip: string,
): Promise<number | null> {
  const account = accountKey(username, ip);
  const counters = await countAttempts(em, [account, ipKey(ip)], LOGIN_LIMITS.windowMinutes);
  let wait: number | null = null;
  for (const c of counters) {
    const limit = c.key === account ? LOGIN_LIMITS.perAccount : LOGIN_LIMITS.perIp;
    if (c.count > limit) wait = Math.max(wait ?? 1, c.retryAfter);
  }
  return wait;
}

/** A successful login clears the account's failures and gives the IP its attempt back. */
export async function loginSucceeded(em: EntityManager, username: string, ip: string): Promise<void> {
  await deleteCounter(em, accountKey(username, ip));
  await refundCounter(em, ipKey(ip));
}

/** An attempt that ended in a server error was not a guess: it does not count against anyone. */
export async function refundLoginAttempt(em: EntityManager, username: string, ip: string): Promise<void> {
  for (const key of [accountKey(username, ip), ipKey(ip)]) await refundCounter(em, key);
}

/** The longest window of any counter in `rate_limits` (the hourly ones in throttle.ts). */
const LONGEST_WINDOW_MINUTES = 60;

/** Counters whose window has ended, whichever limit they count for. */
export async function deleteStaleRateLimits(em: EntityManager): Promise<void> {
  await deleteCountersOlderThan(em, LONGEST_WINDOW_MINUTES);
}
