import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { addDays, todayIso } from '../../src/shared/dates.ts';
import { DATES_UNAVAILABLE } from '../../src/shared/messages.ts';
import { expect, rewriteTrpc, test, withoutPageData } from './fixtures.ts';
import { workerOrigin } from './support/servers.ts';
import { calendarDay as day, calendarOf, gstOn, showMonth } from './support/stay.ts';
import { toMajor, toMinor } from '../../src/shared/money.ts';
import { choosePay, reserveToCheckout } from './support/checkout.ts';

interface TListed {
  id: number;
  title: string;
  price: number;
  maxGuests: number;
  reviewCount: number;
  images: string[];
  amenities: string[];
}

const usd = (n: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(n);

/**
 * The seeded property with the most reviews (more than 5 photos preferred, for the '+N more' tile);
 * this spec is the only one that books it, and only in a window it checks is free.
 */
async function pickProperty(request: APIRequestContext): Promise<TListed> {
  const res = await request.get('/api/properties');
  expect(res.ok()).toBe(true);
  const all = (await res.json()) as TListed[];
  // One that does not take pets: the party picker's test checks it offers none.
  const candidates = all.filter(
    (p) => p.maxGuests >= 3 && p.reviewCount > 3 && !p.amenities.includes('Pets allowed'),
  );
  const manyPhotos = (p: TListed) => (p.images.length > 5 ? 1 : 0);
  candidates.sort((a, b) => manyPhotos(b) - manyPhotos(a) || b.reviewCount - a.reviewCount || a.id - b.id);
  const best = candidates[0];
  if (!best)
    throw new Error('the demo seed should have a property with more than 3 reviews and room for 3 guests');
  return best;
}

/** The 10th of a month at least 200 days ahead whose 5-night default stay is free (so the test owns it). */
async function pickWindow(request: APIRequestContext, propertyId: number): Promise<string> {
  const res = await request.get(`/api/properties/${propertyId}/availability`);
  const ranges = (await res.json()) as { checkIn: string; checkOut: string }[];
  let start = addDays(todayIso(), 200);
  for (let i = 0; i < 4; i++) {
    const tenth = `${start.slice(0, 8)}10`;
    const candidate = tenth >= start ? tenth : `${addDays(`${start.slice(0, 8)}01`, 32).slice(0, 8)}10`;
    const end = addDays(candidate, 5);
    if (!ranges.some((r) => r.checkIn < end && candidate < r.checkOut)) return candidate;
    start = addDays(candidate, 25);
  }
  throw new Error('no free window for the booking test');
}

async function openCheckInAt(page: Page, iso: string): Promise<Locator> {
  await page.getByTestId('check-in-input').click();
  const calendar = await calendarOf(page, 'check-in-input');
  await showMonth(calendar, iso);
  return calendar;
}

test('a guest views a property, browses photos and reviews, books a stay and cannot book the same dates twice', async ({
  page,
  request,
}) => {
  const property = await pickProperty(request);
  const checkIn = await pickWindow(request, property.id);
  const checkOut = addDays(checkIn, 3);

  await page.goto(`/property/${property.id}`);
  await expect(page.getByRole('heading', { level: 1, name: property.title })).toBeVisible();

  // Gallery: 5 tiles with '+N more', a viewer that wraps around both ends, keys, Escape and a close button.
  await expect(page.getByTestId('gallery-tile')).toHaveCount(Math.min(5, property.images.length));
  if (property.images.length > 5)
    await expect(page.getByText(`+${property.images.length - 5} more`)).toBeVisible();
  await page.getByTestId('gallery-tile').first().click();
  const counter = page.getByTestId('gallery-counter');
  const n = property.images.length;
  await expect(counter).toHaveText(`1 / ${n}`);
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(counter).toHaveText(`${n} / ${n}`);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(counter).toHaveText(`1 / ${n}`);
  await page.keyboard.press('ArrowLeft');
  await expect(counter).toHaveText(`${n} / ${n}`);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(counter).toHaveText(`2 / ${n}`);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('gallery-viewer')).toBeHidden();
  await page.getByRole('button', { name: 'Show all photos' }).click();
  await expect(counter).toHaveText(`1 / ${n}`);
  await page.getByRole('button', { name: 'Close gallery' }).click();
  await expect(page.getByTestId('gallery-viewer')).toBeHidden();

  // Reviews: 3 first, 5 more per click.
  const reviews = page.getByTestId('review');
  await expect(reviews).toHaveCount(3);
  await page.getByRole('button', { name: 'Show more reviews' }).click();
  await expect(reviews).toHaveCount(Math.min(8, property.reviewCount));

  // The card starts with today + 5 nights and 2 guests.
  const card = page.getByTestId('booking-card');
  await expect(card.getByTestId('guests-count')).toHaveText('2 guests');
  await expect(card.getByTestId('price-breakdown')).toContainText(`${usd(property.price)} x 5 nights`);
  const defaultTotal = await card.getByTestId('total').textContent();

  // Change the dates: choosing a check-in opens the check-out picker at check-in + 5.
  const checkInCalendar = await openCheckInAt(page, checkIn);
  await day(checkInCalendar, checkIn).click();
  const checkOutCalendar = await calendarOf(page, 'check-out-input');
  await expect(day(checkOutCalendar, addDays(checkIn, 5))).toHaveAttribute('data-selected', 'true');
  await day(checkOutCalendar, checkOut).click();
  await expect(page.getByTestId('check-out-input')).toHaveAttribute('aria-expanded', 'false');
  await card.getByRole('button', { name: /^Guests/ }).click();
  await card.getByRole('button', { name: 'Increase adults' }).click();
  await expect(card.getByTestId('guests-count')).toHaveText('3 guests');
  // An infant comes too: named with the party, but not counted or charged as a guest.
  await card.getByRole('button', { name: 'Increase infants' }).click();
  await expect(card.getByTestId('guests-count')).toHaveText('3 guests, 1 infant');

  const subtotal = toMajor(3 * toMinor(property.price));
  const tax = gstOn(subtotal, 17);
  await expect(card.getByTestId('price-breakdown')).toContainText(`${usd(property.price)} x 3 nights`);
  await expect(card.getByText('GST (17%)')).toBeVisible();
  await expect(card.getByTestId('subtotal')).toHaveText(usd(subtotal));
  await expect(card.getByTestId('tax')).toHaveText(usd(tax));
  await expect(card.getByTestId('total')).toHaveText(usd(toMajor(toMinor(subtotal) + toMinor(tax))));
  expect(usd(subtotal + tax)).not.toBe(defaultTotal);
  await expect(card.getByText("You won't be charged yet")).toBeVisible();

  // Reserve → checkout → confirm.
  const form = await reserveToCheckout(page);
  await choosePay(form, 'bank_transfer');
  await form.getByRole('button', { name: 'Confirm booking' }).click();
  await expect(form.getByText('Name is required')).toBeVisible();
  await form.getByLabel('Full name').fill('Erin Example');
  await form.getByLabel('Email').fill('erin@example.com');
  await form.getByLabel('Phone').fill('+1 555 0142');
  await form.getByLabel('Country/Region').fill('Ireland');
  await form.getByRole('button', { name: 'Confirm booking' }).click();

  await expect(page.getByText('Booking confirmed!', { exact: true })).toBeVisible();
  await expect(
    page.getByText(
      `Your stay at ${property.title} is confirmed. A confirmation email has been sent to erin@example.com`,
    ),
  ).toBeVisible();
  const confirmed = page.getByRole('dialog', { name: 'Booking Confirmed!' });
  await expect(
    confirmed.getByText('A confirmation email has been sent to your email address.'),
  ).toBeVisible();
  await expect(confirmed.getByTestId('confirmation-number')).toHaveText(/^BIC\d{1,6}$/);
  await expect(confirmed.getByTestId('confirmed-total')).toHaveText(usd(subtotal + tax));
  // The party as the server booked it.
  await expect(confirmed.getByText('3 guests, 1 infant')).toBeVisible();
  await confirmed.getByRole('button', { name: 'Done' }).click();
  // Done opens the booking's own page, in place of the finished checkout: Back leads to the listing.
  await expect(page).toHaveURL(/\/manage\/[a-z2-7]{32}$/);
  await page.goBack();

  // The same dates again: the card knows they are taken now, and the calendar shows them as booked.
  await expect(card.getByTestId('stay-problem')).toHaveText(DATES_UNAVAILABLE);
  await expect(card.getByTestId('reserve')).toBeDisabled();
  await page.getByTestId('check-in-input').click();
  const calendar = await calendarOf(page, 'check-in-input');
  for (const night of [checkIn, addDays(checkIn, 1), addDays(checkIn, 2)])
    await expect(day(calendar, night)).toBeDisabled();
  await expect(day(calendar, checkOut)).toBeEnabled();
});

