import type { APIRequestContext, Page } from '@playwright/test';
import { addDays, todayIso } from '../../src/shared/dates.ts';
import { dayAtHome } from '../../src/shared/home-time.ts';
import { expect, loginAsAdmin, test } from './fixtures.ts';
import { expectNoSeriousA11yViolationsInBothSchemes } from './support/a11y.ts';
import { mailedLink } from './support/mail.ts';
import { nextFrames } from './support/settle.ts';
import { freeWindow } from './support/stay.ts';
import { expectToastClearOfHeading } from './support/toast-position.ts';

/** The guest's trip page and My bookings (docs/trip-page.md), on the real server and clock. */

type TRange = { checkIn: string; checkOut: string };
const INSTRUCTIONS = 'Key box left of the green door; the code comes by message on the day.';
const guide = (revealHoursBefore: number) => ({
  checkInTime: '15:00',
  checkOutTime: '10:00',
  checkInInstructions: INSTRUCTIONS,
  doorCode: '2468',
  wifiName: null,
  wifiPassword: null,
  houseRules: 'No parties. Quiet after 22:00.',
  privateFromDays: 1,
  revealHoursBefore,
});

async function setGuide(request: APIRequestContext, id: number, revealHoursBefore: number) {
  const res = await request.put(`/api/admin/properties/${id}/guide`, { data: guide(revealHoursBefore) });
  expect(res.ok(), await res.text()).toBe(true);
}

/**
 * Books, as whoever `request` is signed in as, the first home that takes `nights` from `from(home's
 * today)`: its id, the booking's id and its manage token.
 */
async function bookFirstFree(
  request: APIRequestContext,
  from: (homeToday: string) => string,
  nights: number,
  email: string,
): Promise<{ home: number; id: number; token: string; checkIn: string }> {
  const all = (await (await request.get('/api/properties')).json()) as { id: number }[];
  for (const { id: home } of all.slice().reverse()) {
    const property = (await (await request.get(`/api/properties/${home}`)).json()) as { timeZone: string };
    const checkIn = from(dayAtHome(new Date(), property.timeZone));
    const checkOut = addDays(checkIn, nights);
    const ranges = (await (await request.get(`/api/properties/${home}/availability`)).json()) as TRange[];
    if (ranges.some((r) => r.checkIn < checkOut && checkIn < r.checkOut)) continue;
    const res = await request.post('/api/bookings', {
      data: {
        propertyId: home,
        checkIn,
        checkOut,
        guests: 2,
        contactInfo: { name: 'Tessa Trip', email, phone: '+1 555 0123', country: 'Portugal' },
      },
    });
    // A home's own rules (minimum stay, notice) may refuse these nights: the next home may take them.
    if (!res.ok()) continue;
    const booked = (await res.json()) as { id: number; manageToken: string; status: string };
    if (booked.status !== 'confirmed') continue;
    return { home, id: booked.id, token: booked.manageToken, checkIn };
  }
  throw new Error('no demo home takes these nights');
}

