import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { addDays } from '../../src/shared/dates.ts';
import { dayAtHome } from '../../src/shared/home-time.ts';
import { pdfText } from '../support/pdf-text.ts';
import { expect, loginAsAdmin, test } from './fixtures.ts';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';

/**
 * Online check-in (docs/check-in.md) on the real server and clock: the guest checks in with an ID photo
 * and signs the agreement, both sides download the signed PDF, and the door code shows on the trip page
 * only once checked in, paid and its reveal time has come.
 */

type TRange = { checkIn: string; checkOut: string };
const AGREEMENT = 'I, {{guest_name}}, agree to leave {{home}} as I found it. No parties.';

/** Books the first home that takes `nights` from tomorrow at the home (a booking that is confirmed at once). */
async function bookTomorrow(request: APIRequestContext, email: string) {
  const all = (await (await request.get('/api/properties')).json()) as { id: number }[];
  for (const { id: home } of all.slice().reverse()) {
    const property = (await (await request.get(`/api/properties/${home}`)).json()) as {
      timeZone: string;
      title: string;
    };
    const checkIn = addDays(dayAtHome(new Date(), property.timeZone), 1);
    const checkOut = addDays(checkIn, 2);
    const ranges = (await (await request.get(`/api/properties/${home}/availability`)).json()) as TRange[];
    if (ranges.some((r) => r.checkIn < checkOut && checkIn < r.checkOut)) continue;
    const res = await request.post('/api/bookings', {
      data: {
        propertyId: home,
        checkIn,
        checkOut,
        guests: 2,
        contactInfo: { name: 'Ines Online', email, phone: '+351 912 345 678', country: 'Portugal' },
      },
    });
    if (!res.ok()) continue;
    const booked = (await res.json()) as { id: number; manageToken: string; status: string };
    if (booked.status !== 'confirmed') continue;
    return { home, title: property.title, id: booked.id, token: booked.manageToken };
  }
  throw new Error('no demo home takes tomorrow');
}

