import { addDays, todayIso } from '../../src/shared/dates.ts';
import { expect, test } from './fixtures.ts';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';

test('an owner sees their own statement and nothing else', async ({ asAdmin: admin, browser }) => {
  const checkIn = addDays(todayIso(), 50);
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
  const quote = (await (
    await admin.request.get(`/api/bookings/quote?propertyId=${home}&checkIn=${checkIn}&checkOut=${checkOut}`)
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
    data: { ownerId, commissionPercent: 15 },
  });
  expect(set.ok(), await set.text()).toBe(true);

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
