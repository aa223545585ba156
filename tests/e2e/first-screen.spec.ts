import type { Browser, Locator, Page } from '@playwright/test';
import { addDays, todayIso } from '../../src/shared/dates.ts';
import { expect, test } from './fixtures.ts';

/*
 * The first screen the server writes into the page is the app's own render (docs/decisions.md#first-response):
 * read before the app's code runs, it holds the app's components (their test ids and text) and lays them out
 * where the app, once started, lays them out on the same phone.
 */

const PHONE = { width: 412, height: 823 };

interface TListing {
  id: number;
  title: string;
}

async function firstListing(page: Page): Promise<TListing> {
  const res = await page.request.get('/api/search/properties');
  expect(res.ok()).toBe(true);
  const { items } = (await res.json()) as { items: TListing[] };
  const first = items[0];
  if (!first) throw new Error('no listing to show');
  return first;
}

/** The page as the server sent it, painted on a phone whose app code never arrives (its inline scripts run). */
async function serverFirstScreen(browser: Browser, baseURL: string | undefined, path: string) {
  const context = await browser.newContext({ baseURL, viewport: PHONE });
  await context.route(/\/assets\/.*\.js$/, (route) => route.abort());
  const page = await context.newPage();
  await page.goto(path);
  const screen = page.locator('#root > [data-first-screen]');
  // Inert: nothing in it takes focus or reaches assistive technology until the app replaces it.
  await expect(screen).toHaveAttribute('inert', '');
  return { page, screen, close: () => context.close() };
}

/** The app's own page on the same phone, once its render has replaced the server's. */
async function appPage(page: Page, path: string): Promise<Page> {
  await page.setViewportSize(PHONE);
  await page.goto(path);
  await expect(page.locator('[data-first-screen]')).toHaveCount(0);
  return page;
}

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not laid out');
  return { x: Math.round(b.x), y: Math.round(b.y), width: Math.round(b.width), height: Math.round(b.height) };
}

/** The preloaded photo is the one the first screen shows, at high priority, and it has painted. */
async function expectPreloadedPhoto(page: Page, img: Locator): Promise<void> {
  await expect(img).toHaveAttribute('fetchpriority', 'high');
  const preload = page.locator('link[rel="preload"][as="image"]');
  await expect(img).toHaveAttribute('src', (await preload.getAttribute('href')) ?? '');
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0))
    .toBe(true);
}

