import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { addDays, todayIso } from '../../src/shared/dates.ts';
import { ratingLabel, reviewsLabel } from '../../src/shared/labels.ts';
import type { TAdminBooking, TAdminBookingList, TDashboard } from '../../src/shared/schemas/admin.ts';
import type { TProperty } from '../../src/shared/schemas/property.ts';
import type { TSettings } from '../../src/shared/schemas/settings.ts';
import { expect, expectToast, failTrpc, test } from './fixtures.ts';
import { formatMoney, toMajor, toMinor } from '../../src/shared/money.ts';
import { gstOn, quotedTotal } from './support/stay.ts';

/**
 * The admin back office as the seeded admin (admin/admin123). Every test creates or restores what it
 * changes (its own bookings, reviews and categories; settings put back), so the rest of the suite,
 * which shares the server, sees the demo data as seeded.
 */

async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(path);
  expect(res.ok(), `${path}: ${res.status()}`).toBe(true);
  return (await res.json()) as T;
}

/** A property no other spec is likely to use: one from the middle of the demo list. */
async function pickProperty(request: APIRequestContext, offset: number): Promise<TProperty> {
  const all = await getJson<TProperty[]>(request, '/api/properties');
  const p = all[Math.floor(all.length / 2) + offset];
  if (!p) throw new Error('the demo seed has too few properties');
  return p;
}

const contact = {
  name: 'Eve Admin-Test',
  email: 'eve.admin@example.com',
  phone: '+1 555 0142',
  country: 'Canada',
};

/** Books a free 2-night window far ahead (the seed's bookings end earlier); answers the booking. */
async function bookFarAhead(request: APIRequestContext, property: TProperty, taxRate: number, from = 300) {
  for (let start = from; start < 360; start += 3) {
    const checkIn = addDays(todayIso(), start);
    const checkOut = addDays(checkIn, 2);
    const total = quotedTotal(property.price, checkIn, checkOut, taxRate);
    const res = await request.post('/api/bookings', {
      data: {
        propertyId: property.id,
        checkIn,
        checkOut,
        guests: 1,
        totalPrice: total,
        contactInfo: contact,
      },
    });
    if (res.status() === 409 && (await res.text()).includes('These dates are no longer available')) continue;
    expect(res.ok(), await res.text()).toBe(true);
    const made = (await res.json()) as { id: number; totalPrice: number; checkIn: string; checkOut: string };
    // An instant home's booking is confirmed at once; set back to pending, the operator confirms it here.
    await setBookingStatus(request, made.id, 'pending');
    return made;
  }
  throw new Error('no free window found');
}

async function setBookingStatus(
  request: APIRequestContext,
  id: number,
  status: 'cancelled' | 'confirmed' | 'pending',
) {
  const res = await request.put(`/api/bookings/${id}/status`, { data: { status } });
  expect(res.ok(), await res.text()).toBe(true);
}

function money(text: string | null): number {
  return Number((text ?? '').replace(/[^0-9.]/g, ''));
}

async function openSettingsTab(page: Page, tab: string) {
  await page.goto('/admin/settings');
  await expect(page.getByRole('heading', { name: 'Settings', exact: true })).toBeVisible();
  await page.getByRole('tab', { name: tab }).click();
}

async function saveSettings(page: Page) {
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Your changes have been saved successfully.')).toBeVisible();
}

// Every test here runs signed in as the admin.
test.use({ signedIn: 'admin' });

