import { DEMO_GUEST_PASSWORD, DEMO_REQUEST_TO_BOOK } from '../../demo/index.ts';
import type { TAdminBookingList } from '../../src/shared/schemas/admin.ts';
import type { TProperty } from '../../src/shared/schemas/property.ts';
import { expect, test } from './fixtures.ts';

/**
 * The demo's request to book (README, Demo data): its homes take requests, the operator finds the
 * waiting request from the dashboard's Booking Requests counter, and its guest sees it, with the party
 * named the same way, in My bookings and on the booking's own page.
 */

test.use({ signedIn: 'admin' });

test('the demo request: its home takes requests, the dashboard counts it, its guest sees the party', async ({
  page,
  browser,
}) => {
  const homes = (await (await page.request.get('/api/properties')).json()) as TProperty[];
  for (const city of DEMO_REQUEST_TO_BOOK.cities)
    expect(homes.find((h) => h.location.startsWith(city))?.bookingMode).toBe('request');
  expect(homes.filter((h) => h.bookingMode === 'request')).toHaveLength(DEMO_REQUEST_TO_BOOK.cities.length);

  const requested = (await (
    await page.request.get('/api/bookings/page?status=requested&pageSize=50')
  ).json()) as TAdminBookingList;
  const demo = requested.items.find((b) => b.contactInfo?.name === 'Sofia Rossi');
  expect(demo).toBeDefined();

  // The dashboard counts it, and its counter opens the bookings list filtered to the requests.
  await page.goto('/admin');
  await expect(page.getByTestId('requested-bookings-value')).toHaveText(String(requested.total));
  await page.getByTestId('requested-bookings').click();
  await expect(page).toHaveURL(/\/admin\/bookings\?status=requested/);
  const row = page.getByTestId('booking-row').filter({ hasText: demo?.confirmationNumber ?? '' });
  await expect(row.getByTestId('status-badge')).toHaveText('Requested', { timeout: 30_000 });

  // Its guest: My bookings and the booking's page name the party with the same words.
  const context = await browser.newContext();
  try {
    const guest = await context.newPage();
    const login = await guest.request.post('/api/auth/login', {
      data: { username: DEMO_REQUEST_TO_BOOK.request.guest, password: DEMO_GUEST_PASSWORD },
    });
    expect(login.ok(), await login.text()).toBe(true);
    await guest.goto('/bookings');
    const card = guest.locator(`[data-testid="my-booking"][data-booking-id="${demo?.id}"]`);
    await expect(card.getByTestId('booking-status')).toHaveText('Requested');
    await expect(card.getByTestId('my-booking-party')).toHaveText(/^2 guests, 1 infant · Answer by .+/);
    await card.getByRole('link', { name: /^Details of / }).click();
    await expect(guest.getByTestId('managed-party')).toHaveText('2 guests, 1 infant');
  } finally {
    await context.close();
  }
});