async function setCheckIn(request: APIRequestContext, home: number, revealHoursBefore: number, code: string) {
  const res = await request.put(`/api/properties/${home}/check-in-settings`, {
    data: {
      requireId: true,
      agreement: AGREEMENT,
      revealHoursBefore,
      doorCodes: [code],
      doorCodeLength: 6,
      reminderDaysBefore: 3,
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

async function pdfOf(page: Page, href: string): Promise<string> {
  const res = await page.request.get(href);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('application/pdf');
  return pdfText(Buffer.from(await res.body()));
}

test('a guest checks in online with an ID photo and signs; the door code waits for payment and its time', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await loginAsAdmin(page.request);
  const stay = await bookTomorrow(page.request, 'ines-online@example.com');
  // A code no stay of this home was ever given, so it is the one this stay gets.
  const code = String(100000 + (Date.now() % 900000));
  // Hour 0: the reveal time is tomorrow's check-in time, not reached yet.
  await setCheckIn(page.request, stay.home, 0, code);

  await page.goto(`/manage/${stay.token}`);
  const card = page.getByTestId('online-check-in');
  await expect(page.getByTestId('door-code-later')).toContainText(
    'once you have checked in online and paid.',
  );
  await expect(page.getByTestId('door-code')).toHaveCount(0);

  // The dialog: keyboard reachable, axe-clean at phone widths, focus back on its opener when closed.
  const opener = card.getByTestId('open-check-in');
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Check in online' });
  await expect(dialog).toBeVisible();
  for (const width of [320, 375, 414]) {
    await page.setViewportSize({ width, height: 800 });
    await expectNoSeriousA11yViolations(page, `check-in form at ${width} px`, { include: '[role="dialog"]' });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  await opener.click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('agreement-text')).toHaveText(
    `I, Ines Online, agree to leave ${stay.title} as I found it. No parties.`,
  );
  // Sent without the photo and the name, the form says what is missing.
  await dialog.getByTestId('submit-check-in').click();
  await expect(dialog.getByText('Add a photo of your ID')).toBeVisible();
  await expect(dialog.getByText('Type your full name to accept the rental agreement')).toBeVisible();

  await dialog.getByLabel('Arrival time').fill('16:45');
  await dialog.getByLabel('Adult 2, full name').fill('Rui Online');
  const photo = await sharp({ create: { width: 400, height: 260, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
  await dialog
    .getByTestId('id-photo-input')
    .setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: photo });
  await dialog.getByTestId('agreement-name').fill('Ines Online');
  await dialog.getByTestId('submit-check-in').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('check-in-done')).toContainText('you arrive at 16:45');
  await expect(page.getByTestId('check-in-done')).toContainText('Ines Online, Rui Online');

  // The guest's PDF: the typed name and the agreement's text as signed.
  const guestPdf = await pdfOf(page, (await page.getByTestId('agreement-pdf').getAttribute('href')) ?? '');
  expect(guestPdf).toContain(`I, Ines Online, agree to leave ${stay.title} as I found it. No parties.`);
  expect(guestPdf).toContain('Name typed: Ines Online');

  // Checked in but not paid: no code, in the page or in its answer.
  await expect(page.getByTestId('door-code-later')).toBeVisible();
  expect(await (await page.request.get(`/api/bookings/manage/${stay.token}`)).text()).not.toContain(code);

  const payments = (await (await page.request.get(`/api/admin/bookings/${stay.id}/payments`)).json()) as {
    totals: { balanceDue: number };
  };
  const paid = await page.request.post(`/api/admin/bookings/${stay.id}/payments`, {
    data: { amount: payments.totals.balanceDue, method: 'bank_transfer', reference: `E2E-${stay.id}` },
  });
  expect(paid.ok(), await paid.text()).toBe(true);
  // Paid, but its time has not come.
  await page.reload();
  await expect(page.getByTestId('door-code-later')).toBeVisible();
  expect(await (await page.request.get(`/api/bookings/manage/${stay.token}`)).text()).not.toContain(code);

  // From 720 hours before: the time has come.
  await setCheckIn(page.request, stay.home, 720, code);
  await page.reload();
  await expect(page.getByTestId('door-code')).toContainText(code);
  await expect(page.getByTestId('door-code-later')).toHaveCount(0);

  // The operator: the code, the agreement's PDF and the ID photo in the drawer.
  await page.goto(`/admin/bookings?booking=${stay.id}`);
  const drawerCheckIn = page.getByTestId('drawer-check-in');
  await expect(drawerCheckIn).toContainText(code);
  await expect(drawerCheckIn).toContainText('Signed by Ines Online');
  const operatorPdf = await pdfOf(
    page,
    (await page.getByTestId('drawer-agreement-pdf').getAttribute('href')) ?? '',
  );
  expect(operatorPdf).toContain(`I, Ines Online, agree to leave ${stay.title} as I found it. No parties.`);
  expect(operatorPdf).toContain('Name typed: Ines Online');
  const idPhoto = await page.request.get(
    (await page.getByTestId('drawer-id-photo').getAttribute('href')) ?? '',
  );
  expect(idPhoto.status()).toBe(200);
  expect(idPhoto.headers()['content-type']).toBe('image/jpeg');
});

test("the operator sets a home's check-in in the home editor", async ({ asAdmin: page }) => {
  test.setTimeout(120_000);
  await page.goto('/admin/listings');
  const edit = page.getByRole('button', { name: /^Edit / }).first();
  await edit.click();
  const dialog = page.getByRole('dialog', { name: 'Edit Property' });
  const section = dialog.getByRole('region', { name: 'Check-in' });
  await expect(section).toBeVisible();
  const stamp = Date.now() % 100000;
  await section.getByTestId('check-in-require-id').check();
  await section.getByTestId('check-in-agreement').fill(`House agreement ${stamp} for {{guest_name}}.`);
  await section.getByTestId('check-in-door-codes').fill('1357\n2468');
  await section.getByTestId('check-in-reveal-hours').fill('48');
  await section.getByTestId('check-in-save').click();
  await expect(page.getByText('Check-in settings saved')).toBeVisible();

  // Read back as the server keeps it.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await edit.click();
  await expect(section.getByTestId('check-in-agreement')).toHaveValue(
    `House agreement ${stamp} for {{guest_name}}.`,
  );
  await expect(section.getByTestId('check-in-door-codes')).toHaveValue('1357\n2468');
  await expect(section.getByTestId('check-in-require-id')).toBeChecked();
  // A code the server refuses is said at its field.
  await section.getByTestId('check-in-door-codes').fill('12');
  await section.getByTestId('check-in-save').click();
  await expect(section.getByText('A door code is 3 to 12 digits or letters (# and * allowed)')).toBeVisible();
});
