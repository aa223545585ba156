import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { addDays, todayIso } from '../../src/shared/dates.ts';
import { expectNoSeriousA11yViolationsInBothSchemes } from './support/a11y.ts';
import { calendarOf, dayLabel, freeWindow, showMonth } from './support/stay.ts';
import { expect, test } from './fixtures.ts';

type TRange = { checkIn: string; checkOut: string };

/** A home with a booked night in the next 30 days, and that night. */
async function homeWithBookedNight(request: APIRequestContext): Promise<{ id: number; night: string }> {
  const all = (await (await request.get('/api/properties')).json()) as { id: number }[];
  const today = todayIso();
  for (const { id } of all) {
    const ranges = (await (await request.get(`/api/properties/${id}/availability`)).json()) as TRange[];
    const r = ranges.find((x) => x.checkIn > today && x.checkIn < addDays(today, 25));
    if (r) return { id, night: r.checkIn };
  }
  throw new Error('no demo home has a booking in the next weeks');
}

/** A new booking, by REST, and its manage page's path. */
async function bookedManagePath(request: APIRequestContext, propertyId: number): Promise<string> {
  const checkIn = await freeWindow(request, propertyId, 40, 3);
  const res = await request.post('/api/bookings', {
    data: {
      propertyId,
      checkIn,
      checkOut: addDays(checkIn, 3),
      guests: 2,
      contactInfo: {
        name: 'Axe Guest',
        email: 'axe-manage@example.com',
        phone: '+1 555 0100',
        country: 'Ireland',
      },
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const { manageToken } = (await res.json()) as { manageToken: string };
  return `/manage/${manageToken}`;
}

async function openCheckIn(page: Page): Promise<Locator> {
  const card = page.getByTestId('booking-card');
  // The card settles on its first free stay once availability and the quote are in: the calendar opens
  // on that check-in's month, and would jump if opened before.
  await expect(card.getByTestId('price-breakdown')).toBeVisible();
  await card.getByTestId('check-in-input').click();
  return calendarOf(page, 'check-in-input');
}

test('search dialog, property page with its calendar open and manage page: no serious axe violations, light and dark', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  // The home page as loaded is a11y-guest.spec.ts's to scan; here its search dialog.
  await page.goto('/');
  await expect(page.getByTestId('property-card').first()).toBeVisible();
  await page.getByTestId('search-bar-dates').click();
  const search = page.getByRole('dialog', { name: 'Search' });
  await expect(search.getByRole('button', { name: 'Next month' })).toBeVisible();
  await expectNoSeriousA11yViolationsInBothSchemes(page, 'search dialog, dates');
  await page.keyboard.press('Escape');

  const { id } = await homeWithBookedNight(request);
  await page.goto(`/property/${id}`);
  await openCheckIn(page);
  // The tiles never load here: the map's own message is part of the page, Leaflet's blank panes are not.
  await expectNoSeriousA11yViolationsInBothSchemes(page, 'property page with the check-in calendar open', {
    exclude: ['.leaflet-tile-pane'],
  });

  await page.goto(await bookedManagePath(request, id));
  await expect(page.getByTestId('managed-booking')).toBeVisible();
  // The trip page shows the home on the property page's map: its never-loading tiles are left out as there.
  await expectNoSeriousA11yViolationsInBothSchemes(page, 'manage page', { exclude: ['.leaflet-tile-pane'] });
});

test('the calendars show two months on desktop, and a booked night apart from a past day', async ({
  page,
  request,
}) => {
  const { id, night } = await homeWithBookedNight(request);
  await page.goto(`/property/${id}`);
  const calendar = await openCheckIn(page);
  // Two month headings, each named by its visible text (label in name).
  const headings = calendar.getByRole('button', { name: /^[A-Z][a-z]+ \d{4}$/ });
  await expect(headings).toHaveCount(2);

  // Show the booked night's month first (the calendar opens on the card's check-in, maybe months on).
  const booked = calendar.getByRole('button', { name: `${dayLabel(night)}, booked`, exact: true });
  // Either of the two months shown may hold it.
  if ((await booked.count()) === 0) await showMonth(calendar, night);
  await expect(booked).toBeDisabled();
  await expect(booked).toHaveAttribute('data-booked', 'true');
  const style = (el: Locator) =>
    el.evaluate((b) => {
      const s = getComputedStyle(b);
      return { line: s.textDecorationLine, background: s.backgroundColor };
    });
  const bookedStyle = await style(booked);
  expect(bookedStyle.line).toContain('line-through');

  // A past day looks different: yesterday (on a month's first day, the calendar cannot show it).
  const past = addDays(todayIso(), -1);
  if (past.slice(0, 7) !== todayIso().slice(0, 7)) return;
  const pastDay = calendar.getByRole('button', { name: dayLabel(past), exact: true });
  if ((await pastDay.count()) === 0) await showMonth(calendar, past);
  await expect(pastDay).toBeDisabled();
  const pastStyle = await style(pastDay);
  expect(pastStyle.line).not.toContain('line-through');
  expect(pastStyle.background).not.toBe(bookedStyle.background);
});

test('phones keep one month: the calendar fits the screen', async ({ page, request }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const { id } = await homeWithBookedNight(request);
  await page.goto(`/property/${id}`);
  const calendar = await openCheckIn(page);
  await expect(calendar.getByRole('button', { name: /^[A-Z][a-z]+ \d{4}$/ })).toHaveCount(1);
});

test('the property page saves the home with its heart and shares it', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  // This browser has no share sheet: the link is copied instead.
  await page.addInitScript(() => Object.defineProperty(navigator, 'share', { value: undefined }));
  const [first] = (await (await page.request.get('/api/properties')).json()) as {
    id: number;
    title: string;
  }[];
  if (!first) throw new Error('no listed home');
  await page.goto(`/property/${first.id}?checkIn=${addDays(todayIso(), 50)}`);

  const save = page.getByTestId('save-home');
  await expect(save).toHaveAttribute('aria-pressed', 'false');
  await expect(save).toHaveText('Save');
  await save.click();
  await expect(save).toHaveAttribute('aria-pressed', 'true');
  await expect(save).toHaveText('Saved');
  await page.goto('/saved');
  await expect(page.getByTestId('property-card').filter({ hasText: first.title })).toBeVisible();
  await page.goto(`/property/${first.id}`);
  await expect(page.getByTestId('save-home')).toHaveAttribute('aria-pressed', 'true');

  await page.getByTestId('share-home').click();
  await expect(page.locator('.mantine-Notification-root').filter({ hasText: 'Link copied' })).toBeVisible();
  // The home's own address, without the dates of whoever shares it.
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(new URL(`/property/${first.id}`, page.url()).href);
});

test('the share button opens the system share sheet where there is one', async ({ page }) => {
  await page.addInitScript(() => {
    const shared: ShareData[] = [];
    Object.defineProperty(window, '__shared', { value: shared });
    Object.defineProperty(navigator, 'share', {
      value: (data: ShareData) => {
        shared.push(data);
        return Promise.resolve();
      },
    });
  });
  const [first] = (await (await page.request.get('/api/properties')).json()) as {
    id: number;
    title: string;
  }[];
  if (!first) throw new Error('no listed home');
  await page.goto(`/property/${first.id}`);
  await page.getByTestId('share-home').click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __shared: ShareData[] }).__shared))
    .toEqual([{ title: first.title, url: new URL(`/property/${first.id}`, page.url()).href }]);
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
});

