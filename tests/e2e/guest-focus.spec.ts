import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { addDays, todayIso } from '../../src/shared/dates.ts';
import { expect, test } from './fixtures.ts';
import { nextFrames } from './support/settle.ts';
import { choosePay } from './support/checkout.ts';

/** A home whose default stay (today, 5 nights) is free, so Reserve opens the contact form at once. */
async function homeFreeToday(request: APIRequestContext): Promise<number> {
  const all = (await (await request.get('/api/properties')).json()) as { id: number }[];
  const today = todayIso();
  const end = addDays(today, 5);
  for (const { id } of all.slice(-40).reverse()) {
    const ranges = (await (await request.get(`/api/properties/${id}/availability`)).json()) as {
      checkIn: string;
      checkOut: string;
    }[];
    if (!ranges.some((r) => r.checkIn < end && today < r.checkOut)) return id;
  }
  throw new Error('no demo home is free for the default stay');
}

/** Focuses `opener` and opens its dialog by keyboard, as a keyboard user would. */
async function openByKeyboard(opener: Locator): Promise<void> {
  await opener.focus();
  await opener.press('Enter');
}

/** Escape closes the dialog, and focus is back on the control that opened it (WCAG 2.4.3). */
async function expectEscapeReturnsTo(page: Page, dialog: Locator, opener: Locator): Promise<void> {
  await expect(dialog).toBeVisible();
  // Focus has moved into the dialog (its focus trap), so the return is a real move back.
  await expect
    .poll(() => dialog.evaluate((d) => d.contains(document.activeElement)), { timeout: 20_000 })
    .toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  // And it stays there once the closing transition has unmounted the dialog and its effects have run.
  await expect(dialog).toHaveCount(0);
  await nextFrames(page);
  await expect(opener).toBeFocused();
}

test('the gallery gives focus back to the tile or button that opened it, first and later openings', async ({
  page,
}) => {
  await page.goto('/property/1');
  const viewer = page.getByRole('dialog');
  const tile = page.getByRole('button', { name: /^Open photo 2 of/ });
  await openByKeyboard(tile);
  await expectEscapeReturnsTo(page, viewer, tile);
  const showAll = page.getByRole('button', { name: 'Show all photos' });
  await openByKeyboard(showAll);
  await expectEscapeReturnsTo(page, viewer, showAll);
  // The close button too, not just Escape.
  await openByKeyboard(tile);
  await expect(viewer).toBeVisible();
  await page.getByRole('button', { name: 'Close gallery' }).click();
  await expect(tile).toBeFocused();
});

test('the search dialog gives focus back to the search bar field that opened it', async ({ page }) => {
  await page.goto('/');
  const where = page.getByTestId('search-bar-location');
  await openByKeyboard(where);
  await expectEscapeReturnsTo(page, page.getByRole('dialog', { name: 'Search' }), where);
  await openByKeyboard(where);
  await expectEscapeReturnsTo(page, page.getByRole('dialog', { name: 'Search' }), where);
});

test('the filters drawer and the sign-in dialog give focus back to their openers', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('property-card').first()).toBeVisible();
  const filters = page.getByTestId('results-toolbar').getByRole('button', { name: /Filters/ });
  await openByKeyboard(filters);
  await expectEscapeReturnsTo(page, page.getByRole('dialog'), filters);

  // The menu item that opened the dialog is gone with its menu: focus goes to the menu's button.
  const menu = page.getByTestId('user-menu');
  await menu.click();
  await page.getByRole('menuitem', { name: 'Login' }).click();
  await expectEscapeReturnsTo(page, page.getByRole('dialog', { name: 'Log in or sign up' }), menu);
});

test('Reserve opens the checkout by keyboard, and its confirmation closes onto the booking’s own page', async ({
  page,
  request,
}) => {
  const id = await homeFreeToday(request);
  await page.goto(`/property/${id}`);
  const card = page.getByTestId('booking-card');
  await expect(card.getByTestId('price-breakdown')).toBeVisible();
  const reserve = card.getByTestId('reserve');

  // Reserve opens the checkout page; its confirmation dialog is opened from its Confirm button.
  await openByKeyboard(reserve);
  const form = page.getByTestId('checkout-page');
  await expect(form.getByTestId('total')).toBeVisible();
  await choosePay(form, 'bank_transfer');
  await form.getByLabel('Full name').fill('Focus Example');
  await form.getByLabel('Email').fill('focus@example.com');
  await form.getByLabel('Phone').fill('+1 555 0100');
  await form.getByLabel('Country/Region').fill('Ireland');
  const confirm = form.getByRole('button', { name: 'Confirm booking' });
  await confirm.press('Enter');
  // Escape closes it onto the booking's own page (the checkout is done with): focus starts on that page.
  const dialog = page.getByRole('dialog', { name: 'Booking Confirmed!' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/manage\//);
  await expect(dialog).toHaveCount(0);
});

test('a skip link is the first stop of the keyboard and lands on the page content', async ({ page }) => {
  await page.goto('/property/1');
  await expect(page.getByTestId('booking-card')).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  // Visible while focused (WCAG 2.4.7), inside the viewport.
  const box = await skip.boundingBox();
  expect(box && box.y >= 0 && box.height > 10).toBe(true);
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
  // The next Tab stops inside the page, past the header's controls.
  await page.keyboard.press('Tab');
  const inMain = await page.evaluate(() => document.querySelector('main')?.contains(document.activeElement));
  expect(inMain).toBe(true);
  expect(new URL(page.url()).hash).toBe('');

  // From the skip link, Reserve is far fewer Tab presses away than from the top of the page.
  const reserve = page.getByTestId('booking-card').getByTestId('reserve');
  let presses = 1;
  while (!(await reserve.evaluate((el) => el === document.activeElement)) && presses < 40) {
    await page.keyboard.press('Tab');
    presses += 1;
  }
  await expect(reserve).toBeFocused();
});