test('the sidebar highlights the current section and carries directAdmin=true', async ({ page }) => {
  await page.goto('/admin/bookings?directAdmin=true');
  const sidebar = page.getByTestId('admin-sidebar');
  await expect(sidebar.getByRole('link', { name: 'Bookings' })).toHaveAttribute('aria-current', 'page');
  await expect(sidebar.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current', 'page');
  for (const name of ['Dashboard', 'Listings', 'Bookings', 'Reviews', 'Settings']) {
    await expect(sidebar.getByRole('link', { name })).toHaveAttribute('href', /directAdmin=true/);
  }
  // Demo mode is off on this server: the admin is signed in for real, and the page does not claim otherwise.
  await expect(page.getByRole('heading', { name: 'All Bookings' })).toBeVisible();
  await expect(page.getByText('Using direct admin access')).toHaveCount(0);
  await sidebar.getByRole('link', { name: 'Reviews' }).click();
  await expect(page).toHaveURL(/\/admin\/reviews\?directAdmin=true/);
  await expect(page.getByText('Select a property to view its reviews')).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Back to site' })).toHaveAttribute('href', '/');
});

test('the dashboard counters match the database', async ({ page }) => {
  const bookings = await getJson<TAdminBookingList>(page.request, '/api/bookings/page?pageSize=200');
  expect(bookings.total).toBeLessThanOrEqual(200);
  const properties = await getJson<TProperty[]>(page.request, '/api/properties');
  // Added in cents, as the server adds them.
  const revenue = toMajor(
    bookings.items.filter((b) => b.status !== 'cancelled').reduce((sum, b) => sum + toMinor(b.totalPrice), 0),
  );
  const pending = bookings.items.filter((b) => b.status === 'pending').length;
  // The demo seeds a request awaiting an answer: the Booking Requests counter has something to count.
  const requested = bookings.items.filter((b) => b.status === 'requested').length;
  expect(requested).toBeGreaterThan(0);
  const api = await getJson<TDashboard>(page.request, '/api/admin/dashboard');
  expect(api).toMatchObject({
    totalProperties: properties.length,
    totalBookings: bookings.total,
    totalRevenue: revenue,
    pendingBookings: pending,
    requestedBookings: requested,
  });

  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByTestId('total-properties-value')).toHaveText(String(properties.length));
  await expect(page.getByTestId('total-bookings-value')).toHaveText(String(bookings.total));
  await expect(page.getByTestId('total-revenue-value')).toHaveText(
    formatMoney(revenue, 'USD', { whole: true }),
  );
  await expect(page.getByTestId('pending-bookings-value')).toHaveText(String(pending));
  await expect(page.getByTestId('requested-bookings-value')).toHaveText(String(requested));
  await expect(page.getByTestId('recent-booking')).toHaveCount(5);
  await expect(page.getByTestId('recent-property')).toHaveCount(5);
  // Status dots: green confirmed, red cancelled, amber otherwise.
  for (const b of api.recentBookings) {
    await expect(
      page
        .getByTestId('recent-booking')
        .filter({ hasText: `Booking #${b.id}` })
        .locator(`[data-status="${b.status}"]`),
    ).toBeVisible();
  }
  // Each recent booking names its guest and its home.
  const recent = page.getByTestId('recent-booking');
  for (const [i, b] of api.recentBookings.entries()) {
    await expect(recent.nth(i).getByTestId('recent-booking-guest')).toHaveText(b.guestName);
    await expect(recent.nth(i).getByTestId('recent-booking-home')).toHaveText(b.propertyTitle);
  }
  await expect(page.getByTestId('in-house-now')).toHaveText(String(api.inHouseNow));
  // Occupancy night by night: a chart, and its figures for screen readers.
  await expect(page.getByTestId('occupancy-by-night').locator('svg.recharts-surface').first()).toBeVisible();
  await expect(page.getByRole('table', { name: 'Occupancy night by night' }).getByRole('row')).toHaveCount(
    30,
  );
});

