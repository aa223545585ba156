import { describe, expect, it } from 'vitest';
import { loopLag } from '../../src/server/health.ts';

/** The event-loop part of /healthz, driven with its own clock: ticks every 200 ms, windows of 5 s. */
describe('loopLag', () => {
  const ticksUntil = (lag: ReturnType<typeof loopLag>, from: number, to: number) => {
    for (let at = from; at <= to; at += 200) lag.tick(at);
  };

  it('keeps a block that ends just as the window turns for the whole next window', () => {
    const lag = loopLag(0, 200, 5000);
    ticksUntil(lag, 200, 2400);
    // The loop is blocked from 2,400 to 5,000 ms: the first tick after it comes 2.4 s late and turns the window.
    lag.tick(5000);
    expect(lag.recentMaxMs(5001)).toBeGreaterThanOrEqual(2400);
    ticksUntil(lag, 5200, 9800);
    expect(lag.recentMaxMs(9801)).toBeGreaterThanOrEqual(2400);
    // Two window turns later the loop has run freely for a whole window.
    ticksUntil(lag, 10_000, 15_200);
    expect(lag.recentMaxMs(15_201)).toBeLessThan(10);
  });

  it('counts a block in progress, before any tick could run', () => {
    const lag = loopLag(0, 200, 5000);
    ticksUntil(lag, 200, 1000);
    expect(lag.recentMaxMs(3600)).toBeCloseTo(2400, 0);
  });

  it('says nothing is wrong while every tick is on time', () => {
    const lag = loopLag(0, 200, 5000);
    ticksUntil(lag, 200, 12_000);
    expect(lag.recentMaxMs(12_050)).toBe(0);
  });
});
