import type { Browser, BrowserContext, BrowserContextOptions, CDPSession, Page } from '@playwright/test';

/**
 * One browser context per worker, handed from test to test with its HTTP cache kept and everything a
 * test can leave behind cleared (docs/testing.md#one-browser-context-per-worker).
 *
 * A fresh context per test was the suite's largest fixed cost: every test's first page started a new
 * renderer process with an empty cache, and fetched, parsed and compiled the app's scripts and styles
 * again. The context lives as long as the worker, with a page of the worker's own site open in it
 * (`keeper`): with `--process-per-site` (playwright.config.ts) each test's pages join that page's
 * renderer process, which keeps the scripts it compiled.
 *
 * Between tests the context's pages close and its cookies, permissions, routes and the visited origins'
 * storage (local storage, IndexedDB, service workers, Cache Storage) are cleared. What cannot be
 * undone through Playwright (a fake clock, init scripts or bindings on the context, an offline or
 * geolocation or header override) marks the context spent: it is closed after that test, and the next
 * test gets a new one. So does a test whose context options differ (`test.use`) from the last one's.
 */
export class SharedContext {
  private current?: {
    context: BrowserContext;
    key: string;
    keeper: Page;
    cdp: CDPSession;
    origins: Set<string>;
    spent: boolean;
  };

  private readonly browser: Browser;
  /** A page on the worker's own site, small and without scripts. */
  private readonly keeperUrl: string;

  constructor(browser: Browser, keeperUrl: string) {
    this.browser = browser;
    this.keeperUrl = keeperUrl;
  }

  /** The context for a test with these options: the last one if they match and it is clean, else a new one. */
  async take(options: BrowserContextOptions): Promise<BrowserContext> {
    const key = JSON.stringify(options);
    if (this.current && (this.current.key !== key || this.current.spent)) await this.close();
    if (!this.current) this.current = await this.open(options, key);
    return this.current.context;
  }

  /** After a test: clears what it left, or closes the context when that cannot be cleared. */
  async release(): Promise<void> {
    const current = this.current;
    if (!current) return;
    if (current.spent) return this.close();
    try {
      await Promise.all(
        current.context
          .pages()
          .filter((p) => p !== current.keeper)
          .map((p) => p.close()),
      );
      await current.context.unrouteAll({ behavior: 'ignoreErrors' });
      await current.context.clearCookies();
      await current.context.clearPermissions();
      for (const origin of current.origins) {
        await current.cdp.send('Storage.clearDataForOrigin', {
          origin,
          storageTypes: 'local_storage,indexeddb,websql,file_systems,service_workers,cache_storage',
        });
      }
      current.origins.clear();
    } catch {
      // A test that timed out can leave a page that will not close: start the next one afresh.
      await this.close();
    }
  }

  async close(): Promise<void> {
    const current = this.current;
    this.current = undefined;
    await current?.context.close().catch(() => undefined);
  }

  private async open(options: BrowserContextOptions, key: string): Promise<NonNullable<typeof this.current>> {
    const context = await this.browser.newContext(options);
    const origins = new Set<string>();
    // The origins of the documents the test opened (frames included): storage is theirs. Navigations, not
    // requests: Playwright sends every page's navigations anyway, but requests only to a listener.
    const visit = (url: string) => {
      if (/^https?:/.test(url)) origins.add(new URL(url).origin);
    };
    context.on('page', (page) => page.on('framenavigated', (frame) => visit(frame.url())));
    const keeper = await context.newPage();
    await keeper.goto(this.keeperUrl);
    const entry = { context, key, origins, keeper, cdp: await context.newCDPSession(keeper), spent: false };
    const spend = <T extends object>(target: T, names: (keyof T & string)[]) => {
      for (const name of names) {
        const original = target[name] as (...args: unknown[]) => unknown;
        Object.assign(target, {
          [name]: (...args: unknown[]) => {
            entry.spent = true;
            return original.apply(target, args);
          },
        });
      }
    };
    // `page.clock` is the context's clock.
    spend(context.clock, ['install', 'setFixedTime', 'setSystemTime', 'pauseAt']);
    spend(context, [
      'addInitScript',
      'exposeBinding',
      'exposeFunction',
      'setGeolocation',
      'setOffline',
      'setExtraHTTPHeaders',
      'setHTTPCredentials',
      'routeFromHAR',
      'routeWebSocket',
    ]);
    return entry;
  }
}
