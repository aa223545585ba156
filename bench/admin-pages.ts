/**
 * How soon the back office's heavy pages show their data on the demo content, as an operator at a desk
 * sees it: a signed-in browser (1280 × 800, no slowdown) opens each page's URL afresh, and the figure is
 * the time from navigation to the page's first figure or row being visible (target: under a second).
 * The page clocks it itself: Playwright's waits look again at growing intervals (every 500 ms after the
 * first few hundred), which read a page ready at 700 ms as 0.9–1.1 s.
 */
import { chromium } from '@playwright/test';
import { chromePath } from './mobile.ts';

export interface TAdminPageFigure {
  name: string;
  runs: number[];
  median: number;
}

/** Each page, and what on it means its first data has arrived (`figure`: once it holds a number). */
export const ADMIN_PAGES = [
  { name: 'dashboard', path: '/admin', ready: '[data-testid="occupancy-rate"]', figure: true },
  { name: 'reports', path: '/admin/reports', ready: '[data-testid="report-pace"]', figure: false },
  // Drawn with '…' until the totals arrive.
  { name: 'payments', path: '/admin/payments', ready: '[data-testid="total-received"]', figure: true },
  { name: 'inbox', path: '/admin/inbox', ready: '[data-testid="inbox-thread"]', figure: false },
] as const;

declare global {
  interface Window {
    __benchReady?: number;
  }
}

/**
 * Run in each page before its own code: once the page's ready element is there (with a number in it
 * where `figure` says so), the time after the next frame has been drawn, on the page's clock from its
 * navigation's start.
 */
function clockReady(pages: readonly { path: string; ready: string; figure: boolean }[]): void {
  const p = pages.find((x) => x.path === location.pathname);
  if (!p) return;
  const ready = () => {
    const el = document.querySelector(p.ready);
    return el !== null && (!p.figure || /\d/.test(el.textContent ?? ''));
  };
  const observer = new MutationObserver(() => {
    if (!ready()) return;
    observer.disconnect();
    requestAnimationFrame(() => setTimeout(() => (window.__benchReady = Math.round(performance.now()))));
  });
  observer.observe(document, { subtree: true, childList: true, characterData: true });
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? NaN) : ((s[mid - 1] ?? NaN) + (s[mid] ?? NaN)) / 2;
};

export async function benchAdminPages(
  baseUrl: string,
  admin: { username: string; password: string },
  opts: { runs: number; log: (msg: string) => void },
): Promise<TAdminPageFigure[]> {
  const browser = await chromium.launch({
    executablePath: chromePath(),
    args: ['--no-sandbox', `--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE ${new URL(baseUrl).hostname}`],
  });
  const figures: TAdminPageFigure[] = [];
  try {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 800 } });
    await context.addInitScript(clockReady, ADMIN_PAGES);
    const login = await context.request.post('/api/auth/login', { data: admin });
    if (!login.ok()) throw new Error(`admin login failed: ${login.status()}`);
    // One visit first, so each timed load finds the code in the HTTP cache as a working operator's does.
    const warm = await context.newPage();
    for (const p of ADMIN_PAGES) {
      await warm.goto(p.path);
      await warm.locator(p.ready).first().waitFor({ timeout: 30_000 });
    }
    await warm.close();
    for (const p of ADMIN_PAGES) {
      const runs: number[] = [];
      for (let i = 0; i < opts.runs; i++) {
        const page = await context.newPage();
        await page.goto(p.path, { waitUntil: 'commit' });
        const ready = await page.waitForFunction(() => window.__benchReady, undefined, { timeout: 30_000 });
        runs.push(Number(await ready.jsonValue()));
        await page.close();
      }
      const figure = { name: p.name, runs, median: median(runs) };
      opts.log(`admin page ${p.name}: ${runs.join(', ')} ms`);
      figures.push(figure);
    }
    await context.close();
  } finally {
    await browser.close();
  }
  return figures;
}