test('when the map tiles cannot load, the map says so instead of showing a grey box', async ({ page }) => {
  const [first] = (await (await page.request.get('/api/properties')).json()) as {
    id: number;
    location: string;
  }[];
  if (!first) throw new Error('no listed home');
  await page.goto(`/property/${first.id}`);
  const map = page.getByTestId('property-map');
  await map.scrollIntoViewIfNeeded();
  // The fixture cuts every third-party host, the tile service among them.
  const message = map.getByTestId('map-unavailable');
  await expect(message).toBeVisible();
  await expect(message).toContainText('The map cannot load right now');
  await expect(message).toContainText(first.location);
  await expect(message).toHaveAttribute('role', 'status');
});

test('a map whose tiles load shows no such message', async ({ page }) => {
  // One tiny PNG for every tile request: the tile service answers.
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  await page.route(/\.tile\.openstreetmap\.org\//, (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: png }),
  );
  const [first] = (await (await page.request.get('/api/properties')).json()) as { id: number }[];
  if (!first) throw new Error('no listed home');
  await page.goto(`/property/${first.id}`);
  const map = page.getByTestId('property-map');
  await map.scrollIntoViewIfNeeded();
  await expect(map.locator('.leaflet-tile-loaded').first()).toBeAttached();
  await expect(map.getByTestId('map-unavailable')).toHaveCount(0);
});

/** Distinct top edges (to the pixel) of the elements: how many rows they are laid out on. */
async function rows(locators: Locator[]): Promise<number> {
  const tops = new Set<number>();
  for (const l of locators) {
    const box = await l.boundingBox();
    if (!box) throw new Error('not laid out');
    tops.add(Math.round(box.y + box.height / 2));
  }
  // Items of one row share a centre line within a few pixels.
  const sorted = [...tops].sort((a, b) => a - b);
  return sorted.filter((t, i) => i === 0 || t - (sorted[i - 1] ?? 0) > 8).length;
}

for (const width of [320, 375, 414]) {
  test(`at ${width} px: the search tabs on one row, the home's toolbar on at most two, the property page's actions on screen`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width, height: 740 });
    await page.goto('/');
    await expect(page.getByTestId('property-card').first()).toBeVisible();

    const toolbar = page.getByTestId('results-toolbar');
    const items = [
      toolbar.getByRole('button', { name: /Filters/ }),
      toolbar.getByLabel('Sort by'),
      toolbar.getByRole('button', { name: /Show (map|list)/ }),
    ];
    expect(await rows(items), 'toolbar rows').toBeLessThanOrEqual(2);
    // Filters and the sort share the first row.
    expect(await rows(items.slice(0, 2)), 'Filters beside the sort').toBe(1);
    await page.screenshot({ path: testInfo.outputPath(`home-${width}.png`) });

    // Phones reach the search from the compact bar under the header, once the page has scrolled.
    await page.mouse.wheel(0, 300);
    const compact = page.getByTestId('compact-search');
    await expect(compact).toBeVisible();
    await compact.focus();
    await compact.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Search' });
    await expect(dialog).toBeVisible();
    const tabs = ['Where', 'When', 'Who'].map((name) => dialog.getByRole('tab', { name }));
    expect(await rows(tabs), 'search tabs rows').toBe(1);
    for (const tab of tabs) {
      const box = await tab.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= width, 'tab inside the screen').toBe(true);
    }
    await page.screenshot({ path: testInfo.outputPath(`search-${width}.png`) });
    await page.keyboard.press('Escape');

    const [first] = (await (await page.request.get('/api/properties')).json()) as { id: number }[];
    if (!first) throw new Error('no listed home');
    await page.goto(`/property/${first.id}`);
    await expect(page.getByTestId('booking-bar')).toBeVisible();
    for (const id of ['share-home', 'save-home']) {
      const box = await page.getByTestId(id).boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= width, `${id} on screen`).toBe(true);
    }
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    expect(scrollWidth).toBe(innerWidth);
    await page.screenshot({ path: testInfo.outputPath(`property-${width}.png`) });
  });
}
