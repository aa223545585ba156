import fs from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { addDays, todayIso } from '../../src/shared/dates.ts';
import type { TAdminBooking, TDashboard } from '../../src/shared/schemas/admin.ts';
import type { TProperty } from '../../src/shared/schemas/property.ts';
import type { TSettings } from '../../src/shared/schemas/settings.ts';
import { expect, test } from './fixtures.ts';
import { quotedTotal } from './support/stay.ts';
import { expectNoSeriousA11yViolations, expectNoSeriousA11yViolationsInBothSchemes } from './support/a11y.ts';

/** The admin back office (docs/features.md#admin-back-office) in the browser: the bookings table, its drawer and export, the dashboard, Guests and Activity. */

test.use({ signedIn: 'admin' });

async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(path);
  expect(res.ok(), `${path}: ${res.status()}`).toBe(true);
  return (await res.json()) as T;
}

const stamp = Date.now().toString(36);
const contact = (n: number) => ({
  name: `Bulk Guest ${stamp} ${n}`,
  email: `bulk.${stamp}.${n}@example.com`,
  phone: '+1 555 0177',
  country: 'Norway',
  specialRequests: '=cmd|calc',
});

/** A booking on a free window, set to pending of `property`, from `from` days ahead. */
async function book(
  request: APIRequestContext,
  property: TProperty,
  taxRate: number,
  n: number,
  from: number,
) {
  for (let start = from; start < from + 60; start += 3) {
    const checkIn = addDays(todayIso(), start);
    const checkOut = addDays(checkIn, 2);
    const res = await request.post('/api/bookings', {
      data: {
        propertyId: property.id,
        checkIn,
        checkOut,
        guests: 1,
        totalPrice: quotedTotal(property.price, checkIn, checkOut, taxRate),
        contactInfo: contact(n),
      },
    });
    if (res.status() === 409) continue;
    expect(res.ok(), await res.text()).toBe(true);
    const made = (await res.json()) as { id: number; confirmationNumber: string; totalPrice: number };
    // An instant home's booking is confirmed at once; the operator sets it back to pending by hand, so
    // this test can confirm it again.
    const reset = await request.put(`/api/bookings/${made.id}/status`, { data: { status: 'pending' } });
    expect(reset.ok(), await reset.text()).toBe(true);
    return made;
  }
  throw new Error('no free window');
}

async function cleanUp(request: APIRequestContext, ids: number[]) {
  await request.post('/api/bookings/bulk-status', { data: { ids, status: 'cancelled' } });
}

const row = (page: Page, id: number) => page.locator(`[data-testid="booking-row"][data-booking-id="${id}"]`);

test('search by BIC, filter pending, bulk-confirm two after a confirm step, drawer by keyboard, CSV export', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const all = await getJson<TProperty[]>(page.request, '/api/properties');
  const property = all[Math.floor(all.length / 2) + 5] ?? all[0]!;
  const settings = await getJson<TSettings>(page.request, '/api/settings');
  const a = await book(page.request, property, settings.taxRate, 1, 250);
  const b = await book(page.request, property, settings.taxRate, 2, 270);
  try {
    // Search by BIC: only that booking, and the URL holds the search.
    await page.goto('/admin/bookings');
    await page.getByLabel('Search').fill(a.confirmationNumber);
    await expect(page).toHaveURL(new RegExp(`q=${a.confirmationNumber}`));
    await expect(page.getByTestId('booking-row')).toHaveCount(1);
    await expect(row(page, a.id).getByTestId('booking-bic')).toHaveText(a.confirmationNumber);

    // Filter pending bookings of this run (search by the shared name part).
    await page.goto(`/admin/bookings?status=pending&q=${encodeURIComponent(`Bulk Guest ${stamp}`)}`);
    await expect(page.getByTestId('booking-row')).toHaveCount(2);
    for (const r of await page.getByTestId('booking-row').all())
      await expect(r.getByTestId('status-badge')).toHaveText('Pending');
    await expectNoSeriousA11yViolations(page, 'admin bookings table (light)');

    // Bulk confirm after a confirm step that names both.
    await page.getByRole('checkbox', { name: `Select booking #${a.id}` }).check();
    await page.getByRole('checkbox', { name: `Select booking #${b.id}` }).check();
    await page.getByRole('button', { name: 'Confirm selected' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm 2 bookings?' });
    await expect(dialog).toContainText(a.confirmationNumber);
    await expect(dialog).toContainText(b.confirmationNumber);
    await expectNoSeriousA11yViolations(page, 'bulk confirm dialog (light)');
    await dialog.getByRole('button', { name: 'Confirm bookings' }).click();
    await expect(page.getByText('The booking status has been updated successfully.')).toBeVisible();
    await expect(page.getByTestId('booking-row')).toHaveCount(0);
    const list = await getJson<{ items: TAdminBooking[] }>(
      page.request,
      `/api/bookings/page?q=${encodeURIComponent(`Bulk Guest ${stamp}`)}`,
    );
    expect(list.items.map((x) => x.status)).toEqual(['confirmed', 'confirmed']);

    // The drawer by keyboard: Tab to the row's Details button, Enter.
    await page.goto(`/admin/bookings?q=${a.confirmationNumber}`);
    const details = page.getByRole('button', { name: `Details of booking #${a.id}` });
    await expect(details).toBeVisible();
    await page.getByRole('checkbox', { name: `Select booking #${a.id}` }).focus();
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      if (await details.evaluate((el) => el === document.activeElement)) break;
    }
    await expect(details).toBeFocused();
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: `Booking #${a.id}` });
    await expect(drawer.getByTestId('drawer-price')).toContainText('Nights2');
    await expect(drawer.getByTestId('drawer-price')).toContainText(`GST (${settings.taxRate}%)`);
    await expect(drawer.getByTestId('drawer-history')).toContainText('Booked (Confirmed)');
    await expect(drawer.getByTestId('drawer-history')).toContainText('Confirmed → Pending');
    await expect(drawer.getByTestId('drawer-history')).toContainText('Pending → Confirmed');
    await expect(drawer.getByTestId('drawer-contact')).toContainText(contact(1).email);
    await drawer.getByLabel('Add an internal note').fill('Late arrival, key in the box');
    await drawer.getByRole('button', { name: 'Add note' }).click();
    await expect(drawer.getByTestId('drawer-notes')).toContainText('Late arrival, key in the box');
    await expectNoSeriousA11yViolations(page, 'booking drawer (light)');
    await page.keyboard.press('Escape');
    await expect(drawer).toHaveCount(0);

    // Export CSV of the filtered list and read it back.
    await page.goto(`/admin/bookings?q=${encodeURIComponent(`Bulk Guest ${stamp}`)}`);
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export CSV' }).click();
    const file = await (await download).path();
    const csv = fs.readFileSync(file, 'utf8');
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toMatch(
      /^ID,Confirmation number,Property,Property ID,Guest,Email,Phone,Country,Special Requests,/,
    );
    expect(lines).toHaveLength(3);
    expect(csv).toContain(a.confirmationNumber);
    expect(csv).toContain(b.confirmationNumber);
    // The special request starts with '=': escaped, so a spreadsheet shows it as text.
    expect(csv).toContain(`"'=cmd|calc"`);
  } finally {
    await cleanUp(page.request, [a.id, b.id]);
  }
});