test('property page: invalid and missing ids', async ({ page }) => {
  await page.goto('/property/abc');
  await expect(page.getByText('Invalid Property ID')).toBeVisible();
  await expect(page.getByText("The property ID you're trying to view is invalid.")).toBeVisible();
  await page.goto('/property/987654');
  await expect(page.getByText('Property Not Found')).toBeVisible();
  await expect(page.getByText("We couldn't find the property you're looking for.")).toBeVisible();
});

test('booking card: date and guest rules before any call', async ({ page, request }) => {
  const property = await pickProperty(request);
  await page.goto(`/property/${property.id}`);
  const card = page.getByTestId('booking-card');
  await expect(card.getByTestId('guests-count')).toHaveText('2 guests');

  // The party picker, by keyboard: a disclosure whose counters follow it in the card.
  const toggle = card.getByRole('button', { name: /^Guests/ });
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const minus = card.getByRole('button', { name: 'Decrease adults' });
  const plus = card.getByRole('button', { name: 'Increase adults' });
  await minus.click();
  await expect(card.getByTestId('guests-count')).toHaveText('1 guest');
  await expect(minus).toBeDisabled();
  // Children share the home's capacity with adults; infants do not count towards it.
  await card.getByRole('button', { name: 'Increase children' }).click();
  await expect(card.getByTestId('guests-count')).toHaveText('2 guests');
  await card.getByRole('button', { name: 'Increase infants' }).click();
  await expect(card.getByTestId('guests-count')).toHaveText('2 guests, 1 infant');
  for (let g = 2; g < property.maxGuests; g++) await plus.click();
  await expect(card.getByTestId('guests-count')).toHaveText(`${property.maxGuests} guests, 1 infant`);
  await expect(plus).toBeDisabled();
  await expect(card.getByRole('button', { name: 'Increase children' })).toBeDisabled();
  await expect(card.getByRole('button', { name: 'Increase infants' })).toBeEnabled();
  // A home that does not allow pets offers none.
  await expect(card.getByRole('button', { name: 'Increase pets' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(toggle).toBeFocused();

  // Past days cannot be chosen.
  await page.getByTestId('check-in-input').click();
  const calendar = await calendarOf(page, 'check-in-input');
  const yesterday = addDays(todayIso(), -1);
  if (yesterday.slice(0, 7) === todayIso().slice(0, 7)) {
    await showMonth(calendar, yesterday);
    await expect(day(calendar, yesterday)).toBeDisabled();
  }
  await page.keyboard.press('Escape');

  // Without a check-in: the check-out picker asks for it first, and Reserve asks for both dates.
  await card.getByRole('button', { name: 'Clear check-in date' }).click();
  await expect(card.getByTestId('check-in-input')).toHaveText('Add date');
  await card.getByTestId('check-out-input').click();
  await expect(page.getByText('Select check-in date first')).toBeVisible();
  await expect(card.getByTestId('check-out-input')).toHaveAttribute('aria-expanded', 'false');
  await card.getByTestId('reserve').click();
  await expect(page.getByText('Dates required')).toBeVisible();
  await expect(page.getByText('Please select your check-in and check-out dates')).toBeVisible();
  await expect(card.getByTestId('price-breakdown')).toBeHidden();
});

test('with the Guest Registration setting on, Reserve asks a visitor to sign in first', async ({
  page,
  request,
  playwright,
}) => {
  const property = await pickProperty(request);
  const admin = await playwright.request.newContext({ baseURL: workerOrigin(test.info().parallelIndex) });
  expect(
    (await admin.post('/api/auth/login', { data: { username: 'admin', password: 'admin123' } })).ok(),
  ).toBe(true);
  const settings = (await (await admin.get('/api/settings')).json()) as Record<string, unknown> & {
    enableGuestRegistration: boolean;
  };
  const save = (on: boolean) =>
    admin.put('/api/settings', { data: { ...settings, enableGuestRegistration: on } });
  expect((await save(true)).ok()).toBe(true);
  try {
    // The page carries the settings: Reserve asks at once.
    await page.goto(`/property/${property.id}`);
    const reserve = page.getByTestId('reserve');
    await reserve.click();
    await expect(page.getByRole('dialog', { name: 'Log in or sign up' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // A page without them (the server could not read them) asks for them, and their answer is held
    // until Reserve has been pressed: a press that comes before the page knows the setting must wait
    // for it, not be lost or act on the default (registration off).
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await withoutPageData(page, 'config.get');
    await rewriteTrpc(page, 'config.get', (real) => real, held);
    await page.reload();
    await reserve.click();
    await expect(reserve).toHaveAttribute('aria-busy', 'true');
    await expect(reserve).toBeFocused();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    release();
    await expect(reserve).not.toHaveAttribute('aria-busy');
    await expect(page.getByText('Please sign in to book')).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Log in or sign up' })).toBeVisible();
    await expect(page).not.toHaveURL(/\/book\//);
  } finally {
    await save(settings.enableGuestRegistration);
    await admin.dispose();
  }
});
