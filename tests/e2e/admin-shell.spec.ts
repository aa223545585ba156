import { ADMIN, expect, test } from './fixtures.ts';
import { DEMO_ORIGIN } from './support/servers.ts';

/** The admin frame: the guard, a slow session check, and what the page says about direct access. */

test('after signing in from the guard the admin lands on the page they asked for', async ({ page }) => {
  await page.goto('/admin/reviews');
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page.getByText('Please login to access the admin area')).toBeVisible();
  const dialog = page.getByRole('dialog', { name: 'Log in or sign up' });
  await dialog.getByLabel('Username').fill(ADMIN.username);
  await dialog.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await dialog.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/reviews$/);
  await expect(page.getByRole('heading', { name: 'Manage Reviews' })).toBeVisible();
});

test('/admin shows a skeleton, not a blank page, while the session check is slow', async ({
  asAdmin: page,
}) => {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/auth/me', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/admin');
  await expect(page.getByTestId('admin-pending')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Loading...' })).toBeVisible();
  release();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByTestId('admin-pending')).toHaveCount(0);
});

test("'Using direct admin access' shows only when demo mode is on and the flag is used", async ({ page }) => {
  await page.goto(`${DEMO_ORIGIN}/admin/bookings?directAdmin=true`);
  await expect(page.getByRole('heading', { name: 'All Bookings' })).toBeVisible();
  await expect(page.getByText('Using direct admin access')).toBeVisible();
});
