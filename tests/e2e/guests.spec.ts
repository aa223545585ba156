import fs from 'node:fs';
import path from 'node:path';
import { addDays, todayIso } from '../../src/shared/dates.ts';
import { ratingLabel } from '../../src/shared/labels.ts';
import { expect, test } from './fixtures.ts';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { workerOrigin } from './support/servers.ts';
import { expectToastClearOfHeading } from './support/toast-position.ts';
import {
  calendarDay,
  calendarOf,
  chooseStay,
  expectToast,
  freeWindow,
  loginInUi,
  showMonth,
} from './support/stay.ts';
import { choosePay, reserveToCheckout } from './support/checkout.ts';

interface TListed {
  id: number;
  title: string;
  maxGuests: number;
  reviewCount: number;
  rating: number | null;
  cancellationPolicy: string;
}

function unique(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

test('a visitor books, manages the booking from the confirmation link, cancels, and the dates are free again', async ({
  page,
  request,
  browser,
}) => {
  const all = (await (await request.get('/api/properties')).json()) as TListed[];
  // The highest id: the booking spec books the most-reviewed home; this one stays out of its way.
  const property = all.reduce((a, b) => (b.id > a.id ? b : a));
  const checkIn = await freeWindow(request, property.id, 60, 3);
  const checkOut = addDays(checkIn, 3);
  const email = `${unique('visitor')}@example.com`;

  await page.goto(`/property/${property.id}`);
  const card = page.getByTestId('booking-card');
  await chooseStay(page, checkIn, checkOut);
  // The policy and its concrete deadline are shown before Reserve.
  await expect(card.getByTestId('cancellation-policy')).toContainText('Moderate cancellation:');
  await expect(card.getByTestId('cancellation-policy')).toContainText('Free cancellation until');
  const form = await reserveToCheckout(page);
  await choosePay(form, 'bank_transfer');
  await form.getByLabel('Full name').fill('Vera Visitor');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Phone').fill('+1 555 0199');
  await form.getByLabel('Country/Region').fill('Canada');
  await form.getByRole('button', { name: 'Confirm booking' }).click();

  const confirmed = page.getByRole('dialog', { name: 'Booking Confirmed!' });
  // The success toast comes with the dialog and leaves its heading readable.
  await expectToastClearOfHeading(page, confirmed);
  const bic = (await confirmed.getByTestId('confirmation-number').textContent()) ?? '';
  expect(bic).toMatch(/^BIC\d+$/);
  const manageLink = confirmed.getByTestId('manage-link');
  await expect(manageLink).toHaveAttribute('href', /^\/manage\/[a-z2-7]{32}$/);
  await manageLink.click();

  const managed = page.getByTestId('managed-booking');
  await expect(managed.getByRole('heading', { name: property.title })).toBeVisible();
  await expect(managed.getByTestId('confirmation-number')).toHaveText(bic);
  await expect(managed.getByTestId('booking-status')).toHaveText('Confirmed');
  await expect(managed.getByText('vera visitor', { exact: false })).toBeVisible();
  await expect(managed.getByTestId('cancellation-deadline')).toContainText(
    'You can cancel free of charge until',
  );
  await managed.getByTestId('cancel-booking').click();
  await page.getByTestId('confirm-cancel').click();
  await expectToast(page, 'Booking cancelled');
  await expect(managed.getByTestId('booking-status')).toHaveText('Cancelled');
  await expect(managed.getByTestId('cancel-booking')).toHaveCount(0);

  // The dates are free again on the property page.
  await page.goto(`/property/${property.id}`);
  await page.getByTestId('check-in-input').click();
  const calendar = await calendarOf(page, 'check-in-input');
  await showMonth(calendar, checkIn);
  for (const night of [checkIn, addDays(checkIn, 1), addDays(checkIn, 2)])
    await expect(calendarDay(calendar, night)).toBeEnabled();

  // The cancellation email reaches the admin's Emails page, delivered.
  const admin = await browser.newContext();
  const adminPage = await admin.newPage();
  await adminPage.goto('/');
  await loginInUi(adminPage, 'admin', 'admin123');
  await adminPage.goto('/admin/emails');
  const row = adminPage
    .getByTestId('email-row')
    .filter({ hasText: email })
    .filter({ hasText: `Booking cancelled: ${property.title} (${bic})` });
  await expect(row).toBeVisible();
  await expect(row.getByText('Delivered locally')).toBeVisible({ timeout: 20_000 });
  await row.getByRole('button', { name: /^Preview/ }).click();
  await expect(
    adminPage.getByTestId('email-preview').contentFrame().getByText('Your booking is cancelled'),
  ).toBeVisible();
  await admin.close();
});

test('forgot password: the emailed link sets a new password and signs in', async ({ page, playwright }) => {
  const username = unique('forgot');
  const email = `${username}@example.com`;
  const signup = await playwright.request.newContext({ baseURL: workerOrigin(test.info().parallelIndex) });
  expect(
    (await signup.post('/api/auth/register', { data: { username, email, password: 'old-pass' } })).ok(),
  ).toBe(true);
  await signup.dispose();

  await page.goto('/');
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Login' }).click();
  await page.getByRole('dialog', { name: 'Log in or sign up' }).getByTestId('forgot-password').click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByTestId('reset-requested')).toContainText('If an account uses this e-mail address');

  // The admin's outbox shows the email with its link redacted; the recipient's copy (the .eml file the
  // worker's server wrote, as there is no SMTP here) carries the working link.
  const admin = await playwright.request.newContext({ baseURL: workerOrigin(test.info().parallelIndex) });
  expect(
    (await admin.post('/api/auth/login', { data: { username: 'admin', password: 'admin123' } })).ok(),
  ).toBe(true);
  let mail: { id: number; html: string } | undefined;
  await expect
    .poll(async () => {
      const list = (await (await admin.get('/api/admin/emails?pageSize=50')).json()) as {
        items: { id: number; to: string; template: string; html: string; status: string }[];
      };
      mail = list.items.find(
        (m) => m.to === email && m.template === 'password-reset' && m.status === 'delivered_locally',
      );
      return mail !== undefined;
    })
    .toBe(true);
  await admin.dispose();
  expect(mail?.html).toContain('/reset-password/REDACTED');
  expect(mail?.html).not.toMatch(/\/reset-password\/[a-z2-7]{32}/);

  const index = test.info().parallelIndex;
  const mailDir = path.join(process.env.E2E_DATA_ROOT ?? '', index === 0 ? 'main' : `main-${index}`, 'mail');
  // Quoted-printable may wrap a long line with a soft break ('=' at the end of the line).
  const sent = fs
    .readdirSync(mailDir)
    .map((f) => fs.readFileSync(path.join(mailDir, f), 'utf8').replace(/=\r?\n/g, ''))
    .find((eml) => eml.includes(`To: ${email}`) && eml.includes('/reset-password/'));
  const link = /(\/reset-password\/[a-z2-7]{32})/.exec(sent ?? '')?.[1] ?? '';
  expect(link).not.toBe('');

  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('new-pass-1');
  await page.getByLabel('Repeat the new password').fill('new-pass-1');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expectToast(page, 'Password changed');
  await page.getByTestId('user-menu').click();
  await expect(page.getByTestId('user-greeting')).toHaveText(`Hello, ${username}`);

  // The link worked once.
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('another-1');
  await page.getByLabel('Repeat the new password').fill('another-1');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByTestId('reset-error')).toContainText('This link is invalid or has expired');
});

