import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { addDays, todayIso } from '../../src/shared/dates.ts';
import { expect, expectToast, test } from './fixtures.ts';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';

/** A demo home with nothing held around the stay, so the test owns its statement line. */
async function freeHome(request: APIRequestContext, checkIn: string, checkOut: string) {
  const all = (await (await request.get('/api/properties')).json()) as { id: number; title: string }[];
  for (const home of all.reverse()) {
    const held = (await (await request.get(`/api/properties/${home.id}/availability`)).json()) as {
      checkIn: string;
      checkOut: string;
    }[];
    if (!held.some((r) => r.checkIn < checkOut && r.checkOut > checkIn)) return home;
  }
  throw new Error('no demo home is free');
}

/** Whether the worker's server wrote an e-mail to `to` with `subject` (there is no SMTP here: .eml files). */
function mailed(to: string, subject: string): boolean {
  const index = test.info().parallelIndex;
  const dir = path.join(process.env.E2E_DATA_ROOT ?? '', index === 0 ? 'main' : `main-${index}`, 'mail');
  return (fs.existsSync(dir) ? fs.readdirSync(dir) : [])
    .map((f) => fs.readFileSync(path.join(dir, f), 'utf8').replace(/=\r?\n/g, ''))
    .some((eml) => eml.includes(`To: ${to}`) && eml.includes(subject));
}

test("the operator sets a home's owner, previews and publishes the statement; the owner's calendar links nowhere they cannot go", async ({
  asAdmin: page,
  browser,
}) => {
  // Inside the timeline's first window (two months from yesterday).
  const checkIn = addDays(todayIso(), 40);
  const checkOut = addDays(checkIn, 3);
  const month = checkOut.slice(0, 7);
  const home = await freeHome(page.request, checkIn, checkOut);
  // Quoted for the party it books: a home another test gave a per-guest charge (tourist tax) prices two
  // guests above one.
  const quote = (await (
    await page.request.get(
      `/api/bookings/quote?propertyId=${home.id}&checkIn=${checkIn}&checkOut=${checkOut}&guests=2`,
    )
  ).json()) as { total: number };
  const booked = await page.request.post('/api/bookings', {
    data: {
      propertyId: home.id,
      checkIn,
      checkOut,
      guests: 2,
      totalPrice: quote.total,
      contactInfo: { name: 'Owned Stay', email: 'owned@example.com', phone: '+1 555 0100', country: 'Spain' },
    },
  });
  expect(booked.ok(), await booked.text()).toBe(true);
  const booking = (await booked.json()) as { id: number; confirmationNumber: string; status: string };
  if (booking.status !== 'confirmed')
    expect(
      (await page.request.put(`/api/bookings/${booking.id}/status`, { data: { status: 'confirmed' } })).ok(),
    ).toBe(true);

  const username = `powner-${Date.now()}`;
  const email = `${username}@example.com`;
  const context = await browser.newContext();
  const reg = await context.request.post('/api/auth/register', {
    data: { username, email, password: 'secret-pw' },
  });
  expect(reg.ok()).toBe(true);
  const { id: ownerId } = (await reg.json()) as { id: number };
  expect(
    (
      await page.request.post('/api/admin/staff', {
        data: { userId: ownerId, role: 'owner', propertyIds: [] },
      })
    ).ok(),
  ).toBe(true);

  // The home editor's Owner section: the owner and the commission.
  await page.goto(`/admin/listings?q=${encodeURIComponent(home.title)}`);
  await page
    .getByRole('button', { name: `Edit ${home.title}` })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'Edit Property' });
  const owner = dialog.getByRole('combobox', { name: 'Owner' });
  await owner.fill(username);
  await page.getByRole('option', { name: new RegExp(username) }).click();
  await dialog.getByLabel('Commission %').fill('12.5');
  await dialog.getByRole('button', { name: 'Save owner' }).click();
  await expectToast(page, "The home's owner is saved");
  expect(await (await page.request.get(`/api/admin/properties/${home.id}/owner`)).json()).toEqual({
    propertyId: home.id,
    ownerId,
    commissionPercent: 12.5,
  });
  await expectNoSeriousA11yViolations(page, 'home owner section', {
    include: 'section[aria-labelledby="home-owner-title"]',
  });
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // Statements: pick the owner and the month, preview, publish.
  await page.goto('/admin/statements');
  await page.getByRole('combobox', { name: 'Owner' }).fill(username);
  await page.getByRole('option', { name: new RegExp(username) }).click();
  await page.getByLabel('Month').fill(month);
  await expect(page.getByRole('cell', { name: new RegExp(booking.confirmationNumber) })).toBeVisible();
  await expect(page.getByText('Net to the owner')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'operator statements');
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await page
    .getByRole('dialog', { name: `Publish the statement for ${month}` })
    .getByRole('button', { name: 'Publish' })
    .click();
  await expectToast(page, `published and e-mailed to ${email}`, /^Statement OS-\d{4}-\d{4} published/);
  await expect.poll(() => mailed(email, `statement for ${month}`)).toBe(true);

  // The owner's read-only timeline names the home, but links to no back-office page.
  expect(
    (await context.request.post('/api/auth/login', { data: { username, password: 'secret-pw' } })).ok(),
  ).toBe(true);
  const ownerPage = await context.newPage();
  await ownerPage.goto('/admin/calendar');
  await ownerPage.getByLabel('Find a home').fill(home.title);
  const row = ownerPage.locator(`[data-testid="timeline-row"][data-property-id="${home.id}"]`);
  // The home's other stays may be anyone's: only its links matter here.
  await expect(row).toContainText(home.title);
  await expect(row.getByTestId('timeline-bar')).not.toHaveCount(0);
  await expect(row.locator('a[href*="/admin/"]')).toHaveCount(0);
  await context.close();
});
