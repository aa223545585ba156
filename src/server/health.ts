import { monitorEventLoopDelay } from 'node:perf_hooks';
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

let monitor: { recentMaxMs(): number } | null = null;

/**
 * The event loop's worst delay over the last window or so: the delay histogram (reset every window,
 * keeping the previous window's maximum), and the time since a ticker last ran, which catches a block
 * that has only just ended, before the histogram's own timer could record it.
 */
function eventLoopMonitor(): { recentMaxMs(): number } {
  if (monitor) return monitor;
  const histogram = monitorEventLoopDelay({ resolution: 20 });
  histogram.enable();
  let previousMaxMs = 0;
  let lastTick = performance.now();
  setInterval(() => {
    previousMaxMs = histogram.max / 1e6;
    histogram.reset();
  }, WINDOW_MS).unref();
  setInterval(() => {
    lastTick = performance.now();
  }, TICK_MS).unref();
  monitor = {
    recentMaxMs: () => Math.max(previousMaxMs, histogram.max / 1e6, performance.now() - lastTick - TICK_MS),
  };
  return monitor;
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
