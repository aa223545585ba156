import type { Locator, Page, PlaywrightWorkerArgs, Request } from '@playwright/test';
import { addDays } from '../../src/shared/dates.ts';
import type { TProperty } from '../../src/shared/schemas/property.ts';
import { expect, loginAsAdmin, rewriteTrpc, test } from './fixtures.ts';
import { expectNoSeriousA11yViolationsInBothSchemes } from './support/a11y.ts';
import { choosePay, fillContact, freeHome, reserveToCheckout } from './support/checkout.ts';
import { workerOrigin } from './support/servers.ts';
import { nextFrames } from './support/settle.ts';
import { freeWindow } from './support/stay.ts';

/**
 * The checkout page, "Confirm and pay" (docs/checkout.md): its state in the URL, card payments through
 * the Stripe stand-in (playwright.config.ts starts it; paying there sends the signed webhook), one
 * booking for a double press, the request-to-book notice, accessibility and focus.
 */

const PAYMENT_SETTINGS = {
  depositPercent: 30,
  balanceDaysBefore: 30,
  offerCard: true,
  offerBankTransfer: true,
  bankInstructions: 'Transfer to StayHub E2E Bank, IBAN XX00 E2E 0000, quoting your BIC number.',
  offerPayOnArrival: false,
  depositDeadlineHours: 0,
  depositDeadlineAction: 'flag',
};

test.beforeEach(async ({ playwright, baseURL }) => {
  const admin = await playwright.request.newContext({ baseURL });
  await loginAsAdmin(admin);
  const res = await admin.put('/api/settings/payments', { data: PAYMENT_SETTINGS });
  expect(res.ok(), await res.text()).toBe(true);
  expect(((await res.json()) as { cardAvailable: boolean }).cardAvailable).toBe(true);
  await admin.dispose();
});

const isCall = (url: URL, procedure: string) =>
  url.pathname.startsWith('/trpc/') && url.pathname.slice('/trpc/'.length).split(',').includes(procedure);

/** The admin's count of bookings made under this guest e-mail, from a context of its own. */
async function bookingsOf(playwright: PlaywrightWorkerArgs['playwright'], email: string): Promise<number> {
  const admin = await playwright.request.newContext({ baseURL: workerOrigin(test.info().parallelIndex) });
  try {
    await loginAsAdmin(admin);
    const all = (await (await admin.get('/api/bookings')).json()) as { contactInfo: { email: string } }[];
    return all.filter((b) => b.contactInfo.email === email).length;
  } finally {
    await admin.dispose();
  }
}

/** The stay the listing's URL carries: `days` out, three nights, `guests` adults, on a home free for it. */
async function listingWithStay(page: Page, daysAhead: number, guests = 2) {
  const id = await freeHome(page.request, 20);
  const checkIn = await freeWindow(page.request, id, daysAhead, 3);
  const checkOut = addDays(checkIn, 3);
  await page.goto(`/property/${id}?checkIn=${checkIn}&checkOut=${checkOut}&guests=${guests}`);
  await expect(page.getByTestId('booking-card').getByTestId('total')).toBeVisible();
  return { id, checkIn, checkOut };
}

