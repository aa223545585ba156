import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { addDays, formatIsoDate, todayIso } from '../../src/shared/dates.ts';
import type { TProperty } from '../../src/shared/schemas/property.ts';
import { expect, test } from './fixtures.ts';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { calendarDay, dayLabel, monthsBetween, showMonth } from './support/stay.ts';

/**
 * The operator's calendar (docs/features.md#operator-calendar), end to end: the admin blocks and prices nights on a home's month
 * view, the guest's booking card and quote follow, and the timeline shows a new booking. Each test undoes
 * what it did, on a demo home near the end of the list that the other specs leave alone.
 */

const usd = (n: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(n);
const monthTitle = (iso: string) => {
  const [y, m] = iso.split('-').map(Number) as [number, number];
  return new Date(y, m - 1, 1).toLocaleDateString('en-US', { month: 'long', year: 'numeric' });
};

async function pickProperty(request: APIRequestContext): Promise<TProperty> {
  const res = await request.get('/api/properties');
  const all = (await res.json()) as TProperty[];
  const p = all[all.length - 2];
  if (!p) throw new Error('the demo seed has too few properties');
  return p;
}

async function heldRanges(request: APIRequestContext, id: number) {
  const res = await request.get(`/api/properties/${id}/availability`);
  return (await res.json()) as { checkIn: string; checkOut: string }[];
}

/** The first `nights`-night window from `from` on that nothing holds. */
async function freeWindow(
  request: APIRequestContext,
  id: number,
  from: string,
  nights: number,
): Promise<string> {
  const ranges = await heldRanges(request, id);
  for (let start = from; start < addDays(from, 300); start = addDays(start, 1)) {
    const end = addDays(start, nights);
    if (!ranges.some((r) => r.checkIn < end && start < r.checkOut)) return start;
  }
  throw new Error('no free window');
}

/** Opens the home's month view from the listings table and moves to the month of `iso`. */
async function openHomeCalendar(page: Page, property: TProperty, iso: string): Promise<void> {
  await page.goto('/admin/listings');
  await page.getByRole('link', { name: `Calendar of ${property.title}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/calendar/${property.id}$`));
  for (let i = 0; i < monthsBetween(todayIso(), iso); i++)
    await page.getByRole('button', { name: 'Next month' }).click();
  await expect(page.getByTestId('calendar-month')).toHaveText(monthTitle(iso));
}

const cell = (page: Page, iso: string) => page.locator(`[data-testid="calendar-day"][data-date="${iso}"]`);

async function guestCalendar(page: Page, property: TProperty, iso: string): Promise<Locator> {
  await page.goto(`/property/${property.id}`);
  const input = page.getByTestId('check-in-input');
  await input.click();
  await expect(input).toHaveAttribute('aria-expanded', 'true');
  const calendar = page.locator(`[id="${await input.getAttribute('aria-controls')}"]`);
  await showMonth(calendar, iso);
  return calendar;
}

test('the admin blocks a range on the home calendar and the guest card disables those days', async ({
  asAdmin: page,
}) => {
  const property = await pickProperty(page.request);
  const start = await freeWindow(page.request, property.id, addDays(todayIso(), 100), 5);
  try {
    await openHomeCalendar(page, property, start);
    // Drag across the first three nights (or click the first and the last).
    await cell(page, start).click();
    await cell(page, addDays(start, 2)).click();
    const actions = page.getByTestId('selection-actions');
    // Three nights read by their last night, never by the morning after it.
    const lastNight = addDays(start, 2);
    await expect(actions).toContainText(
      `${formatIsoDate(start, true)} – ${formatIsoDate(lastNight, true)} · 3 nights selected`,
    );
    // The calendar's own widgets; the admin frame's theme colours are checked by the admin suite.
    await expectNoSeriousA11yViolations(page, 'home calendar with a selection', {
      include: '[data-testid="month-grid"]',
    });
    await actions.getByLabel('Note').fill('Roof repair');
    await actions.getByRole('button', { name: 'Block dates' }).click();
    await expect(page.getByText('Dates blocked')).toBeVisible();
    await expect(cell(page, start)).toHaveAttribute('data-kind', 'block');
    await expect(cell(page, addDays(start, 2))).toHaveAttribute('data-kind', 'block');
    await expect(cell(page, addDays(start, 3))).not.toHaveAttribute('data-kind', /.+/);
    await expect(
      page.getByText(`${formatIsoDate(start)} – ${formatIsoDate(lastNight)} · Maintenance: Roof repair`),
    ).toBeVisible();

    const calendar = await guestCalendar(page, property, start);
    for (const n of [0, 1, 2]) await expect(calendarDay(calendar, addDays(start, n))).toBeDisabled();
    await expect(
      calendar.getByRole('button', { name: dayLabel(addDays(start, 3)), exact: true }),
    ).toBeEnabled();
  } finally {
    await page.request.post(`/api/properties/${property.id}/blocks/reopen`, {
      data: { startDate: start, endDate: addDays(start, 3) },
    });
  }
});

test("the admin sets a high-season price and the guest's quote for those nights uses it", async ({
  asAdmin: page,
}) => {
  const property = await pickProperty(page.request);
  const start = await freeWindow(page.request, property.id, addDays(todayIso(), 130), 4);
  const high = 987;
  try {
    await openHomeCalendar(page, property, start);
    await cell(page, start).click();
    await cell(page, addDays(start, 2)).click();
    const actions = page.getByTestId('selection-actions');
    await actions.getByLabel('Nightly price').fill(String(high));
    await actions.getByRole('button', { name: 'Set price' }).click();
    await expect(page.getByText('Price saved')).toBeVisible();
    await expect(cell(page, start).getByTestId('day-price')).toContainText(String(high));
    // The season lists its last priced night, the day before the one its stored end names.
    await expect(page.getByTestId('seasons')).toContainText(
      `${formatIsoDate(start, true)} – ${formatIsoDate(addDays(start, 2), true)}`,
    );

    const calendar = await guestCalendar(page, property, start);
    await calendar.getByRole('button', { name: dayLabel(start), exact: true }).click();
    const checkOut = page.getByTestId('check-out-input');
    await expect(checkOut).toHaveAttribute('aria-expanded', 'true');
    const outCalendar = page.locator(`[id="${await checkOut.getAttribute('aria-controls')}"]`);
    await outCalendar.getByRole('button', { name: dayLabel(addDays(start, 3)), exact: true }).click();
    const breakdown = page.getByTestId('price-breakdown');
    await expect(breakdown.getByTestId('subtotal')).toHaveText(usd(3 * high));
    await expect(breakdown).toContainText(`${usd(high)} x 3 nights`);
  } finally {
    const rates = (await (await page.request.get(`/api/properties/${property.id}/rates`)).json()) as {
      id: number;
    }[];
    for (const r of rates) await page.request.delete(`/api/properties/${property.id}/rates/${r.id}`);
  }
});

test('the timeline shows a new booking on its home', async ({ asAdmin: page }) => {
  const property = await pickProperty(page.request);
  const checkIn = await freeWindow(page.request, property.id, addDays(todayIso(), 3), 2);
  // The timeline opens on the coming two months.
  expect(checkIn < addDays(todayIso(), 55)).toBe(true);
  const res = await page.request.post('/api/bookings', {
    data: {
      propertyId: property.id,
      checkIn,
      checkOut: addDays(checkIn, 2),
      guests: 1,
      contactInfo: {
        name: 'Tia Timeline',
        email: 'tia@example.com',
        phone: '+1 555 0177',
        country: 'Canada',
      },
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const booking = (await res.json()) as { id: number; confirmationNumber: string };
  try {
    await page.goto('/admin');
    await page.getByTestId('admin-sidebar').getByRole('link', { name: 'Calendar' }).click();
    await expect(page).toHaveURL(/\/admin\/calendar$/);
    await page.getByLabel('Find a home').fill(property.title);
    const row = page.locator(`[data-testid="timeline-row"][data-property-id="${property.id}"]`);
    const bar = row.locator('[data-testid="timeline-bar"][data-kind="confirmed"]', {
      hasText: `Tia Timeline · ${booking.confirmationNumber}`,
    });
    await expect(bar).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'timeline', { include: '[data-testid="timeline"]' });
  } finally {
    await page.request.put(`/api/bookings/${booking.id}/status`, { data: { status: 'cancelled' } });
  }
});

test("'Regenerate' asks in the app's own dialog, and focus goes back to the button", async ({
  asAdmin: page,
}) => {
  const property = await pickProperty(page.request);
  // A native confirm() would be answered here; the test fails if the page ever opens one.
  const nativeDialogs: string[] = [];
  page.on('dialog', (d) => {
    nativeDialogs.push(d.message());
    void d.dismiss();
  });
  await openHomeCalendar(page, property, todayIso());
  const url = page.getByTestId('ical-export-url');
  await expect(url).toHaveValue(/\/ical\//);
  const before = await url.inputValue();
  const button = page.getByRole('button', { name: 'Regenerate', exact: true });

  await button.click();
  let dialog = page.getByRole('dialog', { name: 'Make a new feed URL?' });
  await expect(dialog).toContainText('Sites using the old one will stop receiving updates.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();
  await expect(url).toHaveValue(before);

  await button.click();
  dialog = page.getByRole('dialog', { name: 'Make a new feed URL?' });
  await dialog.getByRole('button', { name: 'Regenerate' }).click();
  await expect(dialog).toBeHidden();
  await expect(url).not.toHaveValue(before);
  await expect(button).toBeFocused();
  expect(nativeDialogs).toEqual([]);
});

test('the operator adds an export-only channel by name and gets its own export URL, with nothing to sync', async ({
  asAdmin: page,
}) => {
  const property = await pickProperty(page.request);
  const name = `Direct ${Date.now().toString(36)}`;
  await page.goto(`/admin/calendar/${property.id}`);
  const form = page.getByRole('form', { name: 'Add an export-only channel' });
  await form.getByLabel('Export-only channel name').fill(name);
  await form.getByRole('button', { name: 'Add export-only channel' }).click();
  const exportUrl = page.getByRole('textbox', { name: `Export URL for ${name}` });
  await expect(exportUrl).toHaveValue(/\/ical\/[A-Za-z0-9_-]+\.ics\?feed=\d+$/);
  const row = page.getByTestId('feeds').getByRole('row').filter({ has: exportUrl });
  await expect(row).toContainText('Export only: reads our calendar, nothing is imported');
  await expect(row.getByRole('button', { name: 'Sync now' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'channels with an export-only one');
  // The URL serves the calendar.
  const served = await page.request.get(
    new URL(await exportUrl.inputValue()).pathname + new URL(await exportUrl.inputValue()).search,
  );
  expect(served.status()).toBe(200);
  expect(await served.text()).toContain('BEGIN:VCALENDAR');
  const feedId = /feed=(\d+)/.exec(await exportUrl.inputValue())?.[1];
  await page.request.delete(`/api/properties/${property.id}/ical/feeds/${feedId}`);
});