test.describe('a stay under way', () => {
  test.use({ signedIn: 'admin' });

  test("reads 'Current stay' in My bookings, with its payment status and no Cancel", async ({ page }) => {
    test.setTimeout(120_000);
    const stay = await bookFirstFree(page.request, (today) => today, 3, 'tessa-now@example.com');
    await setGuide(page.request, stay.home, 48);

    await page.goto('/bookings');
    const card = page.locator(`[data-testid="my-booking"][data-booking-id="${stay.id}"]`);
    await expect(card.getByTestId('booking-status')).toHaveText('Current stay');
    await expect(card.getByTestId('my-booking-payment')).toHaveText('Payment: Unpaid');
    await expect(card.getByRole('link', { name: /^Details of / })).toBeVisible();
    await expect(card.getByTestId('cancel-from-list')).toHaveCount(0);
    // The server refuses it too, whatever a page offers.
    const refused = await page.request.post(`/api/bookings/mine/${stay.id}/cancel`, { data: {} });
    expect(refused.status()).toBe(409);

    // Its trip page: arriving today, the instructions are there (within 48 hours of 15:00 today).
    await page.goto(`/manage/${stay.token}`);
    await expect(page.getByTestId('trip-status')).toHaveText('Current stay');
    await expect(page.getByTestId('booking-status')).toHaveText('Current stay');
    await expect(page.getByTestId('trip-payment-status')).toHaveText('Unpaid');
    await expect(page.getByTestId('trip-next-payment')).toContainText('due now');
    await expect(page.getByTestId('trip-check-in')).toContainText('from 3:00 PM');
    await expect(page.getByTestId('trip-check-out')).toContainText('by 10:00 AM');
    await expect(page.getByTestId('trip-instructions')).toHaveText(INSTRUCTIONS);
    await expect(page.getByTestId('trip-house-rules')).toHaveText('No parties. Quiet after 22:00.');
    await expect(page.getByTestId('trip-directions')).toHaveAttribute(
      'href',
      /^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=/,
    );
    await expect(page.getByTestId('cancel-booking')).toHaveCount(0);
    // The door code never reaches the page: only messages carry it.
    await expect(page.locator('body')).not.toContainText('2468');
  });
});

test('the trip page shows the check-in instructions only from their reveal time', async ({ page }) => {
  test.setTimeout(120_000);
  await loginAsAdmin(page.request);
  // Ten days ahead: more than 48 hours before arrival, less than 720.
  const stay = await bookFirstFree(page.request, (today) => addDays(today, 10), 2, 'tessa-later@example.com');
  await setGuide(page.request, stay.home, 48);

  await page.goto(`/manage/${stay.token}`);
  await expect(page.getByTestId('trip-instructions-later')).toContainText(
    'Your check-in instructions appear here from',
  );
  await expect(page.getByTestId('trip-instructions')).toHaveCount(0);
  await expect(page.locator('body')).not.toContainText('green door');
  // Not hidden on the page: absent from the answer the page was given.
  const answer = await page.request.get(`/api/bookings/manage/${stay.token}`);
  expect(await answer.text()).not.toContain('green door');

  await setGuide(page.request, stay.home, 720);
  await page.reload();
  await expect(page.getByTestId('trip-instructions')).toHaveText(INSTRUCTIONS);
});

async function expectFocusBackAfterDialog(page: Page, openerTestId: string, dialogName: string) {
  const opener = page.getByTestId(openerTestId);
  await opener.focus();
  await opener.press('Enter');
  const dialog = page.getByRole('dialog', { name: dialogName });
  await expect(dialog).toBeVisible();
  await expect
    .poll(() => dialog.evaluate((d) => d.contains(document.activeElement)), { timeout: 20_000 })
    .toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await nextFrames(page);
  await expect(opener).toBeFocused();
}

