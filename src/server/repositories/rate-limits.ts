import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Fixed-window counters in `rate_limits`, shared by every server instance (docs/decisions.md#sessions, #stateless). Each
 * statement is one atomic upsert or update, so parallel attempts cannot slip past a limit.
 */

export interface TCounter {
  key: string;
  count: number;
  /** Seconds until the key's window ends, measured on the database clock. */
  retryAfter: number;
}

/**
 * Counts one attempt on each key; a window older than `windowMinutes` starts over. Rows are locked in
 * the order of `keys`; callers that pass two keys always pass them in the same order.
 */
export async function countAttempts(
  em: EntityManager,
  keys: readonly string[],
  windowMinutes: number,
): Promise<TCounter[]> {
  const w = Math.trunc(windowMinutes);
  const rows = await em.execute<{ key: string; count: number; retry_after: number }[]>(
    `insert into rate_limits (key, count, window_start) values ${keys.map(() => '(?, 1, now())').join(', ')}
     on conflict (key) do update set
       count = case when rate_limits.window_start <= now() - make_interval(mins => ${w})
                    then 1 else rate_limits.count + 1 end,
       window_start = case when rate_limits.window_start <= now() - make_interval(mins => ${w})
                    then now() else rate_limits.window_start end
     returning key, count,
       ceil(extract(epoch from window_start + make_interval(mins => ${w}) - now()))::int as retry_after`,
    [...keys],
  );
  return rows.map((r) => ({ key: r.key, count: r.count, retryAfter: Number(r.retry_after) }));
}

/** Gives one attempt back (never below zero). */
export async function refundCounter(em: EntityManager, key: string): Promise<void> {
  await em.execute('update rate_limits set count = greatest(count - 1, 0) where key = ?', [key]);
}

export async function deleteCounter(em: EntityManager, key: string): Promise<void> {
  await em.execute('delete from rate_limits where key = ?', [key]);
}

/** Skips rows a login is updating right now, so the sweep never waits on (or deadlocks with) a login. */
export async function deleteCountersOlderThan(em: EntityManager, windowMinutes: number): Promise<void> {
  await em.execute(
    `delete from rate_limits where key in (
       select key from rate_limits
        where window_start <= now() - make_interval(mins => ${Math.trunc(windowMinutes)})
        for update skip locked)`,
  );
}
