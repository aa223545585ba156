/**
 * Largest Contentful Paint and bytes on the wire under Chromium's mobile lab profile (Lighthouse's
 * "slow 4G" numbers: 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up, CPU slowed 4×, a phone's viewport),
 * on a server holding the seeded demo listings with their real photos. Each load is cold: a new browser
 * context, so no HTTP cache, no service worker, no connection reuse.
 */
import fs from 'node:fs';
import { chromium, type Browser } from '@playwright/test';

export const MOBILE_PROFILE = {
  latencyMs: 150,
  downloadBitsPerSec: 1.6e6,
  uploadBitsPerSec: 750e3,
  cpuSlowdown: 4,
  // Lighthouse's emulated phone (Moto G Power).
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  userAgent:
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
} as const;

export interface TColdLoad {
  lcpMs: number;
  /** What the LCP element was: an image URL or a tag name. */
  lcpElement: string;
  /** Bytes received over the network (headers + compressed bodies), by resource type. */
  bytes: Record<
    'document' | 'script' | 'stylesheet' | 'image' | 'fetch' | 'font' | 'other' | 'total',
    number
  >;
}

export interface TRouteFigures {
  path: string;
  loads: TColdLoad[];
  medianLcpMs: number;
  medianBytes: TColdLoad['bytes'];
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? NaN) : ((s[mid - 1] ?? NaN) + (s[mid] ?? NaN)) / 2;
};

async function coldLoad(browser: Browser, url: string): Promise<TColdLoad> {
  const context = await browser.newContext({
    viewport: MOBILE_PROFILE.viewport,
    deviceScaleFactor: MOBILE_PROFILE.deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
    userAgent: MOBILE_PROFILE.userAgent,
  });
  try {
    const page = await context.newPage();
    // Tiles, geocoding and rates are unreachable here; a phone would fetch them after the LCP anyway.
    await page.route(/^https?:\/\/(?!127\.0\.0\.1)/, (r) => r.abort());
    await page.addInitScript(() => {
      const w = window as unknown as { __lcp: { t: number; el: string } };
      w.__lcp = { t: NaN, el: '' };
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & { url?: string; element?: Element })[]) {
          w.__lcp = { t: e.startTime, el: e.url || e.element?.tagName || '?' };
        }
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: MOBILE_PROFILE.latencyMs,
      downloadThroughput: MOBILE_PROFILE.downloadBitsPerSec / 8,
      uploadThroughput: MOBILE_PROFILE.uploadBitsPerSec / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: MOBILE_PROFILE.cpuSlowdown });
    const types = new Map<string, string>();
    const bytes: TColdLoad['bytes'] = {
      document: 0,
      script: 0,
      stylesheet: 0,
      image: 0,
      fetch: 0,
      font: 0,
      other: 0,
      total: 0,
    };
    cdp.on('Network.responseReceived', (e: { requestId: string; type: string }) => {
      types.set(e.requestId, e.type.toLowerCase());
    });
    cdp.on('Network.loadingFinished', (e: { requestId: string; encodedDataLength: number }) => {
      const t = types.get(e.requestId) ?? 'other';
      const key = (t === 'xhr' ? 'fetch' : t in bytes ? t : 'other') as keyof TColdLoad['bytes'];
      bytes[key] += e.encodedDataLength;
      bytes.total += e.encodedDataLength;
    });
    await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    // The LCP is final once nothing larger has painted for a while (the page may keep a connection
    // busy, so "network idle" is not a usable signal): poll until it has held still for 3 s.
    const read = () => page.evaluate(() => (window as unknown as { __lcp: { t: number; el: string } }).__lcp);
    let lcp = await read();
    let stableSince = Date.now();
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      await page.waitForTimeout(500);
      const next = await read();
      if (next.t !== lcp.t || next.el !== lcp.el) {
        lcp = next;
        stableSince = Date.now();
      } else if (Number.isFinite(lcp.t) && Date.now() - stableSince >= 3000) {
        break;
      }
    }
    return { lcpMs: lcp.t, lcpElement: lcp.el.replace(/^https?:\/\/[^/]+/, ''), bytes };
  } finally {
    await context.close();
  }
}

/** `runs` cold loads of each path, interleaved (home, property, home, …) so the machine's load hits both alike. */
export async function benchMobile(
  baseUrl: string,
  paths: string[],
  runs = 5,
  log: (msg: string) => void = () => undefined,
): Promise<TRouteFigures[]> {
  const browser = await chromium.launch({
    ...(fs.existsSync('/usr/bin/chromium') ? { executablePath: '/usr/bin/chromium' } : {}),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    // One warm-up load: the server's first answers (JIT, pools) are not what a phone meets.
    for (const p of paths) await coldLoad(browser, `${baseUrl}${p}`);
    const loads = new Map<string, TColdLoad[]>(paths.map((p) => [p, []]));
    for (let i = 0; i < runs; i++) {
      for (const p of paths) {
        const l = await coldLoad(browser, `${baseUrl}${p}`);
        log(
          `  ${p} #${i + 1}: LCP ${l.lcpMs.toFixed(0)} ms (${l.lcpElement}), ${(l.bytes.total / 1024).toFixed(0)} KiB`,
        );
        loads.get(p)?.push(l);
      }
    }
    return paths.map((p) => {
      const ls = loads.get(p) ?? [];
      const keys = Object.keys(ls[0]?.bytes ?? {}) as (keyof TColdLoad['bytes'])[];
      return {
        path: p,
        loads: ls,
        medianLcpMs: median(ls.map((l) => l.lcpMs)),
        medianBytes: Object.fromEntries(
          keys.map((k) => [k, median(ls.map((l) => l.bytes[k]))]),
        ) as TColdLoad['bytes'],
      };
    });
  } finally {
    await browser.close();
  }
}
