import type { APIRequestContext } from '@playwright/test';
import { addDays, todayIso } from '../../src/shared/dates.ts';
import { expectNoSeriousA11yViolationsInBothSchemes } from './support/a11y.ts';
import { expect, test } from './fixtures.ts';
import { choosePay, reserveToCheckout } from './support/checkout.ts';

/** Every guest route a visitor can open without an account or a secret link. */
const ROUTES = [
  { path: '/', ready: 'property-card' },
  { path: '/property/1', ready: 'booking-card' },
  { path: '/about' },
  { path: '/careers' },
  { path: '/help' },
  { path: '/privacy' },
  { path: '/terms' },
  { path: '/contact' },
  { path: '/saved' },
  { path: '/nope' },
] as const;

// Each page is loaded once and scanned in light, then in dark (it follows the OS preference live).
for (const route of ROUTES) {
  test(`${route.path} has no serious axe violations, light and dark`, async ({ page }) => {
    await page.goto(route.path);
    if ('ready' in route) await expect(page.getByTestId(route.ready).first()).toBeVisible();
    else await expect(page.locator('main, [role="main"]').first()).toBeVisible();
    await expectNoSeriousA11yViolationsInBothSchemes(page, route.path);
  });
}

/** A home whose default stay (today, 5 nights) is free, so the booking dialogs can be reached with the defaults. */
async function homeFreeToday(request: APIRequestContext): Promise<number> {
  const all = (await (await request.get('/api/properties')).json()) as { id: number }[];
  const today = todayIso();
  const end = addDays(today, 5);
  for (const { id } of all.slice(-30).reverse()) {
    const ranges = (await (await request.get(`/api/properties/${id}/availability`)).json()) as {
      checkIn: string;
      checkOut: string;
    }[];
    if (!ranges.some((r) => r.checkIn < end && today < r.checkOut)) return id;
  }
  throw new Error('no demo home is free for the default stay');
}

test('the guest dialogs have no serious axe violations, light and dark', async ({ page, request }) => {
  // Ten axe runs and a booking on a shared, busy machine (two minutes seen under load).
  test.setTimeout(180_000);
  await page.goto('/');
  await page.getByTestId('search-bar-location').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoSeriousA11yViolationsInBothSchemes(page, 'search dialog');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Login' }).click();
  await expect(page.getByRole('dialog', { name: 'Log in or sign up' })).toBeVisible();
  await expectNoSeriousA11yViolationsInBothSchemes(page, 'auth dialog');
  await page.keyboard.press('Escape');

  const id = await homeFreeToday(request);
  await page.goto(`/property/${id}`);
  await page.getByRole('button', { name: /^Open photo 1 of/ }).click();
  await expect(page.getByTestId('gallery-viewer')).toBeVisible();
  await expectNoSeriousA11yViolationsInBothSchemes(page, 'gallery');
  await page.getByRole('button', { name: 'Close gallery' }).click();

  const form = await reserveToCheckout(page);
  await choosePay(form, 'bank_transfer');
  await form.getByRole('button', { name: 'Confirm booking' }).click();
  await expect(form.getByText('Name is required')).toBeVisible();
  await expectNoSeriousA11yViolationsInBothSchemes(page, 'contact form with errors');
  await form.getByLabel('Full name').fill('Axe Example');
  await form.getByLabel('Email').fill('axe@example.com');
  await form.getByLabel('Phone').fill('+1 555 0100');
  await form.getByLabel('Country/Region').fill('Ireland');
  await form.getByRole('button', { name: 'Confirm booking' }).click();
  await expect(page.getByRole('dialog', { name: 'Booking Confirmed!' })).toBeVisible();
  await expectNoSeriousA11yViolationsInBothSchemes(page, 'booking confirmation');
});

// One load: each state is scanned in light, then in dark (colours only), following the OS preference.
test('phone property page with its booking bar, the theme menu and a toast have no serious axe violations, light and dark', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/property/1');
  await expect(page.getByTestId('booking-bar')).toBeVisible();
  await expectNoSeriousA11yViolationsInBothSchemes(page, 'phone property page');

  await page.getByTestId('theme-toggle').click();
  await expect(page.getByRole('menuitem', { name: 'System' })).toBeVisible();
  // The open menu, dropdown included (Mantine's focus placeholder is off: see theme.ts).
  await expectNoSeriousA11yViolationsInBothSchemes(page, 'theme menu');
  await page.keyboard.press('Escape');

  // A toast, focused with F8 (docs/product.md#guest-constants).
  await page.getByTestId('booking-card').getByRole('button', { name: 'Clear check-in date' }).click();
  await page.getByTestId('booking-bar-reserve').click();
  const toast = page.locator('.mantine-Notification-root').filter({ hasText: 'Dates required' });
  await expect(toast).toBeVisible();
  await page.keyboard.press('F8');
  await expect(toast).toBeFocused();
  await expectNoSeriousA11yViolationsInBothSchemes(page, 'toast');
});

test('the booking flow works by keyboard alone, with a visible focus', async ({ page, request }) => {
  const id = await homeFreeToday(request);
  await page.goto(`/property/${id}`);
  const card = page.getByTestId('booking-card');
  await expect(card.getByTestId('price-breakdown')).toBeVisible();
  const reserve = card.getByTestId('reserve');
  // Tab through the page until Reserve has the focus, as a keyboard user would.
  for (let i = 0; i < 80 && !(await reserve.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('Tab');
  await expect(reserve).toBeFocused();
  const outline = await reserve.evaluate((el) => getComputedStyle(el).outlineStyle);
  expect(outline).not.toBe('none');
  await page.keyboard.press('Enter');
  const form = page.getByTestId('checkout-page');
  await expect(form.getByTestId('total')).toBeVisible();
  // On the checkout, Tab reaches the payment choices (Space picks one) and then the contact details.
  const bank = form.getByTestId('pay-bank_transfer');
  for (let i = 0; i < 60 && !(await bank.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('Tab');
  await expect(bank).toBeFocused();
  await page.keyboard.press('Space');
  await expect(bank).toHaveAttribute('aria-checked', 'true');
  const name = form.getByLabel('Full name');
  for (let i = 0; i < 20 && !(await name.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('Tab');
  await expect(name).toBeFocused();
  await page.keyboard.type('Keyboard Guest');
  await page.keyboard.press('Tab');
  await page.keyboard.type('keys@example.com');
  await page.keyboard.press('Tab');
  await page.keyboard.type('+1 555 0199');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Ireland');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Booking Confirmed!' })).toBeVisible();
});
