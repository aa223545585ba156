import { chromium } from '@playwright/test';
const base = 'http://127.0.0.1:5900';
const p = process.argv[2]!;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium-headless-shell', args: ['--no-sandbox','--disable-gpu','--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1'] });
const agg = new Map<string, number>(); const byUrl = new Map<string, number>(); const N = 5;
const metrics: Record<string, number[]> = {};
for (let i = 0; i < N; i++) {
  const ctx = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1.75 });
  const page = await ctx.newPage();
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Performance.enable');
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  await page.goto(base + p, { waitUntil: 'networkidle' });
  await page.waitForTimeout(500);
  const { profile } = await cdp.send('Profiler.stop');
  for (const m of (await cdp.send('Performance.getMetrics')).metrics) if (/Duration$/.test(m.name)) (metrics[m.name] ??= []).push(Math.round(m.value * 1000));
  const dt = new Map<number, number>();
  profile.samples!.forEach((id, k) => dt.set(id, (dt.get(id) ?? 0) + (profile.timeDeltas![k] ?? 0)));
  for (const n of profile.nodes) {
    const t = (dt.get(n.id) ?? 0) / 1000;
    const cf = n.callFrame; const file = cf.url.split('/').pop() || cf.url || '(native)';
    const key = `${cf.functionName || '(anon)'} ${file}:${cf.lineNumber}:${cf.columnNumber}`;
    agg.set(key, (agg.get(key) ?? 0) + t); byUrl.set(file, (byUrl.get(file) ?? 0) + t);
  }
  await ctx.close();
}
const med = (a: number[]) => a.sort((x, y) => x - y)[Math.floor(a.length / 2)];
console.log(Object.entries(metrics).map(([k, v]) => `${k.replace('Duration','')}=${med(v)}`).join(' '));
console.log('by file', [...byUrl].sort((a, b) => b[1] - a[1]).slice(0, 12).map(([k, v]) => `${k}:${(v / N).toFixed(0)}`).join('  '));
for (const [k, v] of [...agg].sort((a, b) => b[1] - a[1]).slice(0, 35)) console.log((v / N).toFixed(1).padStart(7), k);
await browser.close();
