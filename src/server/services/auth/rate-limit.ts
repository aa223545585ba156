import type { EntityManager } from '@mikro-orm/postgresql';
import { type AppError, tooManyRequestsError } from '../../errors.ts';

/**
 * Failed-login limits (DECISIONS 15, 16). The counters live in `rate_limits`, so every server instance
 * sees the same state. Each attempt is counted BEFORE the password is checked, in one atomic upsert:
 * parallel guesses cannot slip past the limit while a slow argon2 check is running.
 */
export const LOGIN_LIMITS = {
  windowMinutes: 15,
  perAccount: 5,
  perIp: 20,
} as const;

export function accountKey(username: string): string {
  return `login:account:${username.trim().toLowerCase()}`;
}

export function ipKey(ip: string): string {
  return `login:ip:${ip}`;
}

interface TCounterRow {
  key: string;
  count: number;
  /** Seconds until the window ends, measured on the database clock. */
  retry_after: number;
}

/**
 * Counts one attempt on each key; a window older than the limit's starts over. Rows are locked in VALUES
 * order, account then IP; it is the only statement that holds two counter rows (see loginSucceeded).
 */
const COUNT_ATTEMPT_SQL = `
  insert into rate_limits (key, count, window_start) values (?, 1, now()), (?, 1, now())
  on conflict (key) do update set
    count = case when rate_limits.window_start <= now() - make_interval(mins => ${LOGIN_LIMITS.windowMinutes})
                 then 1 else rate_limits.count + 1 end,
    window_start = case when rate_limits.window_start <= now() - make_interval(mins => ${LOGIN_LIMITS.windowMinutes})
                 then now() else rate_limits.window_start end
  returning key, count,
    ceil(extract(epoch from window_start + make_interval(mins => ${LOGIN_LIMITS.windowMinutes}) - now()))::int as retry_after`;

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
 */
export async function countLoginAttempt(
  em: EntityManager,
  username: string,
  ip: string,
): Promise<number | null> {
  const account = accountKey(username);
  const rows = await em.getConnection().execute<TCounterRow[]>(COUNT_ATTEMPT_SQL, [account, ipKey(ip)]);
  let wait: number | null = null;
  for (const row of rows) {
    const limit = row.key === account ? LOGIN_LIMITS.perAccount : LOGIN_LIMITS.perIp;
    if (row.count > limit) wait = Math.max(wait ?? 1, Number(row.retry_after));
  }
  return wait;
}

/**
 * A successful login clears the account's failures and gives the IP its attempt back.
 * Deadlock rule: only the counting upsert holds two counter rows at once (account, then IP); every other
 * statement here touches one row, so no two transactions can wait on each other in a cycle.
 */
export async function loginSucceeded(em: EntityManager, username: string, ip: string): Promise<void> {
  const conn = em.getConnection();
  await conn.execute('delete from rate_limits where key = ?', [accountKey(username)]);
  await conn.execute('update rate_limits set count = greatest(count - 1, 0) where key = ?', [ipKey(ip)]);
}

/** An attempt that ended in a server error was not a guess: it does not count against anyone. */
export async function refundLoginAttempt(em: EntityManager, username: string, ip: string): Promise<void> {
  const conn = em.getConnection();
  for (const key of [accountKey(username), ipKey(ip)]) {
    await conn.execute('update rate_limits set count = greatest(count - 1, 0) where key = ?', [key]);
  }
}

/** Skips rows a login is updating right now, so the sweep never waits on (or deadlocks with) a login. */
export async function deleteStaleRateLimits(em: EntityManager): Promise<void> {
  await em.getConnection().execute(
    `delete from rate_limits where key in (
       select key from rate_limits
        where window_start <= now() - make_interval(mins => ${LOGIN_LIMITS.windowMinutes})
        for update skip locked)`,
  );
}
