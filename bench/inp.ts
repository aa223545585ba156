/**
 * Interaction to Next Paint of the guest pages' main interactions, as the `web-vitals` library measures it
 * in the page (the Event Timing API), on a phone-sized screen with touch, the CPU slowed by CDP as the
 * Lighthouse preset slows it (4×, or scaled to this machine: calibratedSlowdown in bench/mobile.ts). Each
 * interaction runs on a freshly loaded page `runs` times; its figure is the median of the runs' worst
 * interaction.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { chromium, type Locator, type Page } from '@playwright/test';
import { chromePath } from './mobile.ts';

export interface TInpFigure {
  name: string;
  /** Each run's worst interaction (ms); 0 when none reached the 16 ms the browser reports from. */
  runs: number[];
  median: number;
}

interface TInteraction {
  name: string;
  /** Loads the page and readies it; resolves once the measured part can start. */
  setup: (page: Page) => Promise<void>;
  /** The measured taps. */
  act: (page: Page) => Promise<void>;
}

const require = createRequire(import.meta.url);
// The IIFE build, which defines `webVitals` in the page: beside the package's main file (not an export).
const WEB_VITALS = fs.readFileSync(
  path.join(path.dirname(require.resolve('web-vitals')), 'web-vitals.iife.js'),
  'utf8',
);

/**
 * Records every interaction web-vitals reports as INP grows, from the page's first script on, and the
 * Event Timing entries it reads them from. web-vitals reports only when INP grows, so a measured tap that
 * is quicker than a setup tap before it (picking dates after the tap that opened the picker) would go
 * unreported: the run's figure also takes the longest interaction among the entries after setup.
 */
const RECORDER = `
  window.__inp = [];
  window.__events = [];
  webVitals.onINP((m) => window.__inp.push(m.value), { reportAllChanges: true, durationThreshold: 16 });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      if (e.interactionId) window.__events.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'event', buffered: true, durationThreshold: 16 });
`;

interface TRecorded {
  __inp: number[];
  __events: { start: number; duration: number }[];
  __mark: number;
}

/** Time for a slowed page to paint a tap's answer before the bench looks into the page again. */
const PAINT_WAIT_MS = 1000;

/**
 * A finger's tap at the target's centre, sent as touch input, then a pause for its frame to paint. The
 * target is found and scrolled to before the tap. Playwright's own `tap()` checks its target from inside
 * the page while the tap's events run, and a `getByRole` lookup right after a tap computes accessible
 * names across the whole page: slowed down, either costs the main thread more than the app's own answer,
 * inside the very frame being measured. A phone's tap does neither.
 */
async function tap(page: Page, target: Locator): Promise<void> {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error('the tap target has no box on screen');
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
  await page.waitForTimeout(PAINT_WAIT_MS);
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? NaN) : ((s[mid - 1] ?? NaN) + (s[mid] ?? NaN)) / 2;
};

