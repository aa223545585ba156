import type { BrowserContext } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/**
 * The worker's browser context passes from test to test (docs/testing.md#one-browser-context-per-worker):
 * what one test leaves must not reach the next. Serial, so the tests run in this order in one worker.
 */
test.describe.configure({ mode: 'serial' });

let first: BrowserContext | undefined;

test('a test leaves storage, a cookie, a permission and a route behind', async ({ page, context }) => {
  first = context;
  await context.grantPermissions(['clipboard-read']);
  await context.route('**/about', (route) => route.fulfill({ body: 'routed' }));
  await page.goto('/');
  await page.evaluate(() => {
    localStorage.setItem('probe', 'left');
    sessionStorage.setItem('probe', 'left');
    document.cookie = 'probe=left; path=/';
  });
  expect(await page.evaluate(() => localStorage.getItem('probe'))).toBe('left');
});

test('the next test gets the same context without any of it', async ({ page, context }) => {
  expect(context).toBe(first);
  await page.goto('/');
  expect(
    await page.evaluate(async () => ({
      local: localStorage.getItem('probe'),
      session: sessionStorage.getItem('probe'),
      cookie: document.cookie.includes('probe='),
      clipboard: (await navigator.permissions.query({ name: 'clipboard-read' as PermissionName })).state,
    })),
  ).toEqual({ local: null, session: null, cookie: false, clipboard: 'prompt' });
  expect(await (await page.request.get('/about')).text()).not.toBe('routed');
  const about = await page.goto('/about');
  expect(await about?.text()).not.toBe('routed');
});

test('a test that installs a fake clock spends the context', async ({ page, context }) => {
  expect(context).toBe(first);
  await page.clock.install({ time: new Date('2001-02-03T04:05:06Z') });
  await page.goto('/');
  expect(await page.evaluate(() => new Date().getUTCFullYear())).toBe(2001);
});

test('so the next test gets a new context on the real clock', async ({ page, context }) => {
  expect(context).not.toBe(first);
  await page.goto('/');
  expect(await page.evaluate(() => new Date().getUTCFullYear())).toBeGreaterThan(2001);
});