test('confirm a pending booking and cancel another; the badges change', async ({ page }) => {
  const property = await pickProperty(page.request, 1);
  const settings = await getJson<TSettings>(page.request, '/api/settings');
  const a = await bookFarAhead(page.request, property, settings.taxRate, 300);
  const b = await bookFarAhead(page.request, property, settings.taxRate, 320);
  try {
    await page.goto('/admin/bookings');
    await expect(page.getByRole('heading', { name: 'All Bookings' })).toBeVisible();
    await expect(page.getByText('View and manage all bookings across all properties')).toBeVisible();
    await expect(page.getByText('Using direct admin access')).toHaveCount(0);
    const rowA = page.locator(`[data-testid="booking-row"][data-booking-id="${a.id}"]`);
    const rowB = page.locator(`[data-testid="booking-row"][data-booking-id="${b.id}"]`);
    await expect(rowA.getByTestId('status-badge')).toHaveText('Pending');
    await expect(rowA).toContainText(`#${a.id}`);
    await expect(rowA.getByRole('link', { name: property.title })).toHaveAttribute(
      'href',
      `/property/${property.id}`,
    );
    await expect(rowA).toContainText(formatMoney(a.totalPrice));

    // The guest cell's hover card lists the contact details; no special requests shows 'None'.
    await rowA.getByTestId('guest-cell').hover();
    const card = page.getByTestId('guest-hovercard');
    await expect(card).toContainText(contact.phone);
    await expect(card).toContainText('Canada');
    await expect(card).toContainText('None');

    // Menus are looked up by their booking: a closing menu can still be in the page while the next opens.
    const menuOf = (id: number) => page.getByRole('menu', { name: `Actions for booking #${id}` });
    await rowA.getByRole('button', { name: `Actions for booking #${a.id}` }).click();
    await menuOf(a.id).getByRole('menuitem', { name: 'Confirm' }).click();
    await expect(page.getByText('The booking status has been updated successfully.')).toBeVisible();
    await expect(rowA.getByTestId('status-badge')).toHaveText('Confirmed');

    // Confirm is now disabled for it.
    await rowA.getByRole('button', { name: `Actions for booking #${a.id}` }).click();
    await expect(menuOf(a.id).getByRole('menuitem', { name: 'Confirm' })).toBeDisabled();
    await page.keyboard.press('Escape');

    // Money on B's ledger: $100 paid by transfer, then a $20 extra charge, which a cancel keeps.
    expect(
      (
        await page.request.post(`/api/admin/bookings/${b.id}/payments`, {
          data: { amount: 10_000, method: 'bank_transfer' },
        })
      ).ok(),
    ).toBe(true);
    expect(
      (
        await page.request.post(`/api/admin/bookings/${b.id}/adjustments`, {
          data: { amount: 2_000, reason: 'Extra cleaning' },
        })
      ).ok(),
    ).toBe(true);
    await rowB.getByRole('button', { name: `Actions for booking #${b.id}` }).click();
    await menuOf(b.id).getByRole('menuitem', { name: 'Cancel' }).click();
    // Cancelling asks first, naming the booking (docs/features.md#admin-back-office); nothing changes until confirmed.
    const ask = page.getByRole('dialog', { name: 'Cancel this booking?' });
    await expect(ask).toContainText(`#${b.id}`);
    // What it will refund, from the payments answer: the extra charge is kept.
    await expect(ask.getByTestId('cancel-refund')).toHaveText(
      'Refund due: $80.00; $80.00 is yours to pay back and record as a refund.',
    );
    await expect(rowB.getByTestId('status-badge')).toHaveText('Pending');
    await ask.getByRole('button', { name: 'Cancel bookings' }).click();
    await expect(rowB.getByTestId('status-badge')).toHaveText('Cancelled');
    await expect(rowA.getByTestId('status-badge')).toHaveText('Confirmed');
    const after = await getJson<TAdminBookingList>(page.request, '/api/bookings/page?pageSize=200');
    expect(after.items.find((x: TAdminBooking) => x.id === a.id)?.status).toBe('confirmed');
    expect(after.items.find((x: TAdminBooking) => x.id === b.id)?.status).toBe('cancelled');
  } finally {
    await setBookingStatus(page.request, a.id, 'cancelled');
    await setBookingStatus(page.request, b.id, 'cancelled');
  }
});

