import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { addDays, todayIso } from '../../src/shared/dates.ts';
import type { TProperty, TPropertyDeleteImpact } from '../../src/shared/schemas/property.ts';
import { expect, expectToast, test } from './fixtures.ts';
import { quotedTotal } from './support/stay.ts';
import { expectNoSeriousA11yViolations, expectNoSeriousA11yViolationsInBothSchemes } from './support/a11y.ts';

/** Listings and category icons as the admin; each test restores what it changes. */

async function json<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(path);
  expect(res.ok(), `${path}: ${res.status()}`).toBe(true);
  return (await res.json()) as T;
}

/** Books a free 2-night stay far ahead on `property` (a guest booking through the public REST path). */
async function bookAhead(request: APIRequestContext, property: TProperty): Promise<number> {
  for (let start = 200; start < 360; start += 3) {
    const checkIn = addDays(todayIso(), start);
    const checkOut = addDays(checkIn, 2);
    const res = await request.post('/api/bookings', {
      data: {
        propertyId: property.id,
        checkIn,
        checkOut,
        guests: 1,
        totalPrice: quotedTotal(property.price, checkIn, checkOut, 17),
        contactInfo: {
          name: 'Ada Archive',
          email: 'ada@example.com',
          phone: '+1 555 0100',
          country: 'Canada',
        },
      },
    });
    if (res.status() === 409) continue;
    expect(res.ok(), await res.text()).toBe(true);
    return ((await res.json()) as { id: number }).id;
  }
  throw new Error('no free window');
}

