import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { RateLimit } from '../entities/rate-limit.entity.ts';
import { db } from './db.ts';

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
  const windowStart = sql<Date>`now() - make_interval(mins => ${sql.lit(w)})`;
  const rows = await db(em)
    .insertInto('rate_limits')
    .values(keys.map((key) => ({ key, count: 1, window_start: sql<Date>`now()` })))
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => ({
        count: eb
          .case()
          .when('rate_limits.window_start', '<=', windowStart)
          .then(1)
          .else(eb('rate_limits.count', '+', 1))
          .end(),
        window_start: eb
          .case()
          .when('rate_limits.window_start', '<=', windowStart)
          .then(sql<Date>`now()`)
          .else(eb.ref('rate_limits.window_start'))
          .end(),
      })),
    )
    .returning([
      'key',
      'count',
      sql<number>`ceil(extract(epoch from window_start + make_interval(mins => ${sql.lit(w)}) - now()))::int`.as(
        'retry_after',
      ),
    ])
    .execute();
  return rows.map((r) => ({ key: r.key, count: r.count, retryAfter: Number(r.retry_after) }));
}

/** Gives one attempt back (never below zero). */
export async function refundCounter(em: EntityManager, key: string): Promise<void> {
  await db(em)
    .updateTable('rate_limits')
    .set({ count: sql<number>`greatest(count - 1, 0)` })
    .where('key', '=', key)
    .execute();
}

export async function deleteCounter(em: EntityManager, key: string): Promise<void> {
  await em.nativeDelete(RateLimit, { key });
}

/** Skips rows a login is updating right now, so the sweep never waits on (or deadlocks with) a login. */
export async function deleteCountersOlderThan(em: EntityManager, windowMinutes: number): Promise<void> {
  const d = db(em);
  await d
    .deleteFrom('rate_limits')
    .where(
      'key',
      'in',
      d
        .selectFrom('rate_limits')
        .select('key')
        .where(
          'window_start',
          '<=',
          sql<Date>`now() - make_interval(mins => ${sql.lit(Math.trunc(windowMinutes))})`,
        )
        .forUpdate()
        .skipLocked(),
    )
    .execute();
}
