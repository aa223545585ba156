import { setTimeout as sleep } from 'node:timers/promises';

/**
 * How soon a look-up by e-mail may answer ('Forgot password?', 'Find my booking'). A known address costs
 * a transaction more (the link and its email) than an unknown one; answering both no sooner than this
 * hides that difference, which is a few milliseconds, well inside the floor (docs/decisions.md#secret-links).
 */
export const LOOKUP_ANSWER_FLOOR_MS = 250;

/** Runs `work` and answers (or fails) no sooner than `floorMs` after the call began. */
export async function atEvenPace<T>(floorMs: number, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    const left = started + floorMs - performance.now();
    if (left > 0) await sleep(left);
  }
}