test('deleting a home with a booking says it is archived, and Archived restores it', async ({
  asAdmin: page,
}) => {
  const all = await json<TProperty[]>(page.request, '/api/properties');
  const home = all[all.length - 3];
  if (!home) throw new Error('too few demo homes');
  const bookingId = await bookAhead(page.request, home);
  const impact = await json<TPropertyDeleteImpact>(page.request, `/api/properties/${home.id}/delete-impact`);
  expect(impact.willArchive).toBe(true);
  expect(impact.upcoming).toBeGreaterThanOrEqual(1);

  try {
    await page.goto('/admin/listings');
    await page.getByRole('button', { name: `Delete ${home.title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Archive property' });
    await expect(dialog).toContainText(`${impact.upcoming} of them upcoming`);
    await expect(dialog).toContainText('It will be archived, not deleted');
    await expect(dialog).not.toContainText('cannot be undone');
    // The dialog alone: the listings behind it are scanned in the axe test below.
    await expectNoSeriousA11yViolations(page, 'archive dialog', { include: '[role="dialog"]' });
    await dialog.getByRole('button', { name: 'Archive' }).click();
    await expectToast(page, 'Property archived', `${home.title} has been archived`);
    await expect(page.getByTestId('listing-row').filter({ hasText: home.title })).toHaveCount(0);
    expect((await page.request.get(`/api/properties/${home.id}`)).status()).toBe(404);

    await page.getByText('Archived', { exact: true }).click();
    await expect(page).toHaveURL(/status=archived/);
    const row = page.getByTestId('listing-row').filter({ hasText: home.title });
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: `Restore ${home.title}` }).click();
    await expectToast(page, 'Property restored', `${home.title} is back in your listings.`);
    await expect(row).toHaveCount(0);
    expect((await page.request.get(`/api/properties/${home.id}`)).status()).toBe(200);
  } finally {
    await page.request.post(`/api/properties/${home.id}/restore`);
    await page.request.put(`/api/bookings/${bookingId}/status`, { data: { status: 'cancelled' } });
  }
});

test('Escape on the property dialog with unsaved edits asks before discarding them', async ({
  asAdmin: page,
}) => {
  await page.goto('/admin/listings');
  await page.getByRole('button', { name: 'Add New Property' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Property' });
  // The form's code loads on the first open: Escape goes to the dialog once it is there.
  await expect(dialog).toBeVisible();
  // Nothing typed: Escape just closes.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Add New Property' }).click();
  await dialog.getByLabel('Title').fill('Half-typed home');
  // The sticky footer keeps Save in view without scrolling the long form.
  await expect(dialog.getByRole('button', { name: 'Create Property' })).toBeInViewport();
  await page.keyboard.press('Escape');
  const ask = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Keep editing' }).click();
  await expect(dialog.getByLabel('Title')).toHaveValue('Half-typed home');

  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page
    .getByRole('dialog', { name: 'Discard unsaved changes?' })
    .getByRole('button', { name: 'Discard changes' })
    .click();
  await expect(dialog).toBeHidden();
});

test('an uploaded category icon shows on the home page', async ({ asAdmin: page }) => {
  const name = `E2E Icon ${Date.now() % 100000}`;
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#1e88e5' } })
    .png()
    .toBuffer();
  await page.goto('/admin/settings');
  await page.getByRole('tab', { name: 'Categories' }).click();
  await page.getByRole('button', { name: 'Add Category' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Category' });
  await dialog.getByLabel('Category Name').fill(name);
  await dialog.getByTestId('image-upload-input-single').setInputFiles({
    name: 'icon.png',
    mimeType: 'image/png',
    buffer: png,
  });
  await expect(dialog.getByText('Uploaded image selected.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expectToast(page, 'Category created');

  const list = await json<{ id: number; name: string; icon: string }[]>(page.request, '/api/categories');
  const created = list.find((c) => c.name === name);
  try {
    // Stored through the media pipeline: a /media URL, never a data URL.
    expect(created?.icon).toMatch(/^\/media\//);
    await page.goto('/');
    const img = page.getByTestId('category').filter({ hasText: name }).locator('img');
    await expect(img).toHaveAttribute('src', created?.icon ?? '');
    await expect
      .poll(() =>
        img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth),
      )
      .toBeGreaterThan(0);
  } finally {
    if (created) await page.request.delete(`/api/categories/${created.id}`);
  }
});

test('an https icon URL is accepted and anything else is refused with the rule', async ({
  asAdmin: page,
}) => {
  const ok = await page.request.post('/api/categories', {
    data: { name: `E2E Https ${Date.now() % 100000}`, icon: 'https://icons.example.com/a.svg', active: true },
  });
  expect(ok.ok(), await ok.text()).toBe(true);
  await page.request.delete(`/api/categories/${((await ok.json()) as { id: number }).id}`);
  const bad = await page.request.post('/api/categories', {
    data: { name: 'E2E Bad icon', icon: 'javascript:alert(1)', active: true },
  });
  expect(bad.status()).toBe(400);
  expect(await bad.text()).toContain('Icon must be an https:// image URL');
  const csp = (await page.request.get('/')).headers()['content-security-policy'] ?? '';
  expect(csp).toMatch(/img-src [^;]*https:(\s|;|$)/);
});

test('Listings, its Archived view and the property dialog have no serious axe violations, light and dark', async ({
  asAdmin: page,
}) => {
  // Six axe runs on long pages, on a shared, busy machine.
  test.setTimeout(180_000);
  await page.goto('/admin/listings');
  await expect(page.getByTestId('listing-row').first()).toBeVisible();
  await expectNoSeriousA11yViolationsInBothSchemes(page, 'listings');
  // Archived through its filter, as an admin gets there: the page is not loaded again.
  await page.getByText('Archived', { exact: true }).click();
  await expect(page).toHaveURL(/status=archived/);
  await expect(page.getByTestId('listings-table')).toBeVisible();
  // The active rows (with Edit) have given way to the archived ones, or to the empty table.
  await expect(page.getByTestId('listing-skeleton-row')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Edit / })).toHaveCount(0);
  await expectNoSeriousA11yViolationsInBothSchemes(page, 'archived listings');
  await page.getByRole('button', { name: 'Add New Property' }).click();
  await expect(page.getByRole('dialog', { name: 'Add New Property' })).toBeVisible();
  // The dialog alone: the page behind it was scanned just above.
  await expectNoSeriousA11yViolationsInBothSchemes(page, 'property dialog', {
    include: '[role="dialog"]',
    exclude: ['.leaflet-container'],
  });
});

test('photos reorder by keyboard and the first one is the cover', async ({ asAdmin: page }) => {
  const files = await Promise.all(
    ['#c62828', '#2e7d32', '#1565c0'].map(async (background, i) => ({
      name: `p${i}.png`,
      mimeType: 'image/png',
      buffer: await sharp({ create: { width: 120, height: 90, channels: 3, background } })
        .png()
        .toBuffer(),
    })),
  );
  await page.goto('/admin/listings');
  await page.getByRole('button', { name: 'Add New Property' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Property' });
  await dialog.getByTestId('image-upload-input').setInputFiles(files);
  await expect(dialog.getByTestId('image-item')).toHaveCount(3);
  const srcOf = (i: number) =>
    dialog.getByRole('img', { name: `Image ${i}`, exact: true }).getAttribute('src');
  const [first, second] = [await srcOf(1), await srcOf(2)];
  await dialog.getByRole('button', { name: 'Move image 2 earlier' }).focus();
  await page.keyboard.press('Enter');
  expect(await srcOf(1)).toBe(second);
  expect(await srcOf(2)).toBe(first);
  await expect(dialog.getByTestId('image-item').first()).toContainText('Cover');
  await expect(dialog.getByRole('button', { name: 'Move image 1 earlier' })).toBeDisabled();
});

/**
 * Noise photos, which no encoder can shrink: 1920 × 1600 keeps its size through the browser's own
 * compression (longest side 1920, JPEG 0.85), about 2 MB each. Written to a temp folder, as an admin's
 * files would be on disk.
 */
async function noisePhotos(dir: string, count: number, prefix: string): Promise<string[]> {
  const [width, height] = [1920, 1600];
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const file = path.join(dir, `${prefix}-${i}.${i % 2 ? 'png' : 'jpg'}`);
      const img = sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } });
      await (i % 2 ? img.png({ compressionLevel: 1 }) : img.jpeg({ quality: 92 })).toFile(file);
      return file;
    }),
  );
}

test('a selection that would take the new photos past 19 MB in all is refused when chosen', async ({
  asAdmin: page,
}) => {
  // Eleven 3-megapixel photos compressed in the browser, twice over: slow on a shared machine.
  test.setTimeout(180_000);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'stayhub-photos-'));
  const saves: string[] = [];
  page.on('request', (req) => {
    if (req.method() !== 'GET' && req.url().includes('/api/properties')) saves.push(req.url());
  });
  try {
    const [first, second] = [await noisePhotos(dir, 7, 'a'), await noisePhotos(dir, 4, 'b')];
    await page.goto('/admin/listings');
    await page.getByRole('button', { name: 'Add New Property' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Property' });
    const held = dialog.getByTestId('image-bytes');
    await expect(held).toHaveText('New images: 0.00 MB of 19.00 MB');

    await dialog.getByTestId('image-upload-input').setInputFiles(first);
    await expect(dialog.getByTestId('image-item')).toHaveCount(7, { timeout: 60_000 });
    const heldText = (await held.textContent()) ?? '';
    const heldMb = Number(/New images: (\d+\.\d+) MB of 19\.00 MB/.exec(heldText)?.[1]);
    // Large enough that four more cannot fit, small enough that the seven do.
    expect(heldMb).toBeGreaterThan(7 * 1.6);
    expect(heldMb).toBeLessThan(19);

    await dialog.getByTestId('image-upload-input').setInputFiles(second);
    const refusal = dialog.getByTestId('image-upload-errors');
    await expect(refusal).toHaveText(
      /^Total image size \((\d+\.\d+) MB\) exceeds server limit\. Try fewer or smaller images\.$/,
      { timeout: 60_000 },
    );
    const totalMb = Number(/\((\d+\.\d+) MB\)/.exec((await refusal.textContent()) ?? '')?.[1]);
    expect(totalMb).toBeGreaterThan(19);
    expect(totalMb).toBeGreaterThan(heldMb);
    // Nothing of the refused selection was added, and nothing was sent.
    await expect(dialog.getByTestId('image-item')).toHaveCount(7);
    await expect(held).toHaveText(heldText);
    expect(saves).toEqual([]);
    await expectNoSeriousA11yViolations(page, 'property dialog, images refused', {
      include: '[role="dialog"]',
      exclude: ['.leaflet-container'],
    });
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
});

test('search, filter and sort of the listings are in the URL and survive a reload', async ({
  asAdmin: page,
}) => {
  const all = await json<TProperty[]>(page.request, '/api/properties');
  const home = all.find((p) => p.location.includes(','));
  if (!home) throw new Error('no demo home with a city');
  const city = home.location.split(',')[0]!.trim();
  const expected = all
    .filter((p) => p.location.toLowerCase().startsWith(`${city.toLowerCase()},`) || p.location === city)
    .filter((p) => p.propertyType === home.propertyType)
    .sort((a, b) => b.price - a.price || b.id - a.id)
    .map((p) => p.title);

  await page.goto('/admin/listings');
  await expect(page.getByTestId('listing-row').first()).toBeVisible();
  await page.getByRole('textbox', { name: 'City' }).fill(city);
  await page.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: new RegExp(`^${home.propertyType}$`, 'i') }).click();
  await page.getByRole('button', { name: 'Price' }).click();
  await page.getByRole('button', { name: 'Price' }).click();
  await expect(page).toHaveURL(/sort=price/);
  await expect(page).toHaveURL(/dir=desc/);
  await expect(page).toHaveURL(new RegExp(`city=${encodeURIComponent(city).replace(/%20/g, '(%20|\\+)')}`));
  await expect(page).toHaveURL(new RegExp(`type=${home.propertyType}`));
  // After the selection checkbox and the ID.
  const titles = page.getByTestId('listing-row').locator('td:nth-child(3)');
  await expect(titles).toHaveText(expected);
  await expect(page.getByRole('columnheader', { name: 'Price' })).toHaveAttribute('aria-sort', 'descending');

  await page.reload();
  await expect(titles).toHaveText(expected);
  await expect(page.getByRole('textbox', { name: 'City' })).toHaveValue(city);
  await expect(page.getByRole('columnheader', { name: 'Price' })).toHaveAttribute('aria-sort', 'descending');
  const thumb = page.getByTestId('listing-thumbnail').first();
  await expect(thumb).toHaveAttribute('loading', 'lazy');
  await expect(thumb).toHaveAttribute('alt', `Photo of ${expected[0]}`);
  await expect(thumb).toHaveAttribute('src', /-400\.webp$|fallback/);

  // A title search narrows to that home.
  await page.getByRole('searchbox', { name: 'Search' }).fill(home.title);
  await expect(page).toHaveURL(/q=/);
  await expect(titles).toContainText([home.title]);
  await expectNoSeriousA11yViolations(page, 'filtered listings');
});

test('duplicating a listing opens the copy in the edit dialog, with the same photos', async ({
  asAdmin: page,
}) => {
  const all = await json<TProperty[]>(page.request, '/api/properties');
  const source = all[0];
  if (!source) throw new Error('no demo home');
  let copyId: number | null = null;
  try {
    await page.goto(`/admin/listings?q=${encodeURIComponent(source.title)}`);
    await page
      .getByRole('button', { name: `Duplicate ${source.title}` })
      .first()
      .click();
    await expectToast(page, 'Property duplicated', `${source.title} (copy) has been added to your listings.`);
    const dialog = page.getByRole('dialog', { name: 'Edit Property' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Title')).toHaveValue(`${source.title} (copy)`);
    const after = await json<TProperty[]>(page.request, '/api/properties');
    const copy = after.find((p) => p.title === `${source.title} (copy)`);
    expect(copy).toBeDefined();
    copyId = copy!.id;
    expect(copy!.images).toEqual(source.images);
    expect(copy!.categories).toEqual(source.categories);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByTestId('listing-row').filter({ hasText: `${source.title} (copy)` })).toHaveCount(
      1,
    );
  } finally {
    if (copyId !== null) await page.request.delete(`/api/properties/${copyId}`);
  }
});

test('bulk archive and restore: rows chosen by keyboard, a confirm step, one call for all', async ({
  asAdmin: page,
}) => {
  const all = await json<TProperty[]>(page.request, '/api/properties');
  const source = all[0];
  if (!source) throw new Error('no demo home');
  // Two homes of this test's own, so archiving them disturbs no other test.
  const ids: number[] = [];
  for (let i = 0; i < 2; i++) {
    const res = await page.request.post(`/api/properties/${source.id}/duplicate`, { data: {} });
    expect(res.ok()).toBe(true);
    ids.push(((await res.json()) as TProperty).id);
  }
  const title = `${source.title} (copy)`;
  const bulkCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('properties.bulkArchive')) bulkCalls.push(r.url());
  });
  try {
    await page.goto(`/admin/listings?q=${encodeURIComponent(title)}`);
    const rows = page.getByTestId('listing-row');
    await expect(rows).toHaveCount(2);
    // Keyboard only: focus each row's checkbox and tick it with Space.
    const boxes = page.getByRole('checkbox', { name: `Select ${title}` });
    for (const i of [0, 1]) {
      await boxes.nth(i).focus();
      await page.keyboard.press('Space');
      await expect(boxes.nth(i)).toBeChecked();
    }
    await expect(page.getByRole('checkbox', { name: 'Select all listings on this page' })).toBeChecked();
    const bar = page.getByTestId('listings-bulk-bar');
    await expect(bar).toContainText('2 selected');
    await bar.getByRole('button', { name: 'Archive selected' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Archive the selected listings?' });
    await expect(dialog).toContainText('2 listings leave the site and the search');
    await expectNoSeriousA11yViolations(page, 'bulk archive dialog', { include: '[role="dialog"]' });
    await dialog.getByRole('button', { name: 'Archive' }).click();
    await expectToast(page, 'Listings archived', '2 listings archived: their bookings are kept.');
    await expect(rows).toHaveCount(0);
    expect(bulkCalls).toHaveLength(1);
    const archived = await json<TProperty[]>(page.request, '/api/admin/properties/archived');
    expect(archived.map((p) => p.id)).toEqual(expect.arrayContaining(ids));

    await page.goto(`/admin/listings?status=archived&q=${encodeURIComponent(title)}`);
    await expect(rows).toHaveCount(2);
    await page.getByRole('checkbox', { name: 'Select all listings on this page' }).check();
    await page.getByTestId('listings-bulk-bar').getByRole('button', { name: 'Restore selected' }).click();
    await expectToast(page, 'Listings restored', '2 listings back in your listings.');
    await expect(rows).toHaveCount(0);
    expect(bulkCalls).toHaveLength(2);
    const active = await json<TProperty[]>(page.request, '/api/properties');
    expect(active.map((p) => p.id)).toEqual(expect.arrayContaining(ids));
  } finally {
    for (const id of ids) await page.request.delete(`/api/properties/${id}`);
  }
});