test('the old address undoes a stolen e-mail change and chooses a new password', async ({ page }) => {
  const username = unique('undo');
  const email = `${username}@example.com`;
  // The thief's session (page.request shares the page's cookies) moves the account's mail.
  expect(
    (
      await page.request.post('/api/auth/register', { data: { username, email, password: 'old-pass-1' } })
    ).ok(),
  ).toBe(true);
  const moved = await page.request.patch('/api/auth/me', {
    data: { name: '', email: `thief-${username}@example.com`, currentPassword: 'old-pass-1' },
  });
  expect(moved.ok(), await moved.text()).toBe(true);

  const index = test.info().parallelIndex;
  const mailDir = path.join(process.env.E2E_DATA_ROOT ?? '', index === 0 ? 'main' : `main-${index}`, 'mail');
  let link = '';
  await expect
    .poll(() => {
      // The folder appears with the first email the worker's server writes.
      const sent = (fs.existsSync(mailDir) ? fs.readdirSync(mailDir) : [])
        .map((f) => fs.readFileSync(path.join(mailDir, f), 'utf8').replace(/=\r?\n/g, ''))
        .find((eml) => eml.includes(`To: ${email}`) && eml.includes('/undo-email-change/'));
      link = /(\/undo-email-change\/[a-z2-7]{32})/.exec(sent ?? '')?.[1] ?? '';
      return link;
    })
    .not.toBe('');

  await page.goto(link);
  await expectNoSeriousA11yViolations(page, 'undo e-mail change');
  const restore = page.getByRole('button', { name: 'Restore my e-mail address' });
  await restore.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status')).toContainText(`Your account's e-mail address is ${email} again`);
  // The thief's session ended with every other.
  expect((await page.request.get('/api/auth/me')).status()).toBe(401);
  await page.getByRole('link', { name: 'Choose a new password' }).click();
  await page.getByLabel('New password', { exact: true }).fill('new-pass-1');
  await page.getByLabel('Repeat the new password').fill('new-pass-1');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expectToast(page, 'Password changed');
});

test('changing the password signs out the other browser on the old session', async ({ page, browser }) => {
  const username = unique('pw');
  await page.goto('/');
  const reg = await page.request.post('/api/auth/register', {
    data: { username, email: `${username}@example.com`, password: 'first-pass' },
  });
  expect(reg.ok()).toBe(true);

  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await otherPage.goto('/');
  await loginInUi(otherPage, username, 'first-pass');

  await page.goto('/account');
  const pw = page.getByRole('form', { name: 'Change password' });
  await pw.getByLabel('Current password').fill('first-pass');
  await pw.getByLabel('New password').fill('second-pass');
  await pw.getByRole('button', { name: 'Change password' }).click();
  await expectToast(page, 'Password changed');

  // This browser stays signed in; the other one's session is gone.
  await page.reload();
  await page.getByTestId('user-menu').click();
  await expect(page.getByRole('menuitem', { name: 'Account settings' })).toBeVisible();
  await otherPage.reload();
  await otherPage.getByTestId('user-menu').click();
  await expect(otherPage.getByRole('menuitem', { name: 'Login' })).toBeVisible();
  await other.close();
});

test('a guest reviews a completed stay: Verified stay, and the rating becomes the new average', async ({
  page,
  request,
}) => {
  // A demo guest with a completed, confirmed stay not reviewed yet.
  const guests = ['emma', 'liam', 'sofia', 'noah', 'aisha', 'kenji'];
  let found: { username: string; bookingId: number; propertyId: number } | undefined;
  const today = todayIso();
  for (const username of guests) {
    const login = await request.post('/api/auth/login', { data: { username, password: 'stayhub-guest' } });
    if (!login.ok()) continue;
    const mine = (await (await request.get('/api/bookings/mine')).json()) as {
      id: number;
      propertyId: number;
      status: string;
      checkOut: string;
    }[];
    for (const b of mine.filter((x) => x.status === 'confirmed' && x.checkOut <= today)) {
      const detail = (await (await request.get(`/api/bookings/mine/${b.id}`)).json()) as {
        canReview: boolean;
      };
      if (detail.canReview) {
        found = { username, bookingId: b.id, propertyId: b.propertyId };
        break;
      }
    }
    await request.post('/api/auth/logout', { data: {} });
    if (found) break;
  }
  if (!found) throw new Error('the demo seed should give a guest a completed stay to review');
  const before = (await (await request.get(`/api/properties/${found.propertyId}`)).json()) as TListed;
  const expected = ((before.rating ?? 0) * before.reviewCount + 1) / (before.reviewCount + 1);

  await page.goto('/');
  await loginInUi(page, found.username, 'stayhub-guest');
  await page.goto('/bookings');
  const past = page.getByTestId('bookings-past');
  const booking = past.locator(`[data-booking-id="${found.bookingId}"]`);
  await expect(booking.getByTestId('booking-status')).toHaveText('Completed');
  await booking.getByRole('link', { name: /^Details of/ }).click();

  const review = page.getByTestId('review-stay');
  await review.getByRole('button', { name: 'Submit review' }).click();
  await expect(review.getByText('Please choose a rating from 1 to 5 stars')).toBeVisible();
  // The stars are a radio group: choose one with the keyboard.
  const oneStar = review.getByLabel('1 star', { exact: true });
  await oneStar.focus();
  await page.keyboard.press('Space');
  await expect(oneStar).toBeChecked();
  await review.getByLabel('Your review').fill('The heating did not work and nobody answered the phone.');
  await review.getByRole('button', { name: 'Submit review' }).click();
  await expectToast(page, 'Thank you!');
  const mine = page.getByTestId('my-review');
  await expect(mine.getByText('Verified stay')).toBeVisible();
  await expect(page.getByTestId('review-stay')).toHaveCount(0);

  await page.goto(`/property/${found.propertyId}`);
  await expect(page.getByTestId('property-rating')).toHaveText(ratingLabel(expected));
  const mineOnPage = page.getByTestId('review').filter({ hasText: 'The heating did not work' });
  await expect(mineOnPage.getByTestId('verified-stay')).toHaveText('Verified stay');
  const after = (await (await request.get(`/api/properties/${found.propertyId}`)).json()) as TListed;
  expect(after.reviewCount).toBe(before.reviewCount + 1);
  expect(after.rating).toBeCloseTo(expected, 10);
});
