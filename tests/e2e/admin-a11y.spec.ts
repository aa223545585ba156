import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { expectNoSeriousA11yViolations, useColorScheme } from './support/a11y.ts';
import { workerOrigin } from './support/servers.ts';

/**
 * No serious or critical axe violation on the admin pages that carry colour-coded state, in both colour
 * schemes: the dashboard, the bookings table and its drawer, the calendar legend, month and timeline
 * bars, the accounts (with a disabled one, whose 'Enable' button is green) and the email statuses.
 */

test.use({ signedIn: 'admin' });

async function settled(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[data-testid$="skeleton-row"]:visible')).toHaveCount(0, { timeout: 30_000 });
}

for (const scheme of ['light', 'dark'] as const) {
  test(`admin pages with coloured states pass axe, ${scheme}`, async ({ page, playwright }) => {
    test.setTimeout(240_000);
    // An account to disable, so the accounts table shows 'Enable'.
    const username = `a11y-${scheme}-${Date.now()}`;
    const visitor = await playwright.request.newContext({ baseURL: workerOrigin(test.info().parallelIndex) });
    const reg = await visitor.post('/api/auth/register', {
      data: { username, email: `${username}@example.com`, password: 'secret-pw' },
    });
    expect(reg.ok()).toBe(true);
    const { id } = (await reg.json()) as { id: number };
    await visitor.dispose();
    expect(
      (await page.request.put(`/api/admin/users/${id}/disabled`, { data: { disabled: true } })).ok(),
    ).toBe(true);
    try {
      await useColorScheme(page, scheme);

      await settled(page, '/admin');
      await expectNoSeriousA11yViolations(page, `dashboard, ${scheme}`, { colorOnly: scheme === 'dark' });

      await settled(page, '/admin/bookings');
      await expect(page.getByTestId('status-badge').first()).toBeVisible();
      await expectNoSeriousA11yViolations(page, `bookings, ${scheme}`, { colorOnly: scheme === 'dark' });
      await page
        .getByTestId('booking-row')
        .first()
        .getByRole('button', { name: /^Details of booking/ })
        .click();
      const drawer = page.getByRole('dialog', { name: /^Booking #\d+$/ });
      await expect(drawer.getByTestId('status-badge')).toBeVisible();
      await expectNoSeriousA11yViolations(page, `booking drawer, ${scheme}`, {
        colorOnly: scheme === 'dark',
      });
      await page.keyboard.press('Escape');

      await settled(page, '/admin/calendar');
      await expect(page.getByTestId('timeline-bar').first()).toBeVisible();
      await expectNoSeriousA11yViolations(page, `timeline, ${scheme}`, { colorOnly: scheme === 'dark' });
      // The row's first link is its home's calendar; its bars link to their bookings.
      await page.getByTestId('timeline-row').first().getByRole('link').first().click();
      await expect(page.getByTestId('month-grid')).toBeVisible();
      await expect(page.getByText('Confirmed booking', { exact: true }).first()).toBeVisible();
      await expectNoSeriousA11yViolations(page, `home calendar, ${scheme}`, { colorOnly: scheme === 'dark' });

      await settled(page, `/admin/users?q=${username}`);
      await expect(page.getByRole('button', { name: 'Enable' })).toBeVisible();
      await expectNoSeriousA11yViolations(page, `accounts with a disabled one, ${scheme}`, {
        colorOnly: scheme === 'dark',
      });

      await settled(page, '/admin/emails');
      await expect(page.getByTestId('email-status').first()).toBeVisible();
      await expectNoSeriousA11yViolations(page, `emails, ${scheme}`, { colorOnly: scheme === 'dark' });
    } finally {
      await page.request.put(`/api/admin/users/${id}/disabled`, { data: { disabled: false } });
    }
  });
}
