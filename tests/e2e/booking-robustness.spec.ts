import type { APIRequestContext, Page, PlaywrightWorkerArgs, Request } from '@playwright/test';
import { expect, loginAsAdmin, test } from './fixtures.ts';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { choosePay, freeHome, reserveToCheckout, skipRetryPauses } from './support/checkout.ts';
import { workerOrigin } from './support/servers.ts';

/** The booking flow when the page, the network or the guest misbehave. */

const GUEST = { phone: '+1 555 0199', country: 'Portugal' };

const isCreate = (url: URL) =>
  url.pathname.startsWith('/trpc/') &&
  url.pathname.slice('/trpc/'.length).split(',').includes('bookings.create');

/**
 * Opens the home, waits for its priced default stay, presses Reserve, picks bank transfer (no card step)
 * and fills the checkout's contact details in.
 */
async function fillBooking(page: Page, id: number, name: string, email: string) {
  await page.goto(`/property/${id}`);
  await expect(page.getByTestId('booking-card').getByTestId('total')).toBeVisible();
  const form = await reserveToCheckout(page);
  await choosePay(form, 'bank_transfer');
  await form.getByLabel('Full name').fill(name);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Phone').fill(GUEST.phone);
  await form.getByLabel('Country/Region').fill(GUEST.country);
  return form;
}

/** The admin's count of bookings made under this guest e-mail. */
async function bookingsOf(request: APIRequestContext, email: string): Promise<number> {
  const all = (await (await request.get('/api/bookings')).json()) as { contactInfo: { email: string } }[];
  return all.filter((b) => b.contactInfo.email === email).length;
}

test('a double press on Confirm booking sends one booking and shows one toast', async ({
  page,
  request,
  playwright,
}) => {
  const id = await freeHome(request, 20);
  const email = `double-${Date.now()}@example.com`;
  const form = await fillBooking(page, id, 'Double Press', email);
  const creates: Request[] = [];
  page.on('request', (r) => {
    if (isCreate(new URL(r.url()))) creates.push(r);
  });
  // Two presses in one task, before the page can redraw the button as busy: the worst double-click.
  await form.getByRole('button', { name: 'Confirm booking' }).evaluate((button: HTMLButtonElement) => {
    button.click();
    button.click();
  });
  await expect(page.getByRole('dialog', { name: 'Booking Confirmed!' })).toBeVisible();
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(1);
  await expect(page.locator('.mantine-Notification-root')).toContainText('Booking confirmed!');
  expect(creates).toHaveLength(1);
  expect(creates[0]?.headers()['idempotency-key']).toMatch(/^[\x21-\x7e]{1,255}$/);
  const admin = await playwright.request.newContext({ baseURL: workerOrigin(test.info().parallelIndex) });
  try {
    await loginAsAdmin(admin);
    expect(await bookingsOf(admin, email)).toBe(1);
  } finally {
    await admin.dispose();
  }
  await expect(page.getByText('Booking failed')).toHaveCount(0);
});

/** The admin's count of this guest's bookings, from a context of its own (the page's may be cut off). */
async function countBookings(playwright: PlaywrightWorkerArgs['playwright'], email: string): Promise<number> {
  const admin = await playwright.request.newContext({ baseURL: workerOrigin(test.info().parallelIndex) });
  try {
    await loginAsAdmin(admin);
    return await bookingsOf(admin, email);
  } finally {
    await admin.dispose();
  }
}

