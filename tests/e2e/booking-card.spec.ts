import type { APIRequestContext, Locator } from '@playwright/test';
import { addDays, daysBetween, formatIsoDate, todayIso } from '../../src/shared/dates.ts';
import { DATES_UNAVAILABLE } from '../../src/shared/messages.ts';
import { choosePay, reserveToCheckout } from './support/checkout.ts';
import { expect, expectToast, test } from './fixtures.ts';
import { calendarDay, calendarOf } from './support/stay.ts';

interface TRange {
  checkIn: string;
  checkOut: string;
}

const GUEST = { name: 'Card Tester', email: 'card@example.com', phone: '+1 555 0100', country: 'Ireland' };
/** The card's date inputs show `Nov 24, 2026`. */
const shown = (iso: string) => formatIsoDate(iso, true);

async function rangesOf(request: APIRequestContext, id: number): Promise<TRange[]> {
  return (await (await request.get(`/api/properties/${id}/availability`)).json()) as TRange[];
}

/** A home with nothing held in the next `days` days (newest first), so the test owns its calendar. */
async function emptyHome(request: APIRequestContext, days: number, skip: number[] = []): Promise<number> {
  const all = (await (await request.get('/api/properties')).json()) as { id: number; maxGuests: number }[];
  const until = addDays(todayIso(), days);
  for (const { id, maxGuests } of all.reverse()) {
    if (skip.includes(id) || maxGuests < 2) continue;
    if (!(await rangesOf(request, id)).some((r) => r.checkIn < until)) return id;
  }
  throw new Error(`no demo home is free for ${days} days`);
}

