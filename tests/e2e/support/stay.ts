import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { addDays, todayIso } from '../../../src/shared/dates.ts';
import { percentOf, toMajor, toMinor } from '../../../src/shared/money.ts';
import { quoteStay } from '../../../src/shared/pricing.ts';
import { expect, expectToast } from '../fixtures.ts';

export { expectToast };

/** The calendar's day label, e.g. '10 June 2027' (Mantine's default, `D MMMM YYYY`). */
export function dayLabel(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return `${d} ${new Date(y, m - 1, d).toLocaleDateString('en-US', { month: 'long' })} ${y}`;
}

/** Months from the month of `from` to the month of `to` (ISO dates, or just yyyy-MM). */
export function monthsBetween(from: string, to: string): number {
  return (
    (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 +
    Number(to.slice(5, 7)) -
    Number(from.slice(5, 7))
  );
}

/** A check-in at least `daysAhead` days out whose `nights` are free on the home. */
export async function freeWindow(
  request: APIRequestContext,
  propertyId: number,
  daysAhead: number,
  nights: number,
): Promise<string> {
  const res = await request.get(`/api/properties/${propertyId}/availability`);
  const ranges = (await res.json()) as { checkIn: string; checkOut: string }[];
  for (let start = addDays(todayIso(), daysAhead); ; start = addDays(start, 1)) {
    const end = addDays(start, nights);
    if (!ranges.some((r) => r.checkIn < end && start < r.checkOut)) return start;
  }
}

/** The open calendar of a date input (its popover, found through aria-controls). */
export async function calendarOf(page: Page, testId: 'check-in-input' | 'check-out-input'): Promise<Locator> {
  const input = page.getByTestId(testId);
  await expect(input).toHaveAttribute('aria-expanded', 'true');
  const id = await input.getAttribute('aria-controls');
  return page.locator(`[id="${id}"]`);
}

/** A day of an open calendar, by its name: a booked day's name adds ', booked'. */
export const calendarDay = (calendar: Locator, iso: string) =>
  calendar.getByRole('button', { name: new RegExp(`^${dayLabel(iso)}(, booked)?$`) });

/** The first month's heading button ('November 2026'): its name is its text. */
export const monthHeading = (calendar: Locator) =>
  calendar.getByRole('button', { name: /^[A-Z][a-z]+ \d{4}$/ }).first();

const MONTH_NAMES = Array.from({ length: 12 }, (_, m) =>
  new Date(2000, m, 1).toLocaleDateString('en-US', { month: 'long' }),
);

/**
 * Moves an open booking-card calendar until the month of `iso` is in view. It opens on the card's
 * check-in, which may lie in a later month than today, so the way there is counted from the month it
 * shows. On desktop two months show side by side and one click moves both (Mantine scrolls by its
 * column count), so the target may be the second column and a click may pass over it.
 */
export async function showMonth(calendar: Locator, iso: string): Promise<void> {
  const headings = calendar.getByRole('button', { name: /^[A-Z][a-z]+ \d{4}$/ });
  const header = headings.first();
  const target = `${MONTH_NAMES[Number(iso.slice(5, 7)) - 1]} ${iso.slice(0, 4)}`;
  const columns = await headings.count();
  // One click at a time, reading the first heading after each.
  for (let i = 0; i < 36; i++) {
    const [name = '', year = ''] = ((await header.textContent()) ?? '').trim().split(' ');
    const steps = monthsBetween(`${year}-${String(MONTH_NAMES.indexOf(name) + 1).padStart(2, '0')}`, iso);
    if (steps >= 0 && steps < columns) break;
    await calendar.getByRole('button', { name: steps < 0 ? 'Previous month' : 'Next month' }).click();
    await expect(header).not.toHaveText(`${name} ${year}`);
  }
  await expect(calendar.getByRole('button', { name: target, exact: true })).toBeVisible();
}

/** Picks check-in and check-out on the booking card of the open property page. */
export async function chooseStay(page: Page, checkIn: string, checkOut: string): Promise<void> {
  await page.getByTestId('check-in-input').click();
  const inCalendar = await calendarOf(page, 'check-in-input');
  await showMonth(inCalendar, checkIn);
  await calendarDay(inCalendar, checkIn).click();
  const outCalendar = await calendarOf(page, 'check-out-input');
  await calendarDay(outCalendar, checkOut).click();
  await expect(page.getByTestId('check-out-input')).toHaveAttribute('aria-expanded', 'false');
}

/** Asserts a toast, then closes it so the next one shows at once (the site shows one toast at a time). */
export async function loginInUi(page: Page, username: string, password: string) {
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Login' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log in or sign up' });
  await dialog.getByLabel('Username').fill(username);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Continue', exact: true }).click();
  await expectToast(page, 'Login successful');
  await expect(dialog).toBeHidden();
}

/**
 * The total the server quotes for a flat-priced stay, in dollars as the API answers: priced in cents by the
 * shared quote from the home's price as the API gives it (dollars with cents).
 */
export function quotedTotal(price: number, checkIn: string, checkOut: string, taxRate: number): number {
  return toMajor(quoteStay(toMinor(price), checkIn, checkOut, taxRate).total);
}

/** `percent` % GST on a subtotal in dollars, rounded to the cent as the quote rounds it. */
export function gstOn(subtotal: number, percent: number): number {
  return toMajor(percentOf(toMinor(subtotal), percent));
}
