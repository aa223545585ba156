import type { APIRequestContext } from '@playwright/test';
import {
  documentTitle,
  NOT_FOUND_TITLE,
  PAGE_ROUTES,
  type TPagePath,
} from '../../src/shared/route-manifest.ts';
import type { TSettings } from '../../src/shared/schemas/settings.ts';
import { expect, test } from './fixtures.ts';

/** The document title the app keeps after it has loaded, from the route manifest and Settings' site name. */

const titleOf = (path: TPagePath) => PAGE_ROUTES.find((r) => r.path === path)?.title ?? '';

async function readSettings(request: APIRequestContext): Promise<TSettings> {
  const res = await request.get('/api/settings');
  expect(res.ok()).toBe(true);
  return (await res.json()) as TSettings;
}

test('after the app loads, each page it shows is titled with its name and the site name', async ({
  page,
}) => {
  const config = (await (await page.request.get('/api/config')).json()) as { settings: { siteName: string } };
  const site = config.settings.siteName;
  await page.goto('/');
  await expect(page).toHaveTitle(documentTitle(titleOf('/'), site));

  // Each step below is the app's own navigation: only the client sets these titles.
  const footer = page.getByTestId('site-footer');
  await footer.getByRole('link', { name: 'Help Center' }).click();
  await expect(page).toHaveURL(/\/help$/);
  await expect(page).toHaveTitle(documentTitle(titleOf('/help'), site));
  await footer.getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveTitle(documentTitle(titleOf('/privacy'), site));

  await page.getByTestId('logo').click();
  const card = page.getByTestId('property-card').first();
  await card.click();
  await expect(page).toHaveURL(/\/property\/\d+/);
  const id = Number(/\/property\/(\d+)/.exec(page.url())?.[1]);
  const property = (await (await page.request.get(`/api/properties/${id}`)).json()) as { title: string };
  // The property's own name, once the page has it.
  await expect(page).toHaveTitle(documentTitle(property.title, site));

  await page.evaluate(() => {
    window.history.pushState({}, '', '/no-such-page');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByText('404 Page Not Found')).toBeVisible();
  await expect(page).toHaveTitle(documentTitle(NOT_FOUND_TITLE, site));
});

test('the title follows a new site name as soon as Settings are saved', async ({ asAdmin: page }) => {
  const before = await readSettings(page.request);
  const renamed = `Title Test ${Date.now() % 100000}`;
  try {
    await page.goto('/admin/settings');
    await expect(page.getByRole('heading', { name: 'Settings', exact: true })).toBeVisible();
    await expect(page).toHaveTitle(documentTitle(titleOf('/admin/settings'), before.siteName));

    await page.getByLabel('Site Name').fill(renamed);
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(page.getByText('Settings saved').first()).toBeVisible();
    // No reload: the saved settings reach the title on the page already open.
    await expect(page).toHaveTitle(documentTitle(titleOf('/admin/settings'), renamed));

    await page.getByRole('link', { name: 'Listings' }).click();
    await expect(page).toHaveURL(/\/admin\/listings$/);
    await expect(page).toHaveTitle(documentTitle(titleOf('/admin/listings'), renamed));
  } finally {
    // Other specs share this server.
    const res = await page.request.put('/api/settings', { data: before });
    expect(res.ok(), await res.text()).toBe(true);
  }
});