/** Books a stay through the REST API at the server's own quote. */
async function book(request: APIRequestContext, propertyId: number, checkIn: string, checkOut: string) {
  const quote = (await (
    await request.get(
      `/api/bookings/quote?propertyId=${propertyId}&checkIn=${checkIn}&checkOut=${checkOut}&guests=1`,
    )
  ).json()) as { total: number };
  const res = await request.post('/api/bookings', {
    data: { propertyId, checkIn, checkOut, guests: 1, totalPrice: quote.total, contactInfo: GUEST },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

/** Fills the checkout's contact details (bank transfer: no card step) and confirms. */
async function fillContactForm(form: Locator) {
  await choosePay(form, 'bank_transfer');
  await form.getByLabel('Full name').fill(GUEST.name);
  await form.getByLabel('Email').fill(GUEST.email);
  await form.getByLabel('Phone').fill(GUEST.phone);
  await form.getByLabel('Country/Region').fill(GUEST.country);
  await form.getByRole('button', { name: 'Confirm booking' }).click();
}

test('on a home booked today the card starts on the first free stay, and booking the defaults succeeds', async ({
  page,
  request,
}) => {
  const id = await emptyHome(request, 30);
  const today = todayIso();
  await book(request, id, today, addDays(today, 2));
  const { minNights } = (await (await request.get(`/api/properties/${id}/stay-rules`)).json()) as {
    minNights: number;
  };
  const nights = Math.max(5, minNights);

  await page.goto(`/property/${id}`);
  const card = page.getByTestId('booking-card');
  await expect(card.getByTestId('check-in-input')).toHaveText(shown(addDays(today, 2)));
  await expect(card.getByTestId('check-out-input')).toHaveText(shown(addDays(today, 2 + nights)));
  await expect(card.getByTestId('stay-problem')).toBeHidden();
  await expect(card.getByTestId('price-breakdown')).toContainText(`x ${nights} nights`);

  await fillContactForm(await reserveToCheckout(page));
  await expectToast(page, 'Booking confirmed!');
  await expect(page.getByRole('dialog', { name: 'Booking Confirmed!' })).toBeVisible();
});

test('a check-in before a taken night clamps the check-out; taken dates disable Reserve; the race still answers 409', async ({
  page,
  request,
}) => {
  const id = await emptyHome(request, 80);
  const checkIn = addDays(todayIso(), 40);
  await book(request, id, addDays(checkIn, 3), addDays(checkIn, 6));
  const card = page.getByTestId('booking-card');

  // Choosing a check-in 3 nights before the booking: check-out stops at its check-in day.
  await page.goto(`/property/${id}`);
  await expect(card.getByTestId('check-in-input')).toHaveText(shown(todayIso()));
  await card.getByTestId('check-in-input').click();
  const inCalendar = await calendarOf(page, 'check-in-input');
  for (let m = 0; m < 3 && !(await calendarDay(inCalendar, addDays(checkIn, 4)).isVisible()); m++)
    await inCalendar.getByRole('button', { name: 'Next month' }).click();
  // Booked nights cannot be chosen as a check-in.
  await expect(calendarDay(inCalendar, addDays(checkIn, 4))).toBeDisabled();
  await calendarDay(inCalendar, checkIn).click();
  await expect(card.getByTestId('check-out-input')).toHaveText(shown(addDays(checkIn, 3)));
  await calendarOf(page, 'check-out-input');
  await page.keyboard.press('Escape');
  await expect(card.getByTestId('reserve')).toBeEnabled();

  // Taken dates from a shared link: said inline, Reserve disabled, the contact form never opens.
  await page.goto(`/property/${id}?checkIn=${addDays(checkIn, 2)}&checkOut=${addDays(checkIn, 5)}&guests=2`);
  await expect(card.getByTestId('check-in-input')).toHaveText(shown(addDays(checkIn, 2)));
  await expect(card.getByTestId('stay-problem')).toHaveText(DATES_UNAVAILABLE);
  await expect(card.getByTestId('reserve')).toBeDisabled();
  await expect(card.getByTestId('price-breakdown')).toBeHidden();

  // The real race: free when the checkout opened, taken before the guest confirms. The checkout says
  // so in place, with the current calendar, and keeps what was typed.
  const raceIn = addDays(checkIn, 10);
  await page.goto(`/property/${id}?checkIn=${raceIn}&checkOut=${addDays(raceIn, 2)}`);
  await expect(card.getByTestId('price-breakdown')).toBeVisible();
  const checkout = await reserveToCheckout(page);
  await book(request, id, raceIn, addDays(raceIn, 2));
  await fillContactForm(checkout);
  await expect(checkout.getByTestId('booking-error')).toContainText('These dates are no longer available');
  await expect(checkout.getByTestId('stay-problem')).toHaveText(DATES_UNAVAILABLE);
  await expect(checkout.getByTestId('confirm-booking')).toBeDisabled();
  await expect(checkout.getByLabel('Full name')).toHaveValue(GUEST.name);
});

test('a dated search carries into the listing: totals on the cards, the dates and guests on the card and in the header', async ({
  page,
}) => {
  const checkIn = addDays(todayIso(), 120);
  const checkOut = addDays(checkIn, 4);
  await page.goto(`/?checkIn=${checkIn}&checkOut=${checkOut}&guests=3`);
  const first = page.getByTestId('property-card').first();
  await expect(first.getByTestId('card-stay-total')).toHaveText(/^ · \$[\d,]+(\.\d\d)? total for 4 nights$/);
  await first.getByRole('link').click();

  await expect(page).toHaveURL(new RegExp(`checkIn=${checkIn}&checkOut=${checkOut}&guests=3`));
  const card = page.getByTestId('booking-card');
  await expect(card.getByTestId('check-in-input')).toHaveText(shown(checkIn));
  await expect(card.getByTestId('check-out-input')).toHaveText(shown(checkOut));
  await expect(card.getByTestId('guests-count')).toHaveText('3 guests');
  await expect(card.getByTestId('price-breakdown')).toContainText(
    `x ${daysBetween(checkIn, checkOut)} nights`,
  );
  await expect(page.getByTestId('search-bar-guests')).toContainText('3 guests');
  await expect(page.getByTestId('search-bar-dates')).not.toContainText('Any week');

  // A stay in the past is dropped from the URL state.
  await page.goto('/?checkIn=2020-01-01&checkOut=2020-01-05');
  await expect(page.getByTestId('search-bar-dates')).toContainText('Any week');
});
