import type { Page } from '@playwright/test';
import { ADMIN, expect, expectToast, test } from './fixtures.ts';
import { DEMO_ORIGIN } from './support/servers.ts';

function unique(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

async function openUserMenu(page: Page) {
  await page.getByTestId('user-menu').click();
  await expect(page.getByRole('menu')).toBeVisible();
}

async function login(page: Page, username: string, password: string) {
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Login' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log in or sign up' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Username').fill(username);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Continue', exact: true }).click();
  await expectToast(page, 'Login successful', `Welcome back, ${username}!`);
  await expect(dialog).toBeHidden();
}

test('register, see the greeting, log out, log back in; the session survives a reload', async ({ page }) => {
  const username = unique('e2e');
  const password = 'secret-pw';
  await page.goto('/');

  await openUserMenu(page);
  await expect(page.getByRole('menuitem', { name: 'Help Center' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Sign up' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign up' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Username').fill(username);
  await dialog.getByLabel('Email').fill(`${username}@example.com`);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByLabel('Full name').fill('Ada Tester');
  await dialog.getByRole('button', { name: 'Sign up', exact: true }).click();
  await expectToast(page, 'Registration successful', username);
  await expect(dialog).toBeHidden();

  await openUserMenu(page);
  await expect(page.getByTestId('user-greeting')).toHaveText('Hello, Ada Tester');
  await expect(page.getByRole('menuitem', { name: 'My bookings' })).toHaveAttribute('href', '/bookings');
  await expect(page.getByRole('menuitem', { name: 'Account settings' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Dashboard' })).toHaveCount(0);

  await page.reload();
  await openUserMenu(page);
  await expect(page.getByTestId('user-greeting')).toHaveText('Hello, Ada Tester');

  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expectToast(page, 'Logged out', 'You have been successfully logged out.');
  await openUserMenu(page);
  await expect(page.getByRole('menuitem', { name: 'Login' })).toBeVisible();
  await page.keyboard.press('Escape');

  await login(page, username, password);
  await openUserMenu(page);
  await expect(page.getByTestId('user-greeting')).toHaveText('Hello, Ada Tester');
});

test('the dialog checks fields with the spec messages, toggles views and fakes social sign-in', async ({
  page,
}) => {
  await page.goto('/');
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Login' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log in or sign up' });
  await expect(dialog.getByRole('heading', { name: /^Welcome to / })).toBeVisible();

  await dialog.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(dialog.getByText('Username must be at least 3 characters')).toBeVisible();
  await expect(dialog.getByText('Password must be at least 6 characters')).toBeVisible();

  await dialog.getByLabel('Username').fill('nobody-known');
  await dialog.getByLabel('Password', { exact: true }).fill('wrong-password');
  await dialog.getByRole('button', { name: 'Continue', exact: true }).click();
  await expectToast(page, 'Login failed', 'Invalid username or password');
  await expect(dialog).toBeVisible();

  await dialog.getByRole('button', { name: 'Continue with Google' }).click();
  await expectToast(page, 'Social login', 'Google login is not implemented in this demo.');

  await dialog.getByRole('button', { name: 'Sign up with Email' }).click();
  const signUp = page.getByRole('dialog', { name: 'Sign up' });
  await expect(signUp.getByLabel('Email')).toBeVisible();
  await signUp.getByLabel('Email').fill('not-an-email');
  await signUp.getByRole('button', { name: 'Sign up', exact: true }).click();
  await expect(signUp.getByText('Please enter a valid email')).toBeVisible();
  await signUp.getByRole('button', { name: 'Login with Email' }).click();
  await expect(page.getByRole('dialog', { name: 'Log in or sign up' })).toBeVisible();
});

test('the seeded admin sees Dashboard, Manage Listings and Manage Bookings', async ({ page }) => {
  await page.goto('/');
  await login(page, ADMIN.username, ADMIN.password);
  await openUserMenu(page);
  await expect(page.getByRole('menuitem', { name: 'Dashboard' })).toHaveAttribute(
    'href',
    '/admin?directAdmin=true',
  );
  await expect(page.getByRole('menuitem', { name: 'Manage Listings' })).toHaveAttribute(
    'href',
    '/admin/listings?directAdmin=true',
  );
  await expect(page.getByRole('menuitem', { name: 'Manage Bookings' })).toHaveAttribute(
    'href',
    '/admin/bookings?directAdmin=true',
  );
});

test('a visitor opening /admin?directAdmin=true with demo mode off gets the login dialog', async ({
  page,
}) => {
  await page.goto('/admin?directAdmin=true');
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page.getByRole('dialog', { name: 'Log in or sign up' })).toBeVisible();
  await expectToast(page, 'Authentication Required', 'Please login to access the admin area');
});

test('a signed-in non-admin is turned away from the admin area', async ({ page }) => {
  const username = unique('plain');
  const res = await page.request.post('/api/auth/register', {
    data: { username, email: `${username}@example.com`, password: 'secret-pw' },
  });
  expect(res.ok()).toBe(true);
  await page.goto('/admin?directAdmin=true');
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expectToast(page, 'Access Denied', "You don't have permission to access the admin area");
  await expect(page.getByRole('dialog', { name: 'Log in or sign up' })).toHaveCount(0);
});

test('with DEMO_DIRECT_ADMIN=true the same address opens the admin area without login', async ({ page }) => {
  await page.goto(`${DEMO_ORIGIN}/admin?directAdmin=true`);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/admin');
  await expect(page.getByRole('dialog', { name: 'Log in or sign up' })).toHaveCount(0);
  await expect(
    page.locator('.mantine-Notification-root').filter({ hasText: 'Authentication Required' }),
  ).toHaveCount(0);
});