test('Reserve opens the checkout with the stay in its URL; a reload keeps it all, and Back returns to the listing', async ({
  page,
}) => {
  // One adult: every home taken here sleeps two, so a child can join.
  const { id, checkIn, checkOut } = await listingWithStay(page, 30, 1);
  const listingTotal = await page.getByTestId('booking-card').getByTestId('total').textContent();
  // The checkout's code arrives slowly (a phone's network): the listing stays until the checkout can draw,
  // never a blank page between them. Every frame is looked at until the checkout shows.
  await page.route('**/assets/*.js', async (route) => {
    await new Promise((r) => setTimeout(r, 800));
    await route.continue();
  });
  await page.evaluate(() => {
    const w = window as unknown as { blankFrames: number };
    w.blankFrames = 0;
    const look = () => {
      if (!document.querySelector('[data-testid="booking-card"], [data-testid="checkout-page"]'))
        w.blankFrames++;
      if (!document.querySelector('[data-testid="checkout-page"]')) requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
  const checkout = await reserveToCheckout(page);
  expect(await page.evaluate(() => (window as unknown as { blankFrames: number }).blankFrames)).toBe(0);
  await page.unrouteAll({ behavior: 'wait' });
  await expect(page).toHaveURL(new RegExp(`/book/${id}\\?checkIn=${checkIn}&checkOut=${checkOut}&adults=1$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Confirm and pay');
  // The home, its price lines (the quote's, the same total as the card) and its policy.
  const summary = page.getByTestId('checkout-summary');
  await expect(summary.getByTestId('checkout-home')).not.toBeEmpty();
  await expect(summary.getByTestId('total')).toHaveText(listingTotal ?? '');
  await expect(checkout.getByTestId('cancellation-policy')).toContainText('cancellation');
  // Card first, by default.
  await expect(checkout.getByTestId('pay-full')).toHaveAttribute('aria-checked', 'true');
  await expect(checkout.getByRole('button', { name: 'Confirm and pay' })).toBeVisible();

  // Edited in place: a child joins, the URL follows; the choice goes there too.
  await checkout.getByTestId('party-picker').getByRole('button', { expanded: false }).click();
  await checkout.getByRole('button', { name: 'Increase children' }).click();
  await expect(page).toHaveURL(/[?&]children=1(&|$)/);
  await choosePay(checkout, 'bank_transfer');
  await expect(checkout.getByRole('button', { name: 'Confirm booking' })).toBeVisible();
  await fillContact(checkout, { name: 'Reload Guest', email: 'reload@example.com', message: 'Late arrival' });

  await page.reload();
  const again = page.getByTestId('checkout-page');
  await expect(again.getByTestId('total')).toBeVisible();
  await expect(again.getByTestId('guests-count')).toHaveText('2 guests');
  await expect(again.getByTestId('pay-bank_transfer')).toHaveAttribute('aria-checked', 'true');
  await expect(again.getByTestId('check-in-input')).toContainText(String(Number(checkIn.slice(8))));
  await expect(again.getByLabel('Full name')).toHaveValue('Reload Guest');
  await expect(again.getByLabel('Message to the host')).toHaveValue('Late arrival');

  // Back: the listing as it was left, the stay on its card.
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/property/${id}\\?`));
  expect(new URL(page.url()).searchParams.get('checkIn')).toBe(checkIn);
  expect(new URL(page.url()).searchParams.get('checkOut')).toBe(checkOut);
  await expect(page.getByTestId('booking-card').getByTestId('total')).toBeVisible();
  await page.goForward();
  await expect(page.getByTestId('checkout-page').getByTestId('pay-bank_transfer')).toHaveAttribute(
    'aria-checked',
    'true',
  );
});

test('a card payment goes to Stripe Checkout and returns to the booking: Payment processing, then Paid as the webhook recorded it', async ({
  page,
}) => {
  await listingWithStay(page, 50);
  const checkout = await reserveToCheckout(page);
  await fillContact(checkout, { name: 'Card Guest', email: `card-${Date.now()}@example.com` });
  // Until let go, the manage page is shown the ledger as it was before the webhook: it must keep asking.
  let held = true;
  await rewriteTrpc(page, 'payments.manage', (real) => {
    if (!held) return real;
    const answer = structuredClone(real) as {
      result: { data: { json: { totals: Record<string, unknown>; schedule: { total: number } } } };
    };
    const { totals, schedule } = answer.result.data.json;
    Object.assign(totals, {
      paid: 0,
      net: 0,
      balanceDue: schedule.total,
      depositDue: schedule.total,
      status: 'unpaid',
    });
    return answer;
  });
  await checkout.getByRole('button', { name: 'Confirm and pay' }).click();
  // The stand-in's hosted page, for the whole amount.
  await expect(page.getByRole('heading', { name: /^Pay \d+\.\d{2} USD$/ })).toBeVisible();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(/\/manage\/[^?]+\?payment=done&part=full$/);
  const notice = page.getByTestId('payment-return');
  await expect(notice).toContainText('Payment processing');
  held = false;
  await expect(notice).toContainText('Paid');
  await expect(notice).toContainText('your booking is paid in full');
  await expect(page.getByTestId('guest-payment-status')).toHaveText('Paid');
});

test('a double press on Confirm and pay makes one booking and opens one payment', async ({
  page,
  playwright,
}) => {
  await listingWithStay(page, 60);
  const checkout = await reserveToCheckout(page);
  const email = `double-pay-${Date.now()}@example.com`;
  await fillContact(checkout, { name: 'Double Press', email });
  const creates: Request[] = [];
  const pays: Request[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (isCall(url, 'bookings.create')) creates.push(r);
    if (isCall(url, 'payments.pay')) pays.push(r);
  });
  // Two presses in one task, before the page can redraw the button as busy: the worst double-click.
  await checkout.getByRole('button', { name: 'Confirm and pay' }).evaluate((button: HTMLButtonElement) => {
    button.click();
    button.click();
  });
  await expect(page.getByRole('heading', { name: /^Pay \d+\.\d{2} USD$/ })).toBeVisible();
  expect(creates).toHaveLength(1);
  expect(pays).toHaveLength(1);
  expect(pays[0]?.headers()['idempotency-key']).toBe(`${creates[0]?.headers()['idempotency-key']}-pay`);
  expect(await bookingsOf(playwright, email)).toBe(1);
});

test('a refusal is said inside the checkout with every input kept, never an error screen', async ({
  page,
}) => {
  await listingWithStay(page, 80);
  const checkout = await reserveToCheckout(page);
  await choosePay(checkout, 'bank_transfer');
  await fillContact(checkout, { name: 'Refused Guest', email: 'refused@example.com', message: 'Hello' });
  // The server's refusal, without the booking reaching it (a call with a key travels alone).
  await page.route(
    (url) => isCall(url, 'bookings.create'),
    (route) =>
      route.fulfill({
        status: 409,
        json: [
          {
            error: {
              json: {
                message: 'The price of this stay has changed',
                code: -32603,
                data: { httpStatus: 409, code: 'CONFLICT' },
              },
            },
          },
        ],
      }),
  );
  await checkout.getByRole('button', { name: 'Confirm booking' }).click();
  await expect(checkout.getByTestId('booking-error')).toContainText('The price of this stay has changed');
  await expect(page.getByTestId('error-screen')).toHaveCount(0);
  await expect(checkout.getByLabel('Full name')).toHaveValue('Refused Guest');
  await expect(checkout.getByLabel('Message to the host')).toHaveValue('Hello');
  await expect(checkout.getByTestId('pay-bank_transfer')).toHaveAttribute('aria-checked', 'true');
});

test('a request-to-book home says plainly that nothing is charged until the operator accepts', async ({
  page,
}) => {
  await loginAsAdmin(page.request);
  const homes = (await (await page.request.get('/api/properties')).json()) as TProperty[];
  const source = homes[7] ?? homes[0];
  if (!source) throw new Error('the demo seed should have homes');
  const duplicated = await page.request.post(`/api/properties/${source.id}/duplicate`, { data: {} });
  expect(duplicated.ok(), await duplicated.text()).toBe(true);
  const copy = (await duplicated.json()) as TProperty;
  const { id: _id, rating: _r, reviewCount: _c, createdAt: _t, ...fields } = copy;
  const put = await page.request.put(`/api/properties/${copy.id}`, {
    data: { ...fields, bookingMode: 'request' },
  });
  expect(put.ok(), await put.text()).toBe(true);
  try {
    const checkIn = await freeWindow(page.request, copy.id, 40, 3);
    await page.goto(`/book/${copy.id}?checkIn=${checkIn}&checkOut=${addDays(checkIn, 3)}&adults=1`);
    const checkout = page.getByTestId('checkout-page');
    await expect(checkout.getByTestId('total')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Request to book');
    await expect(checkout.getByTestId('request-notice')).toContainText(
      'Nothing is charged until the operator accepts your request',
    );
    await expect(checkout.getByTestId('payment-terms')).toContainText(
      'Nothing is charged until your request is accepted',
    );
    await expect(checkout.getByTestId('pay-choices')).toHaveCount(0);
    await expect(checkout.getByRole('button', { name: 'Request to book' })).toBeVisible();
  } finally {
    await page.request.delete(`/api/properties/${copy.id}`);
  }
});

for (const width of [375, 1280]) {
  test(`the checkout at ${width} px has no serious axe violations, light and dark`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: width < 500 ? 800 : 900 });
    await listingWithStay(page, 90);
    const reserve =
      width < 500
        ? page.getByTestId('booking-bar-reserve')
        : page.getByTestId('booking-card').getByTestId('reserve');
    const checkout = await reserveToCheckout(page, reserve);
    await expectNoSeriousA11yViolationsInBothSchemes(page, `checkout ${width}px`);
    // With every field's error shown.
    await checkout.getByRole('button', { name: 'Confirm and pay' }).click();
    await expect(checkout.getByText('Name is required')).toBeVisible();
    await expectNoSeriousA11yViolationsInBothSchemes(page, `checkout ${width}px with errors`);
  });
}

