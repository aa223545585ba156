import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { addDays, todayIso } from '../../../src/shared/dates.ts';
import { expect, expectToast } from '../fixtures.ts';

export { expectToast };

/** The calendar's day label, e.g. '10 June 2027' (Mantine's default, `D MMMM YYYY`). */
export function dayLabel(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return `${d} ${new Date(y, m - 1, d).toLocaleDateString('en-US', { month: 'long' })} ${y}`;
}

function monthsBetween(from: string, to: string): number {
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

export const calendarDay = (calendar: Locator, iso: string) =>
  calendar.getByRole('button', { name: dayLabel(iso), exact: true });

/** Picks check-in and check-out on the booking card of the open property page. */
export async function chooseStay(page: Page, checkIn: string, checkOut: string): Promise<void> {
  await page.getByTestId('check-in-input').click();
  const inCalendar = await calendarOf(page, 'check-in-input');
  for (let i = 0; i < monthsBetween(todayIso(), checkIn); i++)
    await inCalendar.getByRole('button', { name: 'Next month' }).click();
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
