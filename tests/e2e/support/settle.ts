import type { Page } from '@playwright/test';
import { expect } from '../fixtures.ts';

/**
 * A concrete stand-in for `networkidle` (which always waits half a second more): counts the page's
 * requests in flight from now on, and `settled()` waits until none is left, a couple of frames
 * later still none (queries start as their components mount), and no skeleton row is shown.
 */
export function trackRequests(page: Page): { settled: () => Promise<void> } {
  let inFlight = 0;
  page.on('request', () => (inFlight += 1));
  page.on('requestfinished', () => (inFlight -= 1));
  page.on('requestfailed', () => (inFlight -= 1));
  return {
    settled: async () => {
      await expect
        .poll(
          async () => {
            if (inFlight > 0) return false;
            await nextFrames(page);
            return inFlight === 0;
          },
          // Short steps: the default backoff grows to a second, idle time in every page of a walk.
          { intervals: [50], timeout: 30_000 },
        )
        .toBe(true);
      // Skeleton rows stand in while a table loads.
      await expect(page.locator('[data-testid$="skeleton-row"]:visible')).toHaveCount(0, { timeout: 30_000 });
    },
  };
}

/** Two animation frames: what a resize or a state change needs to be laid out and painted. */
export const nextFrames = (page: Page) =>
  page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