/** The interactions the phone target names, on a listing, its stay and a search with the map. */
export function guestInteractions(listingId: number, checkIn: string, checkOut: string): TInteraction[] {
  const listing = `/property/${listingId}`;
  const withStay = `${listing}?checkIn=${checkIn}&checkOut=${checkOut}&guests=2`;
  const ready = async (page: Page, path: string) => {
    await page.goto(path);
    await page
      .getByTestId('booking-card')
      .getByTestId('total')
      .or(page.getByTestId('booking-card'))
      .first()
      .waitFor();
  };
  const dayLabel = (iso: string) => {
    const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
    return `${d} ${new Date(y, m - 1, d).toLocaleDateString('en-US', { month: 'long' })} ${y}`;
  };
  // A day of the open calendar of one date input (both inputs' calendars may be in the page at once).
  const day = async (page: Page, input: 'check-in-input' | 'check-out-input', iso: string) => {
    // The calendar is named by the input once it is open.
    await page.locator(`[data-testid="${input}"][aria-expanded="true"]`).waitFor();
    const calendar = await page.getByTestId(input).getAttribute('aria-controls');
    return page.locator(`[id="${calendar}"]`).getByRole('button', { name: new RegExp(`^${dayLabel(iso)}$`) });
  };
  return [
    {
      name: 'open the date picker',
      setup: (page) => ready(page, listing),
      act: (page) => tap(page, page.getByTestId('check-in-input')),
    },
    {
      name: 'pick two dates',
      setup: async (page) => {
        // The stay in the URL opens the calendar on its month; the taps choose it again.
        await ready(page, withStay);
        await page.getByTestId('check-in-input').tap();
        await (await day(page, 'check-in-input', checkIn)).waitFor();
      },
      act: async (page) => {
        await tap(page, await day(page, 'check-in-input', checkIn));
        await tap(page, await day(page, 'check-out-input', checkOut));
      },
    },
    {
      name: 'change the party',
      setup: async (page) => {
        await ready(page, withStay);
        await page.getByTestId('booking-card').getByTestId('party-picker').getByRole('button').first().tap();
        await page.getByRole('button', { name: 'Increase children' }).waitFor();
      },
      act: (page) => tap(page, page.getByRole('button', { name: 'Increase children' })),
    },
    {
      name: 'press Reserve',
      setup: (page) => ready(page, withStay),
      act: async (page) => {
        await tap(page, page.getByTestId('booking-card').getByTestId('reserve'));
        await page.getByTestId('checkout-page').waitFor();
      },
    },
    {
      name: 'open the gallery',
      setup: (page) => ready(page, listing),
      act: async (page) => {
        await tap(page, page.getByRole('button', { name: 'Show all photos' }));
        await page.locator('[role="dialog"]').waitFor();
      },
    },
    {
      name: 'move the map on a search',
      setup: async (page) => {
        await page.goto('/?view=map');
        await page.locator('.results-map').getByTestId('price-marker').first().waitFor();
      },
      act: (page) => tap(page, page.locator('.results-map').getByRole('button', { name: 'Zoom in' })),
    },
  ];
}

export async function benchInp(
  baseUrl: string,
  interactions: TInteraction[],
  opts: { runs: number; cpuSlowdown: number; log: (msg: string) => void },
): Promise<TInpFigure[]> {
  const browser = await chromium.launch({
    executablePath: chromePath(),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      `--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE ${new URL(baseUrl).hostname}`,
    ],
  });
  const figures: TInpFigure[] = [];
  try {
    for (const interaction of interactions) {
      const runs: number[] = [];
      for (let i = 0; i < opts.runs; i++) {
        // Lighthouse's phone: a Moto G Power's screen, touch, a fresh profile each time.
        const context = await browser.newContext({
          baseURL: baseUrl,
          viewport: { width: 412, height: 823 },
          deviceScaleFactor: 1.75,
          isMobile: true,
          hasTouch: true,
        });
        await context.addInitScript({ content: `${WEB_VITALS}\n${RECORDER}` });
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: opts.cpuSlowdown });
        try {
          await interaction.setup(page);
          await page.evaluate(() => {
            const w = window as unknown as TRecorded;
            w.__inp.length = 0;
            w.__mark = performance.now();
          });
          await interaction.act(page);
          // web-vitals reports an interaction once its frame is painted; give a slowed page time to get there.
          await page.waitForTimeout(1500);
          const reported = await page.evaluate(() => {
            const w = window as unknown as TRecorded;
            const acted = w.__events.filter((e) => e.start >= w.__mark).map((e) => e.duration);
            return [...w.__inp, ...acted];
          });
          runs.push(Math.max(0, ...reported));
        } catch (err) {
          // A run that could not be driven is no figure: said in the log and left out of the median.
          opts.log(`INP ${interaction.name}: run ${i + 1} failed: ${(err as Error).message.split('\n')[0]}`);
        }
        await context.close();
      }
      const figure = { name: interaction.name, runs, median: runs.length > 0 ? median(runs) : NaN };
      opts.log(`INP ${figure.name}: ${runs.join(', ')} ms`);
      figures.push(figure);
    }
  } finally {
    await browser.close();
  }
  return figures;
}
