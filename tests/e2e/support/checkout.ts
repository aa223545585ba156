import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { addDays, todayIso } from '../../../src/shared/dates.ts';
import { expect } from '../fixtures.ts';

/** The checkout page (docs/checkout.md): where Reserve on a listing leads. */

export interface TGuestDetails {
  name: string;
  email: string;
  phone?: string;
  country?: string;
  message?: string;
}

/** Presses Reserve (the card's, or the phone bar's) and waits for the checkout with its priced stay. */
export async function reserveToCheckout(page: Page, reserve?: Locator): Promise<Locator> {
  await (reserve ?? page.getByTestId('booking-card').getByTestId('reserve')).click();
  await expect(page).toHaveURL(/\/book\/\d+\?/);
  const checkout = page.getByTestId('checkout-page');
  await expect(checkout.getByTestId('total')).toBeVisible();
  return checkout;
}

/** Fills the checkout's contact details (and the message to the host, when given). */
export async function fillContact(checkout: Locator, guest: TGuestDetails): Promise<void> {
  await checkout.getByLabel('Full name').fill(guest.name);
  await checkout.getByLabel('Email').fill(guest.email);
  await checkout.getByLabel('Phone').fill(guest.phone ?? '+1 555 0199');
  await checkout.getByLabel('Country/Region').fill(guest.country ?? 'Portugal');
  if (guest.message) await checkout.getByLabel('Message to the host').fill(guest.message);
}

/** Picks a payment choice; it lands in the URL. */
export async function choosePay(
  checkout: Locator,
  choice: 'full' | 'deposit' | 'bank_transfer' | 'pay_on_arrival',
): Promise<void> {
  await checkout.getByTestId(`pay-${choice}`).click();
  await expect(checkout.getByTestId(`pay-${choice}`)).toHaveAttribute('aria-checked', 'true');
  await expect(checkout.page()).toHaveURL(new RegExp(`[?&]pay=${choice}`));
}

/**
 * From a listing to a booked stay without a card: Reserve, bank transfer, the details, Confirm booking.
 * Returns the confirmation dialog.
 */
export async function bookThroughCheckout(page: Page, guest: TGuestDetails): Promise<Locator> {
  const checkout = await reserveToCheckout(page);
  await choosePay(checkout, 'bank_transfer');
  await fillContact(checkout, guest);
  await checkout.getByRole('button', { name: 'Confirm booking' }).click();
  const dialog = page.getByTestId('booking-confirmed');
  await expect(dialog).toBeVisible();
  return dialog;
}

/** A home free for the next `days` days (newest first), so a test owns its default stay. */
export async function freeHome(request: APIRequestContext, days: number): Promise<number> {
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

/**
 * Passes the checkout's pauses between sends (about 15 s in all, use-checkout.ts) at once instead of
 * waiting them out: every send still goes, with its key, and meets the network as it is. The page's
 * clock must be installed before it loads (`page.clock.install()`); the clock jumps a few seconds at a
 * time until `until` (the "can't reach" alert) shows.
 */
export async function skipRetryPauses(page: Page, until: Locator): Promise<void> {
  await expect(async () => {
    await page.clock.fastForward(4_000);
    await expect(until).toBeVisible({ timeout: 250 });
  }).toPass({ intervals: [50], timeout: 30_000 });
}
