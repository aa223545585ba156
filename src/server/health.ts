import type pg from 'pg';
import { poolStall } from './db/pool.ts';

/**
 * What /healthz decides (docs/resilience.md): the instance can serve. It cannot when its database pool
 * is wedged (every client checked out and none coming back) or its event loop is stuck; it still can
 * while the database itself is away (that is /readyz's question, and a restart would not help).
 */

/** A pool with no checkout or release for this long while it has no idle client is wedged (HEALTH_POOL_STALL_MS). */
const POOL_STALL_MS = () => Number(process.env.HEALTH_POOL_STALL_MS ?? 10_000);
/** An event loop that was blocked this long within the last window is stuck (HEALTH_EVENT_LOOP_MS). */
const EVENT_LOOP_STALL_MS = () => Number(process.env.HEALTH_EVENT_LOOP_MS ?? 2_000);
const WINDOW_MS = 5_000;
const TICK_MS = 200;

/**
 * The event loop's worst delay over this window and the last, from one ticker: a tick that comes late
 * by `d` ms means the loop could not run for `d` ms. The time since the last tick also counts, which
 * catches a block in progress or one that has only just ended, before the ticker could run.
 *
 * One timer does both the measuring and the window's turn, in that order, so a block that ends just as
 * the window turns is kept for the whole next window. (Node's delay histogram, reset by a second timer,
 * lost such a block whenever the reset ran first: the reset also forgets when the histogram last ran.)
 */
export function loopLag(
  startedAt: number,
  tickMs: number,
  windowMs: number,
): { tick(at: number): void; recentMaxMs(at: number): number } {
  let lastTick = startedAt;
  let windowStart = startedAt;
  let current = 0;
  let previous = 0;
  return {
    tick(at) {
      current = Math.max(current, at - lastTick - tickMs);
      lastTick = at;
      if (at - windowStart >= windowMs) {
        previous = current;
        current = 0;
        windowStart = at;
      }
    },
    recentMaxMs: (at) => Math.max(previous, current, at - lastTick - tickMs),
  };
}

let monitor: ReturnType<typeof loopLag> | null = null;

function eventLoopMonitor(): { recentMaxMs(): number } {
  if (!monitor) {
    const lag = loopLag(performance.now(), TICK_MS, WINDOW_MS);
    setInterval(() => lag.tick(performance.now()), TICK_MS).unref();
    monitor = lag;
  }
  const m = monitor;
  return { recentMaxMs: () => m.recentMaxMs(performance.now()) };
}

export interface THealth {
  ok: boolean;
  /** What failed, in a word each: 'database pool', 'event loop'. */
  failing: string[];
  poolStallMs: number;
  eventLoopDelayMs: number;
}

/** Starts measuring at once, so the first /healthz already has a window behind it. */
export function startHealthMonitor(): void {
  eventLoopMonitor();
}

export function instanceHealth(pool: pg.Pool | undefined): THealth {
  const poolStallMs = pool ? poolStall(pool) : 0;
  const eventLoopDelayMs = Math.round(eventLoopMonitor().recentMaxMs());
  const failing: string[] = [];
  if (poolStallMs >= POOL_STALL_MS()) failing.push('database pool');
  if (eventLoopDelayMs >= EVENT_LOOP_STALL_MS()) failing.push('event loop');
  return { ok: failing.length === 0, failing, poolStallMs, eventLoopDelayMs };
}
