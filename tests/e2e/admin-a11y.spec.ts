import type { Page } from '@playwright/test';
import { expect, rewriteTrpc, test } from './fixtures.ts';
import { expectNoSeriousA11yViolationsInBothSchemes } from './support/a11y.ts';
import { workerOrigin } from './support/servers.ts';
import { trackRequests } from './support/settle.ts';

/**
 * No serious or critical axe violation on the admin pages that carry colour-coded state, in both colour
 * schemes: the dashboard, the bookings table and its drawer, the calendar legend, month and timeline
 * bars, the accounts (with a disabled one, whose 'Enable' button is green), the email statuses, a
 * drawer with its ledger and the payments page with its pager.
 * Each state is scanned in light, then in dark (colours only) without reloading it. One test per page,
 * so the pages are scanned side by side by the workers rather than in one long walk.
 */

test.use({ signedIn: 'admin' });

/** Opens `path` and waits until its data is in (no request in flight, no skeleton row). */
async function open(page: Page, path: string): Promise<void> {
  const { settled } = trackRequests(page);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
  await settled();
}

test('the dashboard passes axe, light and dark', async ({ page }) => {
  await open(page, '/admin');
  await expectNoSeriousA11yViolationsInBothSchemes(page, 'dashboard');
});

test('the bookings table and a booking drawer pass axe, light and dark', async ({ page }) => {
  await open(page, '/admin/bookings');
  await expect(page.getByTestId('status-badge').first()).toBeVisible();
  await expectNoSeriousA11yViolationsInBothSchemes(page, 'bookings');
  await page
    .getByTestId('booking-row')
    .first()
    .getByRole('button', { name: /^Details of booking/ })
    .click();
  const drawer = page.getByRole('dialog', { name: /^Booking #\d+$/ });
  await expect(drawer.getByTestId('status-badge')).toBeVisible();
  await expectNoSeriousA11yViolationsInBothSchemes(page, 'booking drawer');
});

test('a booking drawer with money on its ledger passes axe, light and dark', async ({ page }) => {
  // The drawer's ledger table, its scroll area reached by keyboard.
  const received = (await (
    await page.request.get('/api/admin/payments?view=received&pageSize=1')
  ).json()) as {
    items: { bookingId: number }[];
  };
  const paid = received.items[0]?.bookingId;
  if (!paid) throw new Error('the demo seed should have a payment');
  await open(page, `/admin/bookings?booking=${paid}`);
  const ledger = page
    .getByRole('dialog', { name: `Booking #${paid}` })
    .getByRole('table', { name: 'Ledger' });
  await expect(ledger).toBeVisible();
  await expectNoSeriousA11yViolationsInBothSchemes(page, 'booking drawer with its ledger');
});

test('the payments page with its pager passes axe, light and dark', async ({ page }) => {
  // The list's answer claims many pages (the demo has fewer than one), so every kind of pager button
  // shows: pages, the dots and the controls.
  await rewriteTrpc(page, 'payments.list', (real) => {
    const answer = structuredClone(real) as { result: { data: { json: { total: number } } } };
    answer.result.data.json.total = 500;
    return answer;
  });
  await open(page, '/admin/payments');
  await expect(page.getByRole('button', { name: 'Next page' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Page 10' })).toBeVisible();
  await expectNoSeriousA11yViolationsInBothSchemes(page, 'payments');
});

test('the timeline and a home calendar pass axe, light and dark', async ({ page }) => {
  await open(page, '/admin/calendar');
  await expect(page.getByTestId('timeline-bar').first()).toBeVisible();
  await expectNoSeriousA11yViolationsInBothSchemes(page, 'timeline');
  // The row's first link is its home's calendar; its bars link to their bookings.
  await page.getByTestId('timeline-row').first().getByRole('link').first().click();
  await expect(page.getByTestId('month-grid')).toBeVisible();
  await expect(page.getByText('Confirmed booking', { exact: true }).first()).toBeVisible();
  await expectNoSeriousA11yViolationsInBothSchemes(page, 'home calendar');
});

test('the accounts with a disabled one pass axe, light and dark', async ({ page, playwright }) => {
  // An account to disable, so the accounts table shows 'Enable'.
  const username = `a11y-${Date.now()}`;
  const visitor = await playwright.request.newContext({ baseURL: workerOrigin(test.info().parallelIndex) });
  const reg = await visitor.post('/api/auth/register', {
    data: { username, email: `${username}@example.com`, password: 'secret-pw' },
  });
  expect(reg.ok()).toBe(true);
  const { id } = (await reg.json()) as { id: number };
  await visitor.dispose();
  expect((await page.request.put(`/api/admin/users/${id}/disabled`, { data: { disabled: true } })).ok()).toBe(
    true,
  );
  try {
    await open(page, `/admin/users?q=${username}`);
    await expect(page.getByRole('button', { name: 'Enable' })).toBeVisible();
    await expectNoSeriousA11yViolationsInBothSchemes(page, 'accounts with a disabled one');
  } finally {
    await page.request.put(`/api/admin/users/${id}/disabled`, { data: { disabled: false } });
  }
});

test('the emails page passes axe, light and dark', async ({ page }) => {
  await open(page, '/admin/emails');
  await expect(page.getByTestId('email-status').first()).toBeVisible();
  await expectNoSeriousA11yViolationsInBothSchemes(page, 'emails');
});
