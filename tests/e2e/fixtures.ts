import {
  test as base,
  expect,
  type APIRequestContext,
  type BrowserContextOptions,
  type Page,
  type PlaywrightTestOptions,
} from '@playwright/test';
import { workerOrigin } from './support/servers.ts';
import { SharedContext } from './support/shared-context.ts';

export const ADMIN = { username: 'admin', password: 'admin123' } as const;

/** Signs `request` in as the seeded admin (a page's `page.request` shares the page's cookies). */
export async function loginAsAdmin(request: APIRequestContext): Promise<void> {
  const res = await request.post('/api/auth/login', { data: ADMIN });
  expect(res.ok(), await res.text()).toBe(true);
}

/**
 * The browser logs every 4xx/5xx answer and every aborted request as a console error of its own
 * ('Failed to load resource: …'): the tests assert those answers themselves. Anything else the page
 * prints with console.error or console.warn, and any uncaught exception, fails the test.
 */
const browserNetworkLog = /^Failed to load resource: /;
/** What the page says, by design, because this fixture cuts the third-party hosts (the rates services). */
const offlineByDesign = [/^Exchange rates: every service failed; keeping the last stored rates\.$/];

type TFixtures = {
  /** Console messages the test expects (console.error/warn text, or an uncaught error's message). */
  allowConsole: RegExp[];
  /** `test.use({ signedIn: 'admin' })`: every page of the file starts signed in as the admin. */
  signedIn: 'admin' | null;
  /** The page, signed in as the seeded admin (through the API, sharing the page's cookies). */
  asAdmin: Page;
};

/**
 * Every page in the suite runs as it would on this offline machine: third-party hosts (tiles, rates,
 * geocoding) are cut at the network edge, the browser's name resolver (playwright.config.ts), so the
 * app's degraded paths are what is tested. A test that wants a third-party answer registers its own
 * page.route before navigating (a routed request never reaches the resolver).
 */
export const test = base.extend<TFixtures, { sharedContext: SharedContext }>({
  sharedContext: [
    async ({ browser }, use, workerInfo) => {
      const shared = new SharedContext(browser, `${workerOrigin(workerInfo.parallelIndex)}/healthz`);
      await use(shared);
      await shared.close();
    },
    { scope: 'worker' },
  ],
  // Every test's `context` (and so its `page`) comes from the worker's shared context, reset in between
  // (support/shared-context.ts). Each option Playwright would pass to a new context is read here, so a
  // `test.use` of any of them gets a context with it.
  context: async (
    {
      sharedContext,
      acceptDownloads,
      bypassCSP,
      clientCertificates,
      colorScheme,
      contrast,
      deviceScaleFactor,
      extraHTTPHeaders,
      forcedColors,
      hasTouch,
      geolocation,
      httpCredentials,
      ignoreHTTPSErrors,
      isMobile,
      javaScriptEnabled,
      locale,
      offline,
      permissions,
      proxy,
      reducedMotion,
      screen,
      storageState,
      viewport,
      timezoneId,
      userAgent,
      baseURL,
      contextOptions,
      serviceWorkers,
    },
    use,
  ) => {
    // The names again: Playwright learns a fixture's dependencies from its parameter's destructuring, and
    // refuses a rest element there. `satisfies`: a context option that a Playwright release adds to the
    // test options fails the typecheck here until it is listed in both places.
    const chosen = {
      acceptDownloads,
      bypassCSP,
      clientCertificates,
      colorScheme,
      contrast,
      deviceScaleFactor,
      extraHTTPHeaders,
      forcedColors,
      hasTouch,
      geolocation,
      httpCredentials,
      ignoreHTTPSErrors,
      isMobile,
      javaScriptEnabled,
      locale,
      offline,
      permissions,
      proxy,
      reducedMotion,
      screen,
      storageState,
      viewport,
      timezoneId,
      userAgent,
      baseURL,
      serviceWorkers,
    } satisfies Record<Extract<keyof PlaywrightTestOptions, keyof BrowserContextOptions>, unknown>;
    const options: BrowserContextOptions = { ...contextOptions };
    for (const [key, value] of Object.entries(chosen)) {
      if (
        value !== undefined &&
        !(key === 'clientCertificates' && Array.isArray(value) && value.length === 0)
      ) {
        Object.assign(options, { [key]: value });
      }
    }
    await use(await sharedContext.take(options));
    await sharedContext.release();
  },
  // This worker's own server (playwright.config.ts starts one per worker); `page`, `request` and
  // `browser.newContext()` all resolve relative URLs against it.
  // Playwright reads a fixture's dependencies from the destructuring: this one has none.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use, testInfo) => use(workerOrigin(testInfo.parallelIndex)),
  allowConsole: [[], { option: true }],
  signedIn: [null, { option: true }],
  page: async ({ page, allowConsole, signedIn }, use, testInfo) => {
    const stray: string[] = [];
    const allowed = (text: string) => [...offlineByDesign, ...allowConsole].some((p) => p.test(text));
    page.on('console', (msg) => {
      const type = msg.type();
      if (type !== 'error' && type !== 'warning') return;
      const text = msg.text();
      if (browserNetworkLog.test(text) || allowed(text)) return;
      stray.push(`console.${type === 'warning' ? 'warn' : 'error'}: ${text} (${msg.location().url})`);
    });
    page.on('pageerror', (err) => {
      if (!allowed(err.message)) stray.push(`uncaught ${err.name}: ${err.message}`);
    });
    if (signedIn === 'admin') await loginAsAdmin(page.request);
    // A page the server sent with its first screen (docs/decisions.md#first-response) holds the app's
    // components, inert, until the app renders over them: a test starts on the app, as a visitor's first
    // tap does, not on the server's picture of it.
    for (const method of ['goto', 'reload'] as const) {
      const navigate = page[method].bind(page) as (...args: unknown[]) => Promise<unknown>;
      Object.assign(page, {
        [method]: async (...args: unknown[]) => {
          const response = await navigate(...args);
          // Checked at every frame: a locator assertion's retries back off to half a second, idle time
          // after every load of every test.
          await page.waitForFunction(() => !document.querySelector('[data-first-screen]'), undefined, {
            polling: 'raf',
            timeout: 10_000,
          });
          return response;
        },
      });
    }
    await use(page);
    // A test that already failed keeps its own error; the console lines go to its report.
    if (stray.length > 0 && testInfo.status === testInfo.expectedStatus) {
      throw new Error(`The page printed to the console:\n${stray.join('\n')}`);
    }
    if (stray.length > 0) await testInfo.attach('console', { body: stray.join('\n') });
  },
  asAdmin: async ({ page, signedIn }, use) => {
    if (signedIn !== 'admin') await loginAsAdmin(page.request);
    await use(page);
  },
});

