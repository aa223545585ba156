import { test as base, expect } from '@playwright/test';

/**
 * Every page in the suite runs as it would on this offline machine: third-party hosts (tiles, rates,
 * geocoding) are cut at the network edge, so the app's degraded paths are what is tested.
 * A test that wants a third-party answer registers its own page.route before navigating.
 */
export const test = base.extend({
  page: async ({ page }, use) => {
    await page.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)[^/]+\//, (route) =>
      route.abort('internetdisconnected'),
    );
    await use(page);
  },
});

export { expect };
