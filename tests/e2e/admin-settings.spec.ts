import type { APIRequestContext, Page } from '@playwright/test';
import { MIN_NIGHTS_ABOVE_MAX } from '../../src/shared/messages.ts';
import type { TSettings } from '../../src/shared/schemas/settings.ts';
import { expect, expectToast, test } from './fixtures.ts';
import { expectNoSeriousA11yViolationsInBothSchemes } from './support/a11y.ts';

/** Settings as the admin: every test puts back what it changes (other specs share the server). */

async function readSettings(request: APIRequestContext): Promise<TSettings> {
  const res = await request.get('/api/settings');
  expect(res.ok()).toBe(true);
  return (await res.json()) as TSettings;
}

async function putSettings(request: APIRequestContext, settings: TSettings): Promise<void> {
  const res = await request.put('/api/settings', { data: settings });
  expect(res.ok(), await res.text()).toBe(true);
}

async function openSettings(page: Page, tab?: string): Promise<void> {
  await page.goto('/admin/settings');
  await expect(page.getByRole('heading', { name: 'Settings', exact: true })).toBeVisible();
  if (tab) await page.getByRole('tab', { name: tab }).click();
}

test('a category created while the Settings draft has unsaved changes leaves the settings untouched', async ({
  asAdmin: page,
}) => {
  const before = await readSettings(page.request);
  const procedures: string[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.pathname.startsWith('/trpc/')) procedures.push(...url.pathname.slice(6).split(','));
  });
  await openSettings(page);
  // A valid draft and an invalid one: neither may be saved, nor may the page jump to its errors.
  await page.getByLabel('Site Name').fill('Draft Site Name');
  await page.getByRole('tab', { name: 'Business' }).click();
  await page.getByLabel('Phone Number').fill('123');
  await page.getByRole('tab', { name: 'Categories' }).click();

  const name = `E2E Draft ${Date.now() % 100000}`;
  await page.getByRole('button', { name: 'Add Category' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Category' });
  await dialog.getByLabel('Category Name').fill(name);
  // Enter in the field submits the dialog's form (the path that bubbled into Settings before).
  await dialog.getByLabel('Category Name').press('Enter');
  await expectToast(page, 'Category created', `${name} has been added successfully.`);
  await expect(page.getByTestId('category-row').filter({ hasText: name })).toBeVisible();

  await expect(page.getByRole('tab', { name: 'Categories' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('Settings saved')).toHaveCount(0);
  expect(procedures).toContain('categories.create');
  expect(procedures).not.toContain('settings.update');
  expect(await readSettings(page.request)).toEqual(before);

  // The draft is still there, unsaved.
  await page.getByRole('tab', { name: 'General' }).click();
  await expect(page.getByLabel('Site Name')).toHaveValue('Draft Site Name');

  const list = (await (await page.request.get('/api/categories')).json()) as { id: number; name: string }[];
  const created = list.find((c) => c.name === name);
  if (created) await page.request.delete(`/api/categories/${created.id}`);
});

test('min nights above max nights is refused on the form and by the server', async ({ asAdmin: page }) => {
  const before = await readSettings(page.request);
  const res = await page.request.put('/api/settings', {
    data: { ...before, minNightsDefault: 10, maxNightsDefault: 3 },
  });
  expect(res.status()).toBe(400);
  expect(await res.text()).toContain(MIN_NIGHTS_ABOVE_MAX);

  await openSettings(page, 'Booking');
  await page.getByLabel('Default Min Nights').fill('10');
  await page.getByLabel('Default Max Nights').fill('3');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText(MIN_NIGHTS_ABOVE_MAX)).toBeVisible();
  expect(await readSettings(page.request)).toEqual(before);
});

test('leaving Settings with unsaved edits asks first', async ({ asAdmin: page }) => {
  const before = await readSettings(page.request);
  await openSettings(page);
  await page.getByLabel('Site Name').fill('Unsaved Name');
  await page.getByRole('link', { name: 'Listings' }).click();
  const ask = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Keep editing' }).click();
  await expect(page).toHaveURL(/\/admin\/settings$/);
  await expect(page.getByLabel('Site Name')).toHaveValue('Unsaved Name');

  await page.getByRole('link', { name: 'Listings' }).click();
  await page
    .getByRole('dialog', { name: 'Discard unsaved changes?' })
    .getByRole('button', { name: 'Discard changes' })
    .click();
  await expect(page).toHaveURL(/\/admin\/listings$/);
  expect(await readSettings(page.request)).toEqual(before);

  // Nothing changed: no question.
  await openSettings(page);
  await page.getByRole('link', { name: 'Listings' }).click();
  await expect(page).toHaveURL(/\/admin\/listings$/);
});

test('Default Max Guests prefills a new home and Primary Currency is the visitors’ default', async ({
  asAdmin: page,
  browser,
}) => {
  const before = await readSettings(page.request);
  try {
    await putSettings(page.request, { ...before, maxGuestsDefault: 6, currency: 'PKR' });
    await page.goto('/admin/listings');
    await page.getByRole('button', { name: 'Add New Property' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Property' });
    await expect(dialog.getByLabel('Max guests', { exact: true })).toHaveValue('6');

    // A fresh visitor (no stored choice) sees PKR; one who chose USD keeps USD.
    const visitor = await browser.newContext();
    const guest = await visitor.newPage();
    await guest.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)[^/]+\//, (r) => r.abort());
    await guest.goto(new URL('/', page.url()).toString());
    await expect(guest.getByTestId('property-card').first()).toContainText(/Rs|PKR/);
    await guest.evaluate(() => localStorage.setItem('stayhub.currency', 'USD'));
    await guest.reload();
    await expect(guest.getByTestId('property-card').first()).toContainText('$');
    await expect(guest.getByTestId('property-card').first()).not.toContainText(/Rs|PKR/);
    await visitor.close();
  } finally {
    await putSettings(page.request, before);
  }
});

test('the Integrations status never claims a connection it has not seen', async ({ asAdmin: page }) => {
  await openSettings(page, 'Integrations');
  const status = page.getByTestId('api-status');
  // The rate services are cut off in the tests: the box says so.
  await expect(status).toContainText('Unreachable');
  // No SMTP_URL in the tests: the server reports local delivery (docs/features.md#emails).
  await expect(status).toContainText('Local delivery');
  await expect(status.getByText('Connected', { exact: true })).toHaveCount(0);
});

test('Settings tabs and the category dialog have no serious axe violations, light and dark', async ({
  asAdmin: page,
}) => {
  // Fourteen axe runs on a shared, busy machine.
  test.setTimeout(180_000);
  // One load; the tabs switch in place, as an admin goes through them.
  await openSettings(page);
  for (const tab of ['General', 'Business', 'Booking', 'Financial', 'Categories', 'Integrations']) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel', { name: tab })).toBeVisible();
    await expectNoSeriousA11yViolationsInBothSchemes(page, `settings ${tab}`);
  }
  await page.getByRole('tab', { name: 'Categories' }).click();
  await page.getByRole('button', { name: 'Add Category' }).click();
  await expect(page.getByRole('dialog', { name: 'Create Category' })).toBeVisible();
  await expectNoSeriousA11yViolationsInBothSchemes(page, 'category dialog');
});