export { expect };

/**
 * Rewrites the answer of `procedure` inside tRPC batches (other calls of the batch pass untouched),
 * so a page can be shown an empty list, a failure, or a slow answer (`gate` holds it until resolved).
 */
export async function rewriteTrpc(
  page: Page,
  procedure: string,
  answer: (real: unknown) => unknown,
  gate?: Promise<void>,
): Promise<void> {
  await page.route(
    (url) =>
      url.pathname.startsWith('/trpc/') && url.pathname.slice('/trpc/'.length).split(',').includes(procedure),
    async (route) => {
      if (gate) await gate;
      const names = new URL(route.request().url()).pathname.slice('/trpc/'.length).split(',');
      const res = await route.fetch();
      const body = (await res.json()) as unknown[];
      const i = names.indexOf(procedure);
      body[i] = answer(body[i]);
      await route.fulfill({ response: res, json: body });
    },
  );
}

/**
 * Takes a tRPC query's data (e.g. `config.get`) out of the pages the server sends, as when the server
 * could not read it for the page: the app then asks for it itself.
 */
export async function withoutPageData(page: Page, procedure: string): Promise<void> {
  const path = procedure.split('.');
  await page.route(
    (url) =>
      !url.pathname.startsWith('/trpc/') && !url.pathname.startsWith('/api/') && !/\.\w+$/.test(url.pathname),
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const res = await route.fetch();
      const html = (await res.text()).replace(
        /(<script id="__stayhub_data" type="application\/json">)(.*?)(<\/script>)/,
        (_, open: string, json: string, close: string) => {
          const entries = (JSON.parse(json) as [unknown, unknown][]).filter(
            ([key]) => JSON.stringify((key as unknown[])[0]) !== JSON.stringify(path),
          );
          return `${open}${JSON.stringify(entries).replace(/</g, '\\u003c')}${close}`;
        },
      );
      await route.fulfill({ response: res, body: html });
    },
  );
}

/** A tRPC error answer as the server sends it (superjson envelope), for `rewriteTrpc`. */
export const trpcError = (httpStatus: number, message: string) => ({
  error: {
    json: {
      message,
      code: httpStatus === 401 ? -32001 : -32603,
      data: { httpStatus, code: httpStatus === 401 ? 'UNAUTHORIZED' : 'INTERNAL_SERVER_ERROR' },
    },
  },
});

/** Makes every call of `procedure` fail with a plain 500 (the whole batch it travels in). */
export async function failTrpc(page: Page, procedure: string): Promise<void> {
  await page.route(
    (url) =>
      url.pathname.startsWith('/trpc/') && url.pathname.slice('/trpc/'.length).split(',').includes(procedure),
    (route) => route.fulfill({ status: 500, contentType: 'text/plain', body: 'boom' }),
  );
}

/**
 * Asserts a toast, then closes it so the next one shows at once (the site shows one toast at a time).
 * A toast closes itself after a few seconds: title and message are one assertion, and the close acts
 * on the toast only if it is still there. Separate steps failed on a busy machine, each waiting on a
 * toast its timer had already removed.
 */
export async function expectToast(page: Page, title: string, message?: string | RegExp): Promise<void> {
  // A CSS locator: while a modal is open, the toast sits outside the accessibility tree (aria-modal).
  const toast = page.locator('.mantine-Notification-root').filter({ hasText: title });
  // hasText with a string ignores case; toContainText did not, so a string becomes an exact-case pattern.
  const text =
    typeof message === 'string' ? new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) : message;
  await expect(text === undefined ? toast : toast.filter({ hasText: text })).toBeVisible();
  await toast.locator('button').evaluateAll((buttons) => buttons.forEach((b) => (b as HTMLElement).click()));
  await expect(toast).toBeHidden();
}
