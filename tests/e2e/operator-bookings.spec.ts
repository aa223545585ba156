import type { APIRequestContext } from '@playwright/test';
import { addDays, todayIso } from '../../src/shared/dates.ts';
import type { TProperty } from '../../src/shared/schemas/property.ts';
import { expect, test } from './fixtures.ts';

/**
 * Bookings the operator enters and moves (docs/booking-operations.md#operator-bookings): a phone booking
 * is moved to other nights on the home's month view. It uses a demo home the other specs leave alone and
 * cancels its booking at the end.
 */

const monthTitle = (iso: string) => {
  const [y, m] = iso.split('-').map(Number) as [number, number];
  return new Date(y, m - 1, 1).toLocaleDateString('en-US', { month: 'long', year: 'numeric' });
};
const monthsBetween = (from: string, to: string) =>
  (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 +
  Number(to.slice(5, 7)) -
  Number(from.slice(5, 7));

async function pickProperty(request: APIRequestContext): Promise<TProperty> {
  const all = (await (await request.get('/api/properties')).json()) as TProperty[];
  const p = all[all.length - 4];
  if (!p) throw new Error('the demo seed has too few properties');
  return p;
}

/** The first day of a month ahead from which `nights` nights are free and stay in that month. */
async function freeMonthWindow(request: APIRequestContext, id: number, nights: number): Promise<string> {
  const ranges = (await (await request.get(`/api/properties/${id}/availability`)).json()) as {
    checkIn: string;
    checkOut: string;
  }[];
  for (let start = addDays(todayIso(), 150); start < addDays(todayIso(), 330); start = addDays(start, 1)) {
    const end = addDays(start, nights);
    if (end.slice(0, 7) !== start.slice(0, 7)) continue;
    if (!ranges.some((r) => r.checkIn < end && start < r.checkOut)) return start;
  }
  throw new Error('no free window');
}

test('the admin moves a phone booking to other nights on the home calendar', async ({ asAdmin: page }) => {
  const property = await pickProperty(page.request);
  const start = await freeMonthWindow(page.request, property.id, 8);
  const made = await page.request.post('/api/admin/bookings', {
    data: {
      propertyId: property.id,
      checkIn: start,
      checkOut: addDays(start, 2),
      guests: 1,
      source: 'phone',
      guest: { name: 'Mo Mover' },
    },
  });
  expect(made.ok(), await made.text()).toBe(true);
  const booking = (await made.json()) as { id: number; confirmationNumber: string };
  try {
    await page.goto(`/admin/calendar/${property.id}`);
    for (let i = 0; i < monthsBetween(todayIso(), start); i++)
      await page.getByRole('button', { name: 'Next month' }).click();
    await expect(page.getByTestId('calendar-month')).toHaveText(monthTitle(start));
    const cell = (iso: string) => page.locator(`[data-testid="calendar-day"][data-date="${iso}"]`);
    await expect(cell(start)).toHaveAttribute('data-kind', 'confirmed');

    await cell(addDays(start, 4)).click();
    await cell(addDays(start, 6)).click();
    const panel = page.getByTestId('selection-bookings');
    await panel.getByLabel('Booking to move here').click();
    await page.getByRole('option', { name: new RegExp(booking.confirmationNumber) }).click();
    await panel.getByRole('button', { name: 'Move booking here' }).click();
    await expect(page.getByText(`Booking ${booking.confirmationNumber} changed`)).toBeVisible();

    await expect(cell(addDays(start, 4))).toHaveAttribute('data-kind', 'confirmed');
    await expect(cell(start)).not.toHaveAttribute('data-kind', /.+/);
    const detail = await (await page.request.get(`/api/bookings/${booking.id}/detail`)).json();
    expect(detail).toMatchObject({ checkIn: addDays(start, 4), checkOut: addDays(start, 7) });
  } finally {
    await page.request.put(`/api/bookings/${booking.id}/status`, { data: { status: 'cancelled' } });
  }
});
