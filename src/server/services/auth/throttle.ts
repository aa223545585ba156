import type { EntityManager } from '@mikro-orm/postgresql';
import { type AppError, tooManyRequestsError } from '../../errors.ts';

/**
 * Fixed-window counters for the e-mail look-ups and registration (DECISIONS 15, 16), in the same shared
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

/** Counts one attempt; answers the seconds to wait when the key is over its limit, else null. */
export async function countAttempt(
  em: EntityManager,
  limit: TLimit,
  subject: string,
): Promise<number | null> {
  const w = limit.windowMinutes;
  const rows = await em.getConnection().execute<{ count: number; retry_after: number }[]>(
    `insert into rate_limits (key, count, window_start) values (?, 1, now())
     on conflict (key) do update set
       count = case when rate_limits.window_start <= now() - make_interval(mins => ${w}) then 1 else rate_limits.count + 1 end,
       window_start = case when rate_limits.window_start <= now() - make_interval(mins => ${w}) then now() else rate_limits.window_start end
     returning count, ceil(extract(epoch from window_start + make_interval(mins => ${w}) - now()))::int as retry_after`,
    [`${limit.name}:${subject.trim().toLowerCase()}`],
  );
  const row = rows[0];
  return row && row.count > limit.max ? Math.max(1, Number(row.retry_after)) : null;
}

/** Gives back an attempt that turned out not to be a guess (a successful registration). */
export async function refundAttempt(em: EntityManager, limit: TLimit, subject: string): Promise<void> {
  await em
    .getConnection()
    .execute('update rate_limits set count = greatest(count - 1, 0) where key = ?', [
      `${limit.name}:${subject.trim().toLowerCase()}`,
    ]);
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
