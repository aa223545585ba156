import { addDays, todayIso } from '../../src/shared/dates.ts';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';

/** A confirmed stay on a free home, and a new owner of that home: what both tests start from. */
async function ownedStay(admin: Page, browser: Browser, checkInOffset: number, commissionPercent: number) {
  const checkIn = addDays(todayIso(), checkInOffset);
  const checkOut = addDays(checkIn, 2);
  const homes = (await (await admin.request.get('/api/properties')).json()) as { id: number }[];
  let home = 0;
  for (const h of homes) {
    const held = (await (await admin.request.get(`/api/properties/${h.id}/availability`)).json()) as {
      checkIn: string;
      checkOut: string;
    }[];
    if (!held.some((r) => r.checkIn < checkOut && r.checkOut > checkIn)) {
      home = h.id;
      break;
    }
  }
  expect(home).toBeGreaterThan(0);
  const quote =
    (await // Quoted for the party it books: a per-guest charge (tourist tax) prices two guests above one.
    (
      await admin.request.get(
        `/api/bookings/quote?propertyId=${home}&checkIn=${checkIn}&checkOut=${checkOut}&guests=2`,
      )
    ).json()) as { total: number };
  const booked = await admin.request.post('/api/bookings', {
    data: {
      propertyId: home,
      checkIn,
      checkOut,
      guests: 2,
      totalPrice: quote.total,
      contactInfo: {
        name: 'Statement Guest',
        email: 'stmt@example.com',
        phone: '+1 555 0100',
        country: 'Spain',
      },
    },
  });
  expect(booked.ok(), await booked.text()).toBe(true);
  const booking = (await booked.json()) as { id: number; confirmationNumber: string };
  expect(
    (await admin.request.put(`/api/bookings/${booking.id}/status`, { data: { status: 'confirmed' } })).ok(),
  ).toBe(true);

  const username = `owner-${Date.now()}`;
  const context = await browser.newContext();
  const reg = await context.request.post('/api/auth/register', {
    data: { username, email: `${username}@example.com`, password: 'secret-pw' },
  });
  expect(reg.ok()).toBe(true);
  const { id: ownerId } = (await reg.json()) as { id: number };
  expect(
    (
      await admin.request.post('/api/admin/staff', {
        data: { userId: ownerId, role: 'owner', propertyIds: [] },
      })
    ).ok(),
  ).toBe(true);
  const set = await admin.request.put(`/api/admin/properties/${home}/owner`, {
    data: { ownerId, commissionPercent },
  });
  expect(set.ok(), await set.text()).toBe(true);
  return { context, booking, ownerId, username, checkOut, home };
}

test('an owner sees their own statement and nothing else', async ({ asAdmin: admin, browser }) => {
  const { context, booking, ownerId, username, checkOut } = await ownedStay(admin, browser, 50, 15);

  // A change of role ended the owner's session: they sign in again.
  expect(
    (await context.request.post('/api/auth/login', { data: { username, password: 'secret-pw' } })).ok(),
  ).toBe(true);
  const page = await context.newPage();
  await page.goto('/admin/statements');
  await page.getByLabel('Month').fill(checkOut.slice(0, 7));
  await expect(page.getByRole('cell', { name: new RegExp(booking.confirmationNumber) })).toBeVisible();
  await expect(page.getByText('Net to you')).toBeVisible();
  await expect(page.getByRole('link', { name: 'PDF' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'owner statement');

  // Nothing else: no back-office pages in the menu, and the server refuses the rest.
  const nav = page.getByRole('navigation').first();
  await expect(nav.getByRole('link', { name: 'Bookings' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Statements' })).toBeVisible();
  const month = checkOut.slice(0, 7);
  expect((await context.request.get(`/api/admin/owners/${ownerId}/statements.csv?month=${month}`)).ok()).toBe(
    true,
  );
  expect(
    (await context.request.get(`/api/admin/owners/${ownerId + 100000}/statements?month=${month}`)).status(),
  ).toBe(404);
  expect((await context.request.get('/api/bookings/export.csv')).status()).toBe(403);
  await context.close();
});

test('the operator enters expenses and a payout, then publishes and locks the month', async ({
  asAdmin: page,
  browser,
}) => {
  const { context, booking, ownerId, username, checkOut } = await ownedStay(page, browser, 120, 20);
  await context.close();
  const month = checkOut.slice(0, 7);
  // A phone's width: every form and figure of the page must work at 360 px.
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/admin/statements');
  await page.getByRole('combobox', { name: 'Owner' }).fill(username);
  await page.getByRole('option', { name: new RegExp(username) }).click();
  await page.getByLabel('Month').fill(month);
  await expect(page.getByRole('cell', { name: new RegExp(booking.confirmationNumber) })).toBeVisible();
  const status = page.getByTestId('statement-status');
  await expect(status.getByText('Draft')).toBeVisible();

  const expense = page.getByRole('form', { name: 'Add an expense' });
  await expense.getByRole('textbox', { name: 'Date', exact: true }).fill(`${month}-05`);
  await expense.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Repairs' }).click();
  await expense.getByRole('textbox', { name: 'Amount', exact: true }).fill('80.25');
  await expense.getByRole('textbox', { name: 'Description', exact: true }).fill('New shower head');
  await expense.getByRole('button', { name: 'Add expense' }).click();
  await expect(page.getByRole('cell', { name: 'New shower head', exact: true })).toBeVisible();

  const payout = page.getByRole('form', { name: 'Record a payout' });
  await payout.getByRole('textbox', { name: 'Payout date', exact: true }).fill(`${month}-10`);
  await payout.getByRole('textbox', { name: 'Payout amount', exact: true }).fill('100');
  await payout.getByRole('textbox', { name: 'Reference', exact: true }).fill('BANK-42');
  await payout.getByRole('button', { name: 'Record payout' }).click();
  await expect(page.getByRole('cell', { name: 'BANK-42', exact: true })).toBeVisible();
  await expect(page.getByText('Net to the owner')).toBeVisible();
  await expect(page.getByText('Still to pay')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'draft statement with its forms');

  // Cancelling the confirmation returns focus to Publish; confirming publishes and locks.
  const publish = page.getByRole('button', { name: 'Publish', exact: true });
  await publish.click();
  const dialog = page.getByRole('dialog', { name: `Publish the statement for ${month}` });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(publish).toBeFocused();
  await publish.click();
  await dialog.getByRole('button', { name: 'Publish' }).click();
  await expect(status.getByText('Published')).toBeVisible();
  await expect(status.getByText(/^OS-\d{4}-\d{4}$/)).toBeVisible();
  await expect(status).toBeFocused();
  await expect(page.getByRole('button', { name: 'Publish', exact: true })).toHaveCount(0);
  await expect(page.getByRole('form', { name: 'Add an expense' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Delete expense/ })).toHaveCount(0);
  const number = (await status.getByText(/^OS-/).textContent()) ?? '';
  const csv = await page.request.get(`/api/admin/owners/${ownerId}/statements.csv?month=${month}`);
  expect(csv.ok()).toBe(true);
  const text = await csv.text();
  expect(text).toContain(number);
  expect(text).toContain('New shower head');
  expect(text).toContain('BANK-42');
});
