import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { expectNoSeriousA11yViolationsInBothSchemes } from './support/a11y.ts';

/** The ids the first page of a search should show, from the REST path of `properties.search`. */
async function expectedIds(request: APIRequestContext, query: string): Promise<number[]> {
  const res = await request.get(`/api/search/properties?${query}`);
  expect(res.ok(), await res.text()).toBe(true);
  const body = (await res.json()) as { items: { id: number }[] };
  return body.items.map((p) => p.id);
}

/** The ids of the cards on screen, once the grid shows exactly `expected` (polled: results load async). */
async function expectCards(page: Page, expected: number[]): Promise<void> {
  await expect
    .poll(
      async () =>
        await page
          .getByTestId('property-card')
          .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-property-id')))),
    )
    .toEqual(expected);
}

const param = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);

test('filters from the Filters dialog change the results, count on the button, and survive reload and Back', async ({
  page,
}) => {
  await page.goto('/');
  const all = await expectedIds(page.request, '');
  await expectCards(page, all);

  await page.getByRole('button', { name: /^Filters/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Filters' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Minimum').fill('100');
  await dialog.getByRole('checkbox', { name: 'House' }).check();
  await dialog.getByRole('checkbox', { name: 'Villa' }).check();
  await dialog.getByText('2+', { exact: true }).click();
  await dialog.getByRole('checkbox', { name: 'Wifi' }).check();
  await dialog.getByRole('button', { name: 'Show homes' }).click();
  await expect(dialog).toBeHidden();

  await expect(page).toHaveURL(/minPrice=100/);
  expect(param(page, 'types')).toBe('house,villa');
  expect(param(page, 'bedrooms')).toBe('2');
  expect(param(page, 'amenities')).toBe('Wifi');
  const filtered = await expectedIds(
    page.request,
    'minPrice=100&types=house&types=villa&bedrooms=2&amenities=Wifi',
  );
  expect(filtered).not.toEqual(all);
  await expectCards(page, filtered);
  await expect(page.getByTestId('filter-count')).toHaveText('5 active');

  await page.reload();
  await expectCards(page, filtered);
  await expect(page.getByTestId('filter-count')).toHaveText('5 active');

  await page.goBack();
  await expectCards(page, all);
  await expect(page.getByTestId('filter-count')).toHaveCount(0);
  await page.goForward();
  await expectCards(page, filtered);

  // Clear all empties the draft; Show homes applies it.
  await page.getByRole('button', { name: /^Filters/ }).click();
  await dialog.getByRole('button', { name: 'Clear all' }).click();
  await expect(dialog.getByRole('checkbox', { name: 'House' })).not.toBeChecked();
  await dialog.getByRole('button', { name: 'Show homes' }).click();
  await expectCards(page, all);
  expect(param(page, 'types')).toBeNull();
});

test('the sort reorders the results and survives reload and Back', async ({ page }) => {
  await page.goto('/');
  const recommended = await expectedIds(page.request, '');
  await expectCards(page, recommended);

  await page.getByLabel('Sort by').selectOption('price_asc');
  await expect(page).toHaveURL(/sort=price_asc/);
  const cheapest = await expectedIds(page.request, 'sort=price_asc');
  expect(cheapest).not.toEqual(recommended);
  await expectCards(page, cheapest);

  // 'Show more' continues the same order from the sort cursor.
  const twoPages = await expectedIds(page.request, 'sort=price_asc&limit=24');
  await page.getByRole('button', { name: 'Show more properties' }).click();
  await expectCards(page, twoPages);

  await page.getByLabel('Sort by').selectOption('rating');
  await expectCards(page, await expectedIds(page.request, 'sort=rating'));
  await page.reload();
  await expect(page.getByLabel('Sort by')).toHaveValue('rating');
  await expectCards(page, await expectedIds(page.request, 'sort=rating'));
  await page.goBack();
  await expect(page.getByLabel('Sort by')).toHaveValue('price_asc');
  await expectCards(page, cheapest);
});

test('the map view searches the visible area as the map moves, and the area survives reload and Back', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Show map' }).click();
  await expect(page).toHaveURL(/view=map/);
  const map = page.locator('.results-map');
  await expect(map).toBeVisible();
  // Prices on the markers (tiles never load offline; the markers do).
  await expect(map.getByTestId('price-marker').first()).toBeVisible();
  await expect(page.getByTestId('map-unavailable')).toContainText('every home is in the list');

  await page.getByRole('checkbox', { name: 'Search as I move the map' }).check();
  await expect(page).toHaveURL(/bounds=/);
  const wide = param(page, 'bounds') ?? '';
  const inWide = await expectedIds(page.request, `bounds=${wide}`);
  await expectCards(page, inWide);

  // Zooming in twice on the centre narrows the area: the URL and the results follow.
  await map.getByRole('button', { name: 'Zoom in' }).click();
  await expect.poll(() => param(page, 'bounds')).not.toBe(wide);
  const once = param(page, 'bounds');
  await map.getByRole('button', { name: 'Zoom in' }).click();
  await expect.poll(() => param(page, 'bounds')).not.toBe(once);
  const settled = param(page, 'bounds');
  const inNarrow = await expectedIds(page.request, `bounds=${settled ?? ''}`);
  expect(inNarrow).not.toEqual(inWide);
  await expectCards(page, inNarrow);

  await page.reload();
  expect(param(page, 'bounds')).toBe(settled);
  await expect(page.getByRole('checkbox', { name: 'Search as I move the map' })).toBeChecked();
  await expectCards(page, inNarrow);
  // Reload fitted the map to the saved area without writing a new one.
  expect(param(page, 'bounds')).toBe(settled);

  await page.goBack();
  await expect.poll(() => param(page, 'bounds')).toBe(once);
  await expectCards(page, await expectedIds(page.request, `bounds=${once ?? ''}`));

  // Turning the box off searches everywhere again.
  await page.getByRole('checkbox', { name: 'Search as I move the map' }).uncheck();
  await expect(page).not.toHaveURL(/bounds=/);
  await expectCards(page, await expectedIds(page.request, ''));
});

// One load: each state is scanned in light, then in dark (colours only), following the OS preference.
test('the filters dialog and the map view have no serious axe violations, light and dark', async ({
  page,
}) => {
  await page.goto('/?view=map&types=cabin');
  await expect(page.getByTestId('price-marker').first()).toBeVisible();
  await expectNoSeriousA11yViolationsInBothSchemes(page, 'home map view', {
    exclude: ['.leaflet-tile-pane'],
  });
  await page.getByRole('button', { name: /^Filters/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Filters' });
  await expect(dialog.getByRole('checkbox', { name: 'Cabin' })).toBeChecked();
  await expectNoSeriousA11yViolationsInBothSchemes(page, 'filters dialog', { include: '[role="dialog"]' });

  // Keyboard: the dialog is reachable and closes with Escape, focus returning to the button.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: /^Filters/ })).toBeFocused();
});