test.describe(() => {
  // The browser reports each call it could not make (the test cuts the network on purpose).
  test.use({
    allowConsole: [
      /Failed to load resource|ERR_CONNECTION_REFUSED|ERR_FAILED|Failed to fetch|Unable to preload CSS|Could not load \/assets\//,
    ],
  });

  test('an answer lost on the way back: the retry finds the booking made, once, and confirms it', async ({
    page,
    request,
    playwright,
  }) => {
    const id = await freeHome(request, 20);
    const email = `lost-${Date.now()}@example.com`;
    const form = await fillBooking(page, id, 'Lost Answer', email);
    const keys: string[] = [];
    let lost = false;
    await page.route(
      (url) => isCreate(url),
      async (route) => {
        keys.push(route.request().headers()['idempotency-key'] ?? '');
        if (lost) return route.continue();
        lost = true;
        // The server books; the answer never reaches the page.
        await route.fetch();
        await route.abort('connectionreset');
      },
    );
    await form.getByRole('button', { name: 'Confirm booking' }).click();
    await expect(form.getByRole('status')).toContainText('Checking your booking…');
    await expect(page.getByRole('dialog', { name: 'Booking Confirmed!' })).toBeVisible();
    await expect(page.getByText('Booking failed')).toHaveCount(0);
    expect(keys.length).toBeGreaterThanOrEqual(2);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^[\x21-\x7e]{1,255}$/);
    expect(await countBookings(playwright, email)).toBe(1);
  });

  test('the server away during Confirm: the form stays as typed, says so plainly, and the guest finishes once it is back', async ({
    page,
    request,
    playwright,
  }) => {
    const id = await freeHome(request, 20);
    const email = `offline-${Date.now()}@example.com`;
    // Its own clock, so the pauses between sends can pass at once (skipRetryPauses).
    await page.clock.install();
    const form = await fillBooking(page, id, 'Offline Guest', email);
    await form.getByLabel('Message to the host').fill('Late arrival, around 22:00');
    // The server is unreachable: every request from the page fails at the network's edge (a stopped
    // server looks the same to the browser: the connection is refused).
    let booked = 0;
    await page.route('**/*', (route) => {
      if (isCreate(new URL(route.request().url()))) booked++;
      return route.abort('connectionrefused');
    });
    await form.getByRole('button', { name: 'Confirm booking' }).click();
    await expect(form.getByRole('status')).toContainText('Checking your booking…');
    const away = form.getByRole('alert').filter({ hasText: "We can't reach StayHub right now" });
    await skipRetryPauses(page, away);
    expect(booked).toBeGreaterThan(1);
    await expect(page.getByTestId('error-screen')).toHaveCount(0);
    await expect(form.getByLabel('Full name')).toHaveValue('Offline Guest');
    await expect(form.getByLabel('Message to the host')).toHaveValue('Late arrival, around 22:00');
    await expectNoSeriousA11yViolations(page, 'checkout, server away', {
      include: '[data-testid="checkout-page"]',
    });

    // Back: a reload restores the checkout from its URL and this tab's draft, with the same attempt's key.
    await page.unrouteAll({ behavior: 'wait' });
    await page.reload();
    const again = page.getByTestId('checkout-page');
    await expect(again.getByLabel('Email')).toHaveValue(email);
    await expect(again.getByLabel('Phone')).toHaveValue(GUEST.phone);
    await expect(again.getByLabel('Country/Region')).toHaveValue(GUEST.country);
    await expect(again.getByLabel('Message to the host')).toHaveValue('Late arrival, around 22:00');
    await expect(again.getByTestId('pay-bank_transfer')).toHaveAttribute('aria-checked', 'true');
    await again.getByRole('button', { name: 'Confirm booking' }).click();
    await expect(page.getByRole('dialog', { name: 'Booking Confirmed!' })).toBeVisible();
    expect(await countBookings(playwright, email)).toBe(1);
    // Booked: the draft is gone, and the next visit starts afresh.
    await page.reload();
    await expect(page.getByTestId('checkout-page').getByLabel('Full name')).toBeVisible();
    await expect(page.getByTestId('checkout-page').getByLabel('Email')).toHaveValue('');
  });

  test('Try again after an outage whose booking did go through: that booking, not a second one', async ({
    page,
    request,
    playwright,
  }) => {
    const id = await freeHome(request, 20);
    const email = `tryagain-${Date.now()}@example.com`;
    await page.clock.install();
    const form = await fillBooking(page, id, 'Try Again', email);
    // The first send reaches the server and books; then the network fails for everything.
    let down = false;
    await page.route('**/*', async (route) => {
      if (!down && isCreate(new URL(route.request().url()))) {
        down = true;
        await route.fetch();
      }
      if (down) return route.abort('connectionrefused');
      return route.continue();
    });
    await form.getByRole('button', { name: 'Confirm booking' }).click();
    const away = form.getByRole('alert').filter({ hasText: "We can't reach StayHub right now" });
    await skipRetryPauses(page, away);
    await page.unrouteAll({ behavior: 'wait' });
    await away.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('dialog', { name: 'Booking Confirmed!' })).toBeVisible();
    expect(await countBookings(playwright, email)).toBe(1);
  });

  test("the date pickers' stylesheet lost as the guest taps a date: Try again brings the calendar back styled", async ({
    page,
    request,
  }) => {
    const id = await freeHome(request, 20);
    await page.setViewportSize({ width: 412, height: 823 });
    await page.goto(`/property/${id}`);
    const named = await page.locator('meta[name="stayhub:later-code"]').getAttribute('content');
    const css = (named ?? '').split(' ').filter((f) => f.endsWith('.css'));
    expect(css.length).toBeGreaterThan(0);
    let down = true;
    await page.route(
      (url) => css.includes(url.pathname),
      (route) => (down ? route.abort('connectionrefused') : route.continue()),
    );
    await page.getByTestId('check-in-input').click();
    // Without the calendar's styles it would open invisible: the page says it could not load instead.
    const again = page.getByRole('button', { name: 'Try again' });
    await expect(again).toBeVisible();
    down = false;
    await again.click();
    await page.getByTestId('check-in-input').click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expect(page.getByRole('dialog').getByRole('button', { name: /\d/ }).first()).toBeVisible();
    // One link to each stylesheet, loaded: the failed one is gone.
    const loaded = (file: string) =>
      page.evaluate(
        (f) =>
          [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')]
            .filter((l) => l.href.endsWith(f))
            .map((l) => (l.sheet?.cssRules.length ?? 0) > 0),
        file,
      );
    for (const f of css) await expect.poll(() => loaded(f)).toEqual([true]);
  });
});

test('a signed-out visitor’s pages never ask for the session; a signed-in one’s do', async ({
  page,
  request,
}) => {
  const sessionReads: number[] = [];
  page.on('response', (r) => {
    if (new URL(r.url()).pathname === '/api/auth/me') sessionReads.push(r.status());
  });
  const id = await freeHome(request, 1);
  await page.goto('/');
  await expect(page.getByTestId('property-card').first()).toBeVisible();
  await page.goto(`/property/${id}`);
  await expect(page.getByTestId('booking-card').getByTestId('total')).toBeVisible();
  await page.goto('/about');
  await page.getByTestId('user-menu').click();
  await expect(page.getByRole('menuitem', { name: 'Login' })).toBeVisible();
  expect(sessionReads).toEqual([]);

  await loginAsAdmin(page.request);
  const read = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/auth/me');
  await page.goto('/about');
  expect((await read).status()).toBe(200);
  await page.getByTestId('user-menu').click();
  await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
});
