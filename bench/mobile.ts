/**
 * What a phone sees, measured by Lighthouse itself: its default (mobile) configuration, a Moto G Power
 * screen, slow 4G (150 ms round trip, 1.6 Mbit/s down) and a CPU four times slower, all simulated from a
 * trace of an unthrottled load (throttlingMethod 'simulate'), as PageSpeed Insights does. Each page is
 * loaded `runs` times in turn, each load with a cleared cache and storage; the figures are the median of
 * the runs, metric by metric.
 *
 * Chromium is started here with a DevTools port for Lighthouse to drive. The machine has no route to
 * the internet: every host name but the local one resolves to nothing at once (`--host-resolver-rules`),
 * so a map tile or a social link's favicon fails in a millisecond instead of waiting for a timeout.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';

/** Chromium for the phone figures: CHROME_PATH, else Debian's full browser, else its headless shell. */
export function chromePath(): string {
  const found = ['/usr/bin/chromium', '/usr/bin/chromium-headless-shell'].find((p) => fs.existsSync(p));
  return process.env.CHROME_PATH ?? found ?? '/usr/bin/chromium';
}

export const LIGHTHOUSE_PROFILE = {
  tool: 'lighthouse',
  version: '12.8.2',
  config: 'default (mobile): formFactor mobile, throttlingMethod simulate (150 ms RTT, 1.6 Mbit/s, 4× CPU)',
} as const;

export interface TLighthouseRun {
  score: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  fcpMs: number;
  speedIndexMs: number;
  /** Bytes over the wire (Lighthouse's total-byte-weight). */
  bytes: number;
  /**
   * Lighthouse's measure of this machine's CPU speed at the time (a desktop of the day scores about
   * 1,000 to 2,000): its main-thread times, TBT above all, are this machine's, slowed 4× more.
   */
  benchmarkIndex: number;
}

export interface TLighthouseDiagnostics {
  lcpElement: string;
  /** LCP split into TTFB, resource load delay, load time and render delay (ms). */
  lcpPhases: Record<string, number>;
  renderBlocking: string[];
  /** Main-thread time per script (ms, the slowest first). */
  scripts: { url: string; ms: number }[];
  layoutShifts: { node: string; score: number }[];
  failedAudits: string[];
}

export interface TPageFigures {
  name: string;
  path: string;
  runs: TLighthouseRun[];
  median: TLighthouseRun;
  /** From the run whose score is the median one. */
  diagnostics: TLighthouseDiagnostics;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? NaN) : ((s[mid - 1] ?? NaN) + (s[mid] ?? NaN)) / 2;
};

/** Starts headless Chromium with a DevTools port; answers the port. */
async function startChromium(
  profileDir: string,
  localHost: string,
): Promise<{ port: number; child: ChildProcess }> {
  const executable = chromePath();
  const child = spawn(
    executable,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-default-apps',
      '--disable-extensions',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
      '--no-default-browser-check',
      '--mute-audio',
      `--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE ${localHost}`,
      `--user-data-dir=${profileDir}`,
      '--remote-debugging-port=0',
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`Chromium did not start: ${seen}`)), 30_000);
    child.stderr?.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const m = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(seen);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Chromium exited (${code}): ${seen}`));
    });
  });
  child.stderr?.resume();
  return { port, child };
}

type TLhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];
type TDetails = { type?: string; items?: Record<string, unknown>[] };

function items(lhr: TLhr, audit: string): Record<string, unknown>[] {
  const d = lhr.audits[audit]?.details as TDetails | undefined;
  return d?.items ?? [];
}

const shortUrl = (u: unknown) => String(u).replace(/^https?:\/\/[^/]+/, '');

function nodeLabel(node: unknown): string {
  const n = node as { selector?: string; snippet?: string } | undefined;
  return n ? `${n.selector ?? ''} ${n.snippet ?? ''}`.trim().slice(0, 200) : '';
}

function diagnosticsOf(lhr: TLhr): TLighthouseDiagnostics {
  // 'largest-contentful-paint-element' has two tables: the element, then its phases.
  const lcpTables = items(lhr, 'largest-contentful-paint-element') as unknown as TDetails[];
  const lcpNode = lcpTables[0]?.items?.[0]?.node;
  const lcpPhases = Object.fromEntries(
    (lcpTables[1]?.items ?? []).map((p) => [String(p.phase), Math.round(Number(p.timing))]),
  );
  return {
    lcpElement: nodeLabel(lcpNode),
    lcpPhases,
    renderBlocking: items(lhr, 'render-blocking-resources').map(
      (i) => `${shortUrl(i.url)} (${Math.round(Number(i.wastedMs))} ms)`,
    ),
    scripts: items(lhr, 'bootup-time')
      .map((i) => ({ url: shortUrl(i.url), ms: Math.round(Number(i.total)) }))
      .slice(0, 6),
    layoutShifts: items(lhr, 'layout-shifts').map((i) => ({
      node: nodeLabel(i.node),
      score: Number(i.score),
    })),
    failedAudits: Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.details)
      .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`),
  };
}

function runOf(lhr: TLhr): TLighthouseRun {
  const num = (id: string) => Number(lhr.audits[id]?.numericValue ?? NaN);
  return {
    score: Math.round((lhr.categories.performance?.score ?? NaN) * 100),
    lcpMs: num('largest-contentful-paint'),
    cls: num('cumulative-layout-shift'),
    tbtMs: num('total-blocking-time'),
    fcpMs: num('first-contentful-paint'),
    speedIndexMs: num('speed-index'),
    bytes: num('total-byte-weight'),
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
  };
}

