import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { nextFrames } from './support/settle.ts';

/**
 * Every guest page a visitor opens on a phone; none may scroll sideways (docs/features.md#search-and-phones). The property page is
 * the first listed home (earlier suites archive and delete homes, so no fixed id is safe).
 */
const PAGES = ['/', '/property/:first', '/help', '/contact', '/about', '/saved', '/find-booking'];

async function expectNoSidewaysScroll(page: Page, label: string) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${label} scrolls sideways`).toBe(innerWidth);
}

/** The element lies across the screen's width, neither cut off at an edge nor off it. */
async function expectWithinWidth(locator: Locator, width: number, label: string) {
  const box = await locator.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= width, `${label} inside the screen's width`).toBe(true);
}

const WIDTHS = [320, 375, 414];

/**
 * Each page is loaded once and measured at the three widths: all are below Mantine's first breakpoint,
 * so a resize re-lays out the same page a phone would load at that width.
 */
test('at 320, 375 and 414 px no page scrolls sideways and Login is reachable', async ({ page }) => {
  await page.setViewportSize({ width: WIDTHS[0]!, height: 740 });
  const [first] = (await (await page.request.get('/api/properties')).json()) as { id: number }[];
  if (!first) throw new Error('no listed home');
  for (const path of PAGES.map((p) => p.replace(':first', String(first.id)))) {
    await page.goto(path);
    await expect(page.getByTestId('site-header')).toBeVisible();
    if (path === '/') await expect(page.getByTestId('property-card').first()).toBeVisible();
    if (path.startsWith('/property')) await expect(page.getByTestId('booking-bar')).toBeVisible();
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 740 });
      await nextFrames(page);
      await expectNoSidewaysScroll(page, `${path} at ${width} px`);
    }
  }

  // The theme control and the user menu are on screen; the menu opens without shifting the page.
  await page.goto('/');
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 740 });
    await nextFrames(page);
    for (const id of ['theme-toggle', 'user-menu']) {
      const box = await page.getByTestId(id).boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= width, `${id} on screen at ${width} px`).toBe(true);
    }
    await page.getByTestId('user-menu').click();
    const login = page.getByRole('menuitem', { name: 'Login' });
    await expect(login).toBeInViewport();
    const menu = await page.getByRole('menu').boundingBox();
    expect(
      menu && menu.x >= 0 && menu.x + menu.width <= width,
      `user menu inside the screen at ${width} px`,
    ).toBe(true);
    await expectNoSidewaysScroll(page, `open user menu at ${width} px`);
    await login.click();
    const dialog = page.getByRole('dialog', { name: 'Log in or sign up' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }
});

for (const width of WIDTHS) {
  test(`at ${width} px the sort and the Filters drawer fit the screen and pass axe`, async ({ page }) => {
    await page.setViewportSize({ width, height: 740 });
    await page.goto('/');
    await expect(page.getByTestId('property-card').first()).toBeVisible();
    await expectWithinWidth(page.getByLabel('Sort by'), width, 'the sort');

    await page.getByRole('button', { name: /^Filters/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Filters' });
    await expect(dialog).toBeVisible();
    await expectWithinWidth(dialog, width, 'the Filters drawer');
    // Every control of the drawer lies within the screen's width, and its buttons can be scrolled to.
    for (const control of await dialog.getByRole('checkbox').all())
      await expectWithinWidth(control, width, `checkbox ${await control.getAttribute('value')}`);
    for (const name of ['Clear all', 'Show homes']) {
      const button = dialog.getByRole('button', { name });
      await button.scrollIntoViewIfNeeded();
      await expect(button).toBeInViewport();
      await expectWithinWidth(button, width, name);
    }
    await expectNoSidewaysScroll(page, `Filters drawer at ${width} px`);
    await expectNoSeriousA11yViolations(page, `Filters drawer at ${width} px`, {
      include: '[role="dialog"]',
    });
  });

  test(`at ${width} px the map view fits the screen and passes axe`, async ({ page }) => {
    await page.setViewportSize({ width, height: 740 });
    await page.goto('/?view=map');
    const map = page.locator('.results-map');
    // Leaflet and the map's code load only now, after the page: on a busy machine that took over 10 s.
    await expect(map.getByTestId('price-marker').first()).toBeVisible({ timeout: 30_000 });
    await expectWithinWidth(map, width, 'the map');
    await expectWithinWidth(
      page.getByRole('checkbox', { name: 'Search as I move the map' }),
      width,
      'the box',
    );
    await expectWithinWidth(map.getByRole('button', { name: 'Zoom in' }), width, 'Zoom in');
    await expectWithinWidth(page.getByRole('button', { name: 'Show list' }), width, 'Show list');
    await expectNoSidewaysScroll(page, `map view at ${width} px`);
    // The tiles come from a third party and never load here (the map degrades to markers on a plain ground).
    await expectNoSeriousA11yViolations(page, `map view at ${width} px`, { exclude: ['.leaflet-tile-pane'] });
  });
}
