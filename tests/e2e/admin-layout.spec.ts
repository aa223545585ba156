import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { useColorScheme } from './support/a11y.ts';
import { nextFrames, trackRequests } from './support/settle.ts';

/**
 * Every admin table fits its container on the laptop screens admins use: no
 * column is pushed out of sight (the bookings table's Actions once were), and no badge is cut to 'PE…'.
 * The admin pages come from the client's route tree, so a new admin page is checked without a list here.
 */

function adminPaths(): string[] {
  const tree = fs.readFileSync(new URL('../../src/client/routeTree.gen.ts', import.meta.url), 'utf8');
  const byTo = /export interface FileRoutesByTo \{([\s\S]*?)\n\}/.exec(tree)?.[1] ?? '';
  return [...byTo.matchAll(/^\s*'([^']+)':/gm)]
    .map((m) => m[1] ?? '')
    .filter((p) => p === '/admin' || p.startsWith('/admin/'));
}

const PATHS = adminPaths();
const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 1366, height: 768 },
];

test.use({ signedIn: 'admin' });

test('the route tree lists the admin pages', () => {
  expect(PATHS).toEqual(expect.arrayContaining(['/admin', '/admin/bookings', '/admin/listings']));
  expect(PATHS.length).toBeGreaterThanOrEqual(9);
});

interface TOverflow {
  what: string;
  scrollWidth: number;
  clientWidth: number;
}

/** Tables wider than their (scroll) container, and badges whose label is cut. */
async function overflows(page: Page): Promise<TOverflow[]> {
  return page.evaluate(() => {
    const out: { what: string; scrollWidth: number; clientWidth: number }[] = [];
    const scrolls = (el: Element) => ['auto', 'scroll', 'hidden'].includes(getComputedStyle(el).overflowX);
    for (const table of Array.from(document.querySelectorAll('main table'))) {
      // A table kept for screen readers only (a chart's figures) takes no room on screen.
      if (table.closest('.mantine-VisuallyHidden-root')) continue;
      let box: Element | null = table.parentElement;
      while (box && box.tagName !== 'MAIN' && !scrolls(box)) box = box.parentElement;
      const container = box ?? table.parentElement;
      if (!container) continue;
      const name = table.getAttribute('data-testid') ?? table.querySelector('th')?.textContent ?? 'table';
      if (container.scrollWidth > container.clientWidth + 1)
        out.push({
          what: `table ${name}`,
          scrollWidth: container.scrollWidth,
          clientWidth: container.clientWidth,
        });
    }
    for (const label of Array.from(document.querySelectorAll('main .mantine-Badge-label'))) {
      if (!(label instanceof HTMLElement) || label.offsetParent === null) continue;
      // A timeline bar is as wide as its stay, and says all of it in its title and to screen readers.
      if (label.closest('[data-testid="timeline-bar"]')) continue;
      if (label.scrollWidth > label.clientWidth + 1)
        out.push({
          what: `badge '${label.textContent ?? ''}'`,
          scrollWidth: label.scrollWidth,
          clientWidth: label.clientWidth,
        });
    }
    return out;
  });
}

/**
 * Opens `path` the way an admin moves between pages, through the client's router (the first page is a
 * full load), and waits until its data is in.
 */
async function open(page: Page, path: string, settled: () => Promise<void>): Promise<void> {
  let url = path;
  if (path.includes('$id')) {
    const homes = (await (await page.request.get('/api/properties')).json()) as { id: number }[];
    url = path.replace('$id', String(homes[0]?.id ?? 1));
  }
  if (page.url() === 'about:blank') await page.goto(url);
  // The router patches history.pushState, so this is a client-side navigation like a nav link's.
  else await page.evaluate((to) => window.history.pushState(window.history.state, '', to), url);
  await expect(page).toHaveURL((u) => `${u.pathname}${u.search}` === url);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('admin-pending')).toHaveCount(0);
  await settled();
}

/**
 * One scheme: a colour scheme changes colours only (the dark rules set colours, never sizes or fonts),
 * so the light scheme's layout is the dark one's. Each page is measured at both widths, which share
 * Mantine's breakpoint, so a resize re-lays out the page without loading it again.
 */
test('admin tables and badges fit at 1280×800 and 1366×768', async ({ page }) => {
  // One test walks every admin page.
  test.setTimeout(PATHS.length * 15_000);
  const { settled } = trackRequests(page);
  await useColorScheme(page, 'light');
  const problems: string[] = [];
  for (const path of PATHS) {
    await test.step(path, () => open(page, path, settled));
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      // Let resize observers and the re-render they cause run before measuring.
      await nextFrames(page);
      for (const o of await overflows(page))
        problems.push(
          `${path} at ${viewport.width}px: ${o.what} needs ${o.scrollWidth}px, has ${o.clientWidth}px`,
        );
    }
  }
  expect(problems).toEqual([]);
});