/** Escape closes the popover, and focus is back on the field that opened it. */
async function expectEscapeReturnsTo(page: Page, dialog: Locator, opener: Locator): Promise<void> {
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await nextFrames(page);
  await expect(opener).toBeFocused();
}

test('every dialog on the checkout gives focus back to its opener', async ({ page }) => {
  await listingWithStay(page, 100);
  const checkout = await reserveToCheckout(page);
  for (const field of ['check-in-input', 'check-out-input'] as const) {
    const opener = checkout.getByTestId(field);
    await opener.focus();
    await opener.press('Enter');
    await expect(opener).toHaveAttribute('aria-expanded', 'true');
    const calendar = page.locator(`[id="${await opener.getAttribute('aria-controls')}"]`);
    await expectEscapeReturnsTo(page, calendar, opener);
  }
  // The party picker is a disclosure: Escape closes it onto its button.
  const party = checkout.getByTestId('party-picker').getByRole('button', { expanded: false });
  await party.focus();
  await party.press('Enter');
  await expect(checkout.getByRole('group', { name: 'Who is coming' })).toBeVisible();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Escape');
  await expect(checkout.getByRole('group', { name: 'Who is coming' })).toBeHidden();
  await expect(checkout.getByTestId('party-picker').getByRole('button', { expanded: false })).toBeFocused();
});