test("the dashboard's Pending Bookings opens the filtered list; today's check-ins match the database", async ({
  page,
}) => {
  const all = await getJson<TProperty[]>(page.request, '/api/properties');
  const settings = await getJson<TSettings>(page.request, '/api/settings');
  // A booking that checks in today, on the first home free tonight.
  let made: { id: number } | undefined;
  for (const p of all.slice(0, 30)) {
    const checkIn = todayIso();
    const checkOut = addDays(checkIn, Math.max(1, settings.minNightsDefault));
    const res = await page.request.post('/api/bookings', {
      data: {
        propertyId: p.id,
        checkIn,
        checkOut,
        guests: 1,
        totalPrice: quotedTotal(p.price, checkIn, checkOut, settings.taxRate),
        contactInfo: contact(9),
      },
    });
    if (res.ok()) {
      made = (await res.json()) as { id: number };
      break;
    }
  }
  try {
    await page.goto('/admin');
    const bookings = await getJson<TAdminBooking[]>(page.request, '/api/bookings');
    const today = todayIso();
    const arrivals = bookings.filter((x) => x.checkIn === today && x.status !== 'cancelled').length;
    expect(arrivals).toBeGreaterThan(made ? 0 : -1);
    await expect(page.getByTestId('check-ins-today')).toHaveText(String(arrivals));
    const departures = bookings.filter((x) => x.checkOut === today && x.status !== 'cancelled').length;
    await expect(page.getByTestId('check-outs-today')).toHaveText(String(departures));
    const dash = await getJson<TDashboard>(page.request, '/api/admin/dashboard');
    expect(dash.checkInsToday).toBe(arrivals);
    await expect(page.getByTestId('total-revenue')).toContainText(
      'Charged for every stay not cancelled or declined, all dates, taxes and fees included',
    );
    await expect(page.getByTestId('revenue-chart').locator('.recharts-wrapper')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'dashboard (light)');

    const pending = bookings.filter((x) => x.status === 'pending').length;
    await page.getByTestId('pending-bookings').click();
    await expect(page).toHaveURL(/\/admin\/bookings\?status=pending/);
    await expect(page.getByTestId('bookings-paging')).toContainText(`of ${pending}`);
  } finally {
    if (made) await cleanUp(page.request, [made.id]);
  }
});

test('Guests and Activity pages, in light and dark', async ({ page }) => {
  // Each page is scanned in light, then in dark (colours only) without loading it again. The dashboard
  // and the bookings table have their scans in admin-a11y.spec.ts.
  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { name: 'Guests' })).toBeVisible();
  const me = page.locator('[data-testid="user-row"]').filter({ hasText: '@admin' });
  await expect(me.getByRole('button', { name: 'Revoke admin' })).toBeDisabled();
  await expectNoSeriousA11yViolationsInBothSchemes(page, 'guests');
  await page.goto('/admin/activity');
  await expect(page.getByRole('heading', { name: 'Activity' })).toBeVisible();
  await expectNoSeriousA11yViolationsInBothSchemes(page, 'activity');
});