test.describe("the server's first screen is the app's render", () => {
  test('a listing: its title and gallery, where the app puts them', async ({ browser, baseURL, page }) => {
    const listing = await firstListing(page);
    const path = `/property/${listing.id}`;
    const server = await serverFirstScreen(browser, baseURL, path);
    const title = server.screen.getByTestId('property-page').getByRole('heading', { level: 1 });
    await expect(title).toHaveText(listing.title);
    const photo = server.screen.getByTestId('gallery').locator('img').first();
    await expectPreloadedPhoto(server.page, photo);
    const serverBoxes = [await box(title), await box(photo)];
    // Below the gallery on every layout: left to the app.
    await expect(server.screen.getByTestId('site-footer')).toHaveCount(0);
    await server.close();

    await appPage(page, path);
    const appTitle = page.getByTestId('property-page').getByRole('heading', { level: 1 });
    await expect(appTitle).toHaveText(listing.title);
    expect([await box(appTitle), await box(page.getByTestId('gallery').locator('img').first())]).toEqual(
      serverBoxes,
    );
  });

  test("the home: the grid's first cards, the first photo preloaded, where the app puts them", async ({
    browser,
    baseURL,
    page,
  }) => {
    const listing = await firstListing(page);
    const server = await serverFirstScreen(browser, baseURL, '/');
    const cards = server.screen.getByTestId('property-card');
    await expect(cards.first().getByTestId('card-title')).toHaveText(listing.title);
    // The first card only, and its photo the only one fetched at once: the category icons wait for layout.
    await expect(cards).toHaveCount(1);
    await expectPreloadedPhoto(server.page, cards.first().locator('img'));
    for (const loading of await server.screen
      .locator('img:not([fetchpriority="high"])')
      .evaluateAll((imgs) => imgs.map((img) => img.getAttribute('loading'))))
      expect(loading).toBe('lazy');
    const serverBox = await box(cards.first().locator('img'));
    await server.close();

    await appPage(page, '/');
    const first = page.getByTestId('property-card').first();
    await expect(first.getByTestId('card-title')).toHaveText(listing.title);
    expect(await box(first.locator('img'))).toEqual(serverBox);
  });

  test('the checkout: "Confirm and pay" and the home\'s summary with its photo', async ({
    browser,
    baseURL,
    page,
  }) => {
    const listing = await firstListing(page);
    const checkIn = addDays(todayIso(), 200);
    const path = `/book/${listing.id}?checkIn=${checkIn}&checkOut=${addDays(checkIn, 3)}&adults=2`;
    const server = await serverFirstScreen(browser, baseURL, path);
    const checkout = server.screen.getByTestId('checkout-page');
    await expect(checkout.getByRole('heading', { level: 1 })).toHaveText(
      /^(Confirm and pay|Request to book)$/,
    );
    const summary = checkout.getByTestId('checkout-summary');
    await expect(summary.getByTestId('checkout-home')).toHaveText(listing.title);
    const photo = summary.locator('img');
    await expectPreloadedPhoto(server.page, photo);
    const serverBoxes = [await box(checkout.getByRole('heading', { level: 1 })), await box(photo)];
    await server.close();

    await appPage(page, path);
    const app = page.getByTestId('checkout-page');
    await expect(app.getByTestId('checkout-home')).toHaveText(listing.title);
    expect([
      await box(app.getByRole('heading', { level: 1 })),
      await box(app.getByTestId('checkout-summary').locator('img')),
    ]).toEqual(serverBoxes);
  });
});

test("a listing fetches the date pickers' files while idle, and runs them only when the guest taps a date, from the cache", async ({
  browser,
  baseURL,
}) => {
  // A first visit: a context of its own, since the tests' shared one may hold the pickers already.
  const context = await browser.newContext({ baseURL, viewport: PHONE });
  const page = await context.newPage();
  const { id } = await firstListing(page);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const served = new Map<string, { prefetchCache: boolean; diskCache: boolean }[]>();
  cdp.on('Network.responseReceived', (e) => {
    const file = new URL(e.response.url).pathname;
    served.set(file, [
      ...(served.get(file) ?? []),
      { prefetchCache: Boolean(e.response.fromPrefetchCache), diskCache: Boolean(e.response.fromDiskCache) },
    ]);
  });
  await page.goto(`/property/${id}`);
  const named = await page.locator('meta[name="stayhub:later-code"]').getAttribute('content');
  const files = (named ?? '').split(' ');
  expect(files.some((f) => /stay-date-pickers-.*\.js$/.test(f))).toBe(true);
  // Fetched into the cache a little after the page settles, a few at a time while idle...
  // (those the page already loaded for itself are not asked for again).
  await expect
    .poll(
      () => page.evaluate((all) => all.filter((f) => !document.querySelector(`link[href$="${f}"]`)), files),
      {
        timeout: 15_000,
      },
    )
    .toEqual([]);
  await expect(page.locator('link[rel="prefetch"]').first()).toBeAttached();
  await expect.poll(() => files.filter((f) => !served.has(f))).toEqual([]);
  // ...but not run: their stylesheet is not applied and the calendars are not on the page.
  const css = files.filter((f) => f.endsWith('.css'));
  for (const f of css) await expect(page.locator(`link[rel="stylesheet"][href$="${f}"]`)).toHaveCount(0);
  await page.getByTestId('check-in-input').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  for (const f of css) await expect(page.locator(`link[rel="stylesheet"][href$="${f}"]`)).toHaveCount(1);
  // The tap's requests for them came from the cache the idle fetch filled.
  const picker = files.find((f) => /stay-date-pickers-.*\.js$/.test(f)) ?? '';
  expect(served.get(picker)?.slice(1)).toEqual([expect.objectContaining({ diskCache: true })]);
  await context.close();
});