test('a checkout opened from its address asks for no quote (the page carries it), and the message box grows to six lines at 375 px', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const id = await freeHome(page.request, 20);
  const checkIn = await freeWindow(page.request, id, 40, 3);
  const asked: string[] = [];
  page.on('request', (r) => {
    if (/\/trpc\/[^?]*bookings\.quote/.test(r.url())) asked.push(r.url());
  });
  await page.goto(`/book/${id}?checkIn=${checkIn}&checkOut=${addDays(checkIn, 3)}&adults=2`);
  const checkout = page.getByTestId('checkout-page');
  await expect(checkout.getByTestId('total')).toBeVisible();
  const box = checkout.getByLabel('Message to the host');
  await expect(box).toBeVisible();
  // The quote under the very key the checkout asks with: had the keys differed, it would have asked.
  expect(asked).toEqual([]);

  const height = async () => (await box.boundingBox())?.height ?? 0;
  const lines = (n: number) => Array.from({ length: n }, (_, i) => `line ${i + 1}`).join('\n');
  const empty = await height();
  await box.fill(lines(4));
  await expect.poll(height).toBeGreaterThan(empty);
  const four = await height();
  await box.fill(lines(6));
  await expect.poll(height).toBeGreaterThan(four);
  const six = await height();
  // At most six lines tall: past them the box scrolls.
  await box.fill(lines(12));
  await expect.poll(height).toBe(six);
  expect(await box.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
  await box.fill('');
  await expect.poll(height).toBe(empty);
});