test("add, edit and delete a review; the property's rating and count follow on its public page", async ({
  page,
}) => {
  const property = await pickProperty(page.request, 2);
  const count0 = property.reviewCount;
  const sum0 = (property.rating ?? 0) * count0;
  const shown = (sum: number, n: number) => ratingLabel(n === 0 ? null : sum / n);
  const comment = `Admin e2e review ${Date.now()}`;

  const expectPublic = async (rating: string, n: number) => {
    await page.goto(`/property/${property.id}`);
    await expect(page.getByTestId('property-rating')).toHaveText(rating);
    await expect(page.getByTestId('property-page')).toContainText(`· ${reviewsLabel(n)}`);
  };

  await page.goto(`/admin/reviews?property=${property.id}`);
  await expect(page.getByRole('heading', { name: 'Manage Reviews' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Property Reviews' })).toBeVisible();
  await page.getByRole('button', { name: 'Add Review' }).click();
  const add = page.getByRole('dialog', { name: 'Add Review' });
  await add.getByRole('combobox', { name: 'Rating' }).click();
  await page.getByRole('option', { name: '2 Stars' }).click();
  await add.getByLabel('User Name').fill('E2E Reviewer');
  // The avatar goes through the upload widget (single mode) and is stored by the server as a /media image.
  const png = await sharp({ create: { width: 120, height: 90, channels: 3, background: '#2f9e44' } })
    .png()
    .toBuffer();
  await add
    .getByTestId('image-upload-input-single')
    .setInputFiles({ name: 'face.png', mimeType: 'image/png', buffer: png });
  await expect(add.getByTestId('review-avatar-preview').locator('img')).toHaveAttribute(
    'src',
    /^data:image\/jpeg;base64,/,
  );
  await add.getByLabel('Review Comment').fill(comment);
  await add.getByRole('button', { name: 'Add Review' }).click();
  await expect(page.getByText('Review added successfully')).toBeVisible();
  const card = page.getByTestId('review-card').filter({ hasText: comment });
  await expect(card).toContainText('E2E Reviewer');
  await expect(card.locator('img').first()).toHaveAttribute(
    'src',
    /^\/media\/[a-f0-9]{32}(-400\.webp|\.jpg)$/,
  );
  await expectPublic(shown(sum0 + 2, count0 + 1), count0 + 1);

  await page.goto(`/admin/reviews?property=${property.id}`);
  await card.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Review' });
  await edit.getByRole('combobox', { name: 'Rating' }).click();
  await page.getByRole('option', { name: '5 Stars' }).click();
  await edit.getByRole('button', { name: 'Update Review' }).click();
  await expect(page.getByText('Review updated successfully')).toBeVisible();
  await expectPublic(shown(sum0 + 5, count0 + 1), count0 + 1);

  await page.goto(`/admin/reviews?property=${property.id}`);
  await card.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Review' });
  await expect(confirm).toContainText(
    'Are you sure you want to delete this review? This action cannot be undone.',
  );
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Review deleted successfully')).toBeVisible();
  await expect(card).toHaveCount(0);
  await expectPublic(shown(sum0, count0), count0);
});

test('adding a review without a property says so', async ({ page }) => {
  await page.goto('/admin/reviews');
  await page.getByRole('button', { name: 'Add Review' }).click();
  const add = page.getByRole('dialog', { name: 'Add Review' });
  await add.getByLabel('Review Comment').fill('No property chosen');
  await add.getByRole('button', { name: 'Add Review' }).click();
  // The spec's toast, and the shared schema's message under the field.
  await expectToast(page, 'Error', 'Please select a property');
  await expect(add.getByText('Please select a property')).toBeVisible();
});

test('a 10 % tax rate in Settings prices a new booking at 10 %; reviews off hides them', async ({ page }) => {
  const original = await getJson<TSettings>(page.request, '/api/settings');
  expect(original.taxRate).toBe(17);
  const property = await pickProperty(page.request, 3);
  try {
    await openSettingsTab(page, 'Financial');
    await page.getByLabel('Tax Rate (%)').fill('10');
    await saveSettings(page);

    await page.goto(`/property/${property.id}`);
    const breakdown = page.getByTestId('price-breakdown');
    await expect(breakdown).toContainText('GST (10%)');
    const subtotal = money(await breakdown.getByTestId('subtotal').textContent());
    const tax = gstOn(subtotal, 10);
    expect(money(await breakdown.getByTestId('tax').textContent())).toBe(tax);
    expect(money(await breakdown.getByTestId('total').textContent())).toBe(
      toMajor(toMinor(subtotal) + toMinor(tax)),
    );

    // The server prices a new booking at 10 % too (it refuses a total that differs from its quote).
    const booking = await bookFarAhead(page.request, property, 10, 340);
    expect(booking.totalPrice).toBe(quotedTotal(property.price, booking.checkIn, booking.checkOut, 10));
    await setBookingStatus(page.request, booking.id, 'cancelled');

    // Reviews off: the property page shows none.
    await page.goto(`/property/${property.id}`);
    await expect(page.getByTestId('reviews')).toBeVisible();
    await openSettingsTab(page, 'Integrations');
    // The rate services are cut off here: the status box says so instead of claiming 'Connected'.
    await expect(page.getByTestId('api-status')).toContainText('Unreachable');
    await expect(page.getByTestId('api-status')).not.toContainText('Connected');
    await page.getByRole('switch', { name: 'Property Reviews' }).click({ force: true });
    await saveSettings(page);
    await page.goto(`/property/${property.id}`);
    await expect(page.getByTestId('booking-card')).toBeVisible();
    await expect(page.getByTestId('reviews')).toHaveCount(0);

    await openSettingsTab(page, 'Integrations');
    await page.getByRole('switch', { name: 'Property Reviews' }).click({ force: true });
    await saveSettings(page);
    await page.goto(`/property/${property.id}`);
    await expect(page.getByTestId('reviews')).toBeVisible();
  } finally {
    // Other specs rely on the seeded 17 % and reviews on.
    const res = await page.request.put('/api/settings', {
      data: { ...original, taxRate: 17, enableReviews: true },
    });
    expect(res.ok(), await res.text()).toBe(true);
  }
  expect((await getJson<TSettings>(page.request, '/api/settings')).taxRate).toBe(17);
});

test('settings validation messages show on the form and nothing is saved', async ({ page }) => {
  const before = await getJson<TSettings>(page.request, '/api/settings');
  await openSettingsTab(page, 'Financial');
  await page.getByLabel('Tax Rate (%)').fill('150');
  await page.getByRole('tab', { name: 'General' }).click();
  await page.getByLabel('Site Name').fill('A');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Site name must be at least 2 characters.')).toBeVisible();
  await page.getByRole('tab', { name: 'Financial' }).click();
  await expect(page.getByText('Tax rate cannot exceed 100%.')).toBeVisible();
  expect(await getJson<TSettings>(page.request, '/api/settings')).toEqual(before);
});

test('create, rename and delete a category', async ({ page }) => {
  const name = `E2E Treehouse ${Date.now() % 100000}`;
  const renamed = `${name} Deluxe`;
  await openSettingsTab(page, 'Categories');
  await expect(page.getByTestId('category-row').first()).toBeVisible();

  await page.getByRole('button', { name: 'Add Category' }).click();
  const create = page.getByRole('dialog', { name: 'Create Category' });
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(create.getByText('Category name is required.')).toBeVisible();
  await expectToast(page, 'Validation Error', 'Category name is required.');
  await create.getByLabel('Category Name').fill(name);
  await expect(create.getByLabel('Active')).toBeChecked();
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText(`${name} has been added successfully.`)).toBeVisible();
  const row = page.getByTestId('category-row').filter({ hasText: name });
  await expect(row).toContainText('Active');

  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Category' });
  await edit.getByLabel('Category Name').fill(renamed);
  await edit.getByLabel('Active').uncheck();
  await edit.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText(`${renamed} has been updated successfully.`)).toBeVisible();
  const renamedRow = page.getByTestId('category-row').filter({ hasText: renamed });
  await expect(renamedRow).toContainText('Inactive');

  await renamedRow.getByRole('button', { name: `Delete ${renamed}` }).click();
  const del = page.getByRole('dialog', { name: 'Delete Category' });
  // The success toast shows, then the page reloads after 0.5 s; the category is gone for good.
  await Promise.all([page.waitForEvent('load'), del.getByRole('button', { name: 'Delete' }).click()]);
  await page.getByRole('tab', { name: 'Categories' }).click();
  await expect(page.getByTestId('category-row').first()).toBeVisible();
  await expect(page.getByTestId('category-row').filter({ hasText: name })).toHaveCount(0);
  const list = await getJson<{ name: string }[]>(page.request, '/api/categories');
  expect(list.some((c) => c.name.startsWith(name))).toBe(false);
});

test('deleting a category someone else already deleted says so and updates the list', async ({ page }) => {
  const name = `E2E Stale ${Date.now() % 100000}`;
  const res = await page.request.post('/api/categories', { data: { name, icon: '', active: true } });
  expect(res.ok(), await res.text()).toBe(true);
  const { id } = (await res.json()) as { id: number };
  await openSettingsTab(page, 'Categories');
  const row = page.getByTestId('category-row').filter({ hasText: name });
  await row.getByRole('button', { name: `Delete ${name}` }).click();
  expect((await page.request.delete(`/api/categories/${id}`)).ok()).toBe(true);
  await page.getByRole('dialog', { name: 'Delete Category' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('This category has already been deleted.')).toBeVisible();
  await expect(row).toHaveCount(0);
});

test('a failing bookings list shows the error panel', async ({ page }) => {
  await failTrpc(page, 'bookings.page');
  await page.goto('/admin/bookings');
  const panel = page.getByTestId('bookings-error');
  await expect(panel).toContainText('Failed to load bookings');
  await expect(panel).toContainText('Failed to fetch bookings');
  await expect(panel).toContainText('Please try again later.');
});
