import type { APIRequestContext, Page, Request } from '@playwright/test';
import { addDays, todayIso } from '../../src/shared/dates.ts';
import { expect, loginAsAdmin, test } from './fixtures.ts';
import { workerOrigin } from './support/servers.ts';

/** The booking flow when the page, the network or the guest misbehave. */

const GUEST = { phone: '+1 555 0199', country: 'Portugal' };

/** A home free for the next `days` days (newest first), so the test owns its default stay. */
async function freeHome(request: APIRequestContext, days: number): Promise<number> {
  const all = (await (await request.get('/api/properties')).json()) as { id: number; maxGuests: number }[];
  const until = addDays(todayIso(), days);
  for (const { id, maxGuests } of all.reverse()) {
    if (maxGuests < 2) continue;
    const ranges = (await (await request.get(`/api/properties/${id}/availability`)).json()) as {
      checkIn: string;
    }[];
    if (!ranges.some((r) => r.checkIn < until)) return id;
  }
  throw new Error(`no demo home is free for ${days} days`);
}

const isCreate = (url: URL) =>
  url.pathname.startsWith('/trpc/') &&
  url.pathname.slice('/trpc/'.length).split(',').includes('bookings.create');

/** Opens the home, waits for its priced default stay, presses Reserve and fills the contact form in. */
async function fillBooking(page: Page, id: number, name: string, email: string) {
  await page.goto(`/property/${id}`);
  const card = page.getByTestId('booking-card');
  await expect(card.getByTestId('total')).toBeVisible();
  await card.getByTestId('reserve').click();
  const form = page.getByRole('dialog', { name: 'Contact information' });
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
  const admin = await playwright.request.newContext({ baseURL: workerOrigin(test.info().parallelIndex) });
  try {
    await loginAsAdmin(admin);
    expect(await bookingsOf(admin, email)).toBe(1);
  } finally {
    await admin.dispose();
  }
  await expect(page.getByText('Booking failed')).toHaveCount(0);
});

test.describe(() => {
  // React reports the error its boundary caught: the chunk that could not be fetched.
  test.use({ allowConsole: [/Failed to fetch dynamically imported module/] });

  test('a chunk lost while confirming shows a recoverable error screen that keeps the guest’s booking', async ({
    page,
    request,
  }) => {
    const id = await freeHome(request, 20);
    const email = `offline-${Date.now()}@example.com`;
    const form = await fillBooking(page, id, 'Offline Guest', email);
    // The server goes away: the booking call and every code chunk the page still needs fail.
    await page.route('**/assets/**', (route) => route.abort('connectionrefused'));
    await page.route(
      (url) => isCreate(url),
      (route) => route.abort('connectionrefused'),
    );
    await form.getByRole('button', { name: 'Confirm booking' }).click();
    // The failure's toast needs a chunk that cannot load: an error screen, not a blank page.
    const screen = page.getByTestId('error-screen');
    await expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeFocused();

    // The server is back: Try again brings the page back, the toast it owed, and the booking as typed.
    await page.unrouteAll();
    await screen.getByRole('button', { name: 'Try again' }).click();
    await expect(
      page.locator('.mantine-Notification-root').filter({ hasText: 'Booking failed' }),
    ).toBeVisible();
    const again = page.getByRole('dialog', { name: 'Contact information' });
    await expect(again.getByLabel('Full name')).toHaveValue('Offline Guest');
    await expect(again.getByLabel('Email')).toHaveValue(email);
    // A reload keeps it too (this tab's sessionStorage).
    await page.reload();
    await expect(again.getByLabel('Phone')).toHaveValue(GUEST.phone);
    await expect(again.getByLabel('Country/Region')).toHaveValue(GUEST.country);
    await again.getByRole('button', { name: 'Confirm booking' }).click();
    await expect(page.getByRole('dialog', { name: 'Booking Confirmed!' })).toBeVisible();
    // Booked: the draft is gone, and the next visit starts afresh.
    await page.reload();
    await expect(page.getByTestId('booking-card').getByTestId('total')).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Contact information' })).toHaveCount(0);
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