test('the trip page and the messages page pass axe in both themes at 375 and 1280 px, and focus returns from the dialog', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const admin = await browser.newContext();
  await loginAsAdmin(admin.request);
  const stay = await bookFirstFree(admin.request, (today) => addDays(today, 12), 2, 'tessa-axe@example.com');
  await setGuide(admin.request, stay.home, 48);

  // A question before booking, answered, so the messages page has a thread to show.
  const email = `tessa-ask-${Date.now()}@example.com`;
  const asked = await page.request.post(`/api/properties/${stay.home}/inquiries`, {
    data: { name: 'Tessa Asks', email, message: 'Is there a cot for a baby?' },
    headers: { 'x-forwarded-for': `10.78.${Date.now() % 250}.1` },
  });
  expect(asked.ok(), await asked.text()).toBe(true);
  const inbox = await admin.request.get('/api/admin/inbox?filter=inquiries&pageSize=50');
  const threads = ((await inbox.json()) as { items: { id: number; guestName: string }[] }).items;
  const thread = threads.find((t) => t.guestName === 'Tessa Asks');
  expect(thread).toBeDefined();
  await admin.request.post(`/api/admin/conversations/${thread?.id}/messages`, {
    data: { body: 'Yes, a cot is in the wardrobe.' },
  });
  await admin.close();
  let link = '';
  await expect
    .poll(() => (link = mailedLink(email, /a cot is in the wardrobe[\s\S]*?(\/messages\/[a-z2-7]{32})/)))
    .not.toBe('');

  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`/manage/${stay.token}`);
    await expect(page.getByTestId('trip-instructions-later')).toBeVisible();
    await expect(page.getByTestId('message-thread')).toBeVisible();
    // The tiles never load here: the map's own message is part of the page, Leaflet's blank panes are not.
    await expectNoSeriousA11yViolationsInBothSchemes(page, `trip page at ${width} px`, {
      exclude: ['.leaflet-tile-pane'],
    });
    await expectFocusBackAfterDialog(page, 'cancel-booking', 'Cancel this booking?');

    await page.goto(link);
    const conversation = page.getByTestId('message-thread');
    await expect(conversation.getByTestId('message-body').last()).toHaveText(
      'Yes, a cot is in the wardrobe.',
    );
    // Styled as the site: the reply box is a Mantine input with its padding, not a bare textarea.
    const box = conversation.getByLabel('Your message');
    expect(await box.evaluate((el) => parseFloat(getComputedStyle(el).paddingLeft))).toBeGreaterThan(4);
    expect(await conversation.evaluate((el) => parseFloat(getComputedStyle(el).paddingTop))).toBeGreaterThan(
      8,
    );
    await expectNoSeriousA11yViolationsInBothSchemes(page, `messages page at ${width} px`);
  }
});

test('a toast never covers the heading of the dialog it comes with, on phones and desktops', async ({
  page,
}) => {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/');
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Login' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log in or sign up' });
    await dialog.getByLabel('Username').fill('nobody-known');
    await dialog.getByLabel('Password', { exact: true }).fill('wrong-password');
    await dialog.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(
      page.locator('.mantine-Notification-root').filter({ hasText: 'Login failed' }),
    ).toBeVisible();
    await expectToastClearOfHeading(page, dialog);
    await page.keyboard.press('Escape');
  }
});

test('My bookings lists a stay ahead with its Cancel and payment status', async ({ page }) => {
  await loginAsAdmin(page.request);
  const ahead = await bookFirstFree(
    page.request,
    (today) => addDays(today, 14),
    2,
    'tessa-ahead@example.com',
  );
  await page.goto('/bookings');
  const card = page.locator(`[data-testid="my-booking"][data-booking-id="${ahead.id}"]`);
  await expect(card.getByTestId('booking-status')).toHaveText('Confirmed');
  await expect(card.getByTestId('cancel-from-list')).toBeVisible();
  await expect(card.getByTestId('my-booking-payment')).toHaveText(/^Payment: (Unpaid|Balance due .+)$/);
  expect(ahead.checkIn > todayIso()).toBe(true);
});

test('Contact host starts from the dates and party chosen in the booking card', async ({ page, request }) => {
  const all = (await (await request.get('/api/properties')).json()) as { id: number; maxGuests: number }[];
  const home = all.find((h) => h.maxGuests >= 3);
  if (!home) throw new Error('no demo home takes three guests');
  const checkIn = await freeWindow(request, home.id, 50, 4);
  const checkOut = addDays(checkIn, 4);
  await page.goto(`/property/${home.id}?checkIn=${checkIn}&checkOut=${checkOut}&guests=3`);
  await expect(page.getByTestId('booking-card').getByTestId('price-breakdown')).toBeVisible();
  await page.getByTestId('contact-host').click();
  const dialog = page.getByTestId('contact-host-dialog');
  await expect(dialog.getByLabel('Check-in (optional)')).toHaveValue(checkIn);
  await expect(dialog.getByLabel('Check-out (optional)')).toHaveValue(checkOut);
  await expect(dialog.getByLabel('Guests (optional)')).toHaveValue('3');
});