/**
 * Lighthouse's mobile run of each page, `runs` times, interleaved (home, property, search, home, …) so
 * that whatever else the shared machine does weighs on every page alike. Each report is written to
 * `reportDir` as JSON, for a look at what it blames.
 */
export async function benchMobile(
  baseUrl: string,
  pages: { name: string; path: string }[],
  opts: {
    runs?: number;
    warmUp?: boolean;
    reportDir: string;
    log?: (msg: string) => void;
    /** Replaces the preset's 4× CPU slowdown (calibratedSlowdown). */
    cpuSlowdownMultiplier?: number;
  },
): Promise<TPageFigures[]> {
  const runs = opts.runs ?? 3;
  const log = opts.log ?? (() => undefined);
  fs.mkdirSync(opts.reportDir, { recursive: true });
  const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stayhub-lighthouse-'));
  const { port, child } = await startChromium(profileDir, new URL(baseUrl).hostname);
  try {
    const flags = {
      port,
      output: 'json' as const,
      logLevel: 'error' as const,
      onlyCategories: ['performance'],
      ...(opts.cpuSlowdownMultiplier
        ? { throttling: { cpuSlowdownMultiplier: opts.cpuSlowdownMultiplier } }
        : {}),
    };
    // One load of each page first: the server's first answers (JIT, pools, caches) are not what a phone meets.
    if (opts.warmUp !== false) for (const p of pages) await lighthouse(`${baseUrl}${p.path}`, flags);
    const lhrs = new Map<string, TLhr[]>(pages.map((p) => [p.name, []]));
    for (let i = 0; i < runs; i++) {
      for (const p of pages) {
        const result = await lighthouse(`${baseUrl}${p.path}`, flags);
        if (!result) throw new Error(`Lighthouse gave no result for ${p.path}`);
        const lhr = result.lhr;
        if (lhr.runtimeError) throw new Error(`Lighthouse on ${p.path}: ${lhr.runtimeError.message}`);
        if (
          opts.cpuSlowdownMultiplier &&
          lhr.configSettings.throttling.cpuSlowdownMultiplier !== opts.cpuSlowdownMultiplier
        )
          throw new Error('Lighthouse did not take the CPU slowdown it was given');
        const tag = opts.cpuSlowdownMultiplier ? `-cpu${opts.cpuSlowdownMultiplier}` : '';
        fs.writeFileSync(path.join(opts.reportDir, `${p.name}${tag}-${i + 1}.json`), JSON.stringify(lhr));
        // The observed load's trace, for a look at what a long task did (BENCH_MOBILE_TRACE=1).
        if (process.env.BENCH_MOBILE_TRACE)
          fs.writeFileSync(
            path.join(opts.reportDir, `${p.name}${tag}-${i + 1}.trace.json`),
            JSON.stringify(result.artifacts.Trace),
          );
        const r = runOf(lhr);
        log(
          `  ${p.name} #${i + 1}: score ${r.score}, LCP ${r.lcpMs.toFixed(0)} ms, CLS ${r.cls.toFixed(3)}, ` +
            `TBT ${r.tbtMs.toFixed(0)} ms, FCP ${r.fcpMs.toFixed(0)} ms, CPU benchmark index ${r.benchmarkIndex}`,
        );
        lhrs.get(p.name)?.push(lhr);
      }
    }
    return pages.map((p) => {
      const list = lhrs.get(p.name) ?? [];
      const rs = list.map(runOf);
      const med: TLighthouseRun = {
        score: median(rs.map((r) => r.score)),
        lcpMs: median(rs.map((r) => r.lcpMs)),
        cls: median(rs.map((r) => r.cls)),
        tbtMs: median(rs.map((r) => r.tbtMs)),
        fcpMs: median(rs.map((r) => r.fcpMs)),
        speedIndexMs: median(rs.map((r) => r.speedIndexMs)),
        bytes: median(rs.map((r) => r.bytes)),
        benchmarkIndex: median(rs.map((r) => r.benchmarkIndex)),
      };
      const byScore = list
        .map((lhr, i) => ({ lhr, score: rs[i]?.score ?? 0 }))
        .sort((a, b) => a.score - b.score);
      const mid = byScore[Math.floor(byScore.length / 2)]?.lhr;
      if (!mid) throw new Error(`no Lighthouse run of ${p.path}`);
      return { ...p, runs: rs, median: med, diagnostics: diagnosticsOf(mid) };
    });
  } finally {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    }
    fs.rmSync(profileDir, { recursive: true, force: true });
  }
}

/**
 * The preset's 4× CPU slowdown is made for a desktop whose Lighthouse benchmark index is about 1,000 to
 * 2,500: on such a machine the 4× stands for a mid-tier phone as it is. On a faster machine (above 2,500)
 * the 4× is scaled by index / 1,800, so a run still stands for the phone the preset means; below 1,000 the
 * machine is too slow for the preset and a run does not count (`countsAtIndex`). Rounded to a tenth.
 */
export function calibratedSlowdown(benchmarkIndex: number): number {
  if (benchmarkIndex <= 2500) return 4;
  return Math.round(((4 * benchmarkIndex) / 1800) * 10) / 10;
}

/** Whether a Lighthouse run at this benchmark index counts against a target (index 1,000 or more). */
export const countsAtIndex = (benchmarkIndex: number): boolean => benchmarkIndex >= 1000;
