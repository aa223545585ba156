/**
 * How soon the back office's heavy pages show their data on the demo content, as an operator at a desk
 * sees it: a signed-in browser (1280 × 800, no slowdown) opens each page's URL afresh, and the figure is
 * the time from navigation to the page's first figure or row being visible (target: under a second).
 */
import { chromium } from '@playwright/test';
import { chromePath } from './mobile.ts';

export interface TAdminPageFigure {
  name: string;
  runs: number[];
  median: number;
}

/** Each page, and what on it means its first data has arrived. */
export const ADMIN_PAGES = [
  { name: 'dashboard', path: '/admin', ready: '[data-testid="occupancy-rate"]' },
  { name: 'reports', path: '/admin/reports', ready: '[data-testid="report-pace"]' },
  { name: 'payments', path: '/admin/payments', ready: '[data-testid="total-received"]' },
  { name: 'inbox', path: '/admin/inbox', ready: '[data-testid="inbox-thread"]' },
] as const;

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
        const t0 = Date.now();
        await page.goto(p.path, { waitUntil: 'commit' });
        await page.locator(p.ready).first().waitFor({ timeout: 30_000 });
        // The page's own clock from its navigation's start (plus one evaluate's round trip, a few ms).
        runs.push(await page.evaluate(() => Math.round(performance.now())).catch(() => Date.now() - t0));
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
