/**
 * The calendar's figures (docs/features.md#operator-calendar), called from bench/run.ts once the 100,000 homes and the server are up:
 *  - gives a third of the homes a season, a fifth a weekend price and a quarter a block;
 *  - times dated search and the quote at the database (p95 ≤ 30 ms) and over HTTP at a steady rate (p99 ≤ 50 ms),
 *    the quote on homes with price rules (a third of the homes: bench/run.ts generates them) for four guests;
 *  - serves 1,000 feeds of 50 events from a local node:http server and times syncing them all (< 60 s),
 *    then times the second sync, which must change nothing.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { EntityManager } from '@mikro-orm/postgresql';
import { quoteForStay } from '../src/server/services/bookings/quote.ts';
import { syncAllFeeds } from '../src/server/services/calendar/ical-import.ts';
import { searchProperties } from '../src/server/services/properties/queries.ts';
import { addDays, todayIso } from '../src/shared/dates.ts';
import { ZQuoteInput } from '../src/shared/schemas/booking.ts';
import { ZSearchInput } from '../src/shared/schemas/property.ts';
import type { TLoadResult, TLoadSpec } from './load.ts';

export interface TCalendarBenchContext {
  em: () => EntityManager;
  url: string;
  properties: number;
  /** Homes whose id % 3 is this carry price rules (fees, discounts, tourist tax; generated in bench/run.ts). */
  ruledMod: number;
  durationSec: number;
  feeds?: number;
  eventsPerFeed?: number;
  load: (spec: TLoadSpec) => TLoadResult;
  loadRow: (name: string, r: TLoadResult, target?: string, ok?: boolean | null) => void;
  row: (figure: string, value: string, target?: string, ok?: boolean | null) => void;
  log: (msg: string) => void;
  results: Record<string, unknown>;
}

const ms = (n: number) => `${n.toFixed(1)} ms`;
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

async function timeIt(runs: number, fn: (i: number) => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < 20; i++) await fn(i);
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn(i);
    out.push(performance.now() - t0);
  }
  return out.sort((a, b) => a - b);
}

/** Seasons, weekend prices and blocks on the generated homes, clear of the generated and benchmark bookings. */
async function generateCalendarData(em: EntityManager, properties: number): Promise<void> {
  // Generated bookings end by day 216 and the benchmark's own start on day 300: blocks sit in between.
  await em.execute(`
    insert into property_rates (property_id, kind, start_date, end_date, amount)
    select p, 'season', current_date + 150 + p % 30, current_date + 200 + p % 30, (100 + (p * 13) % 700) * 100
      from generate_series(1, ${properties}) p where p % 3 = 0`);
  await em.execute(`
    insert into property_rates (property_id, kind, amount)
    select p, 'weekend', (60 + (p * 7) % 900) * 100 from generate_series(1, ${properties}) p where p % 5 = 0`);
  await em.execute(`
    with k as (
      insert into calendar_blocks (property_id, start_date, end_date, reason, note)
      select p, current_date + 230 + p % 50, current_date + 233 + p % 50, 'maintenance', 'bench'
        from generate_series(1, ${properties}) p where p % 4 = 0
      returning id, property_id, start_date, end_date)
    insert into date_holds (property_id, start_date, end_date, block_id) select property_id, start_date, end_date, id from k`);
  await em.execute('analyze');
}

function icsFor(feed: number, events: number): string {
  const day = (n: number) => addDays(todayIso(), n).replaceAll('-', '');
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Bench channel//EN'];
  for (let i = 0; i < events; i++) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:bench-${feed}-${i}@channel.example`,
      'DTSTAMP:20260101T000000Z',
      `DTSTART;VALUE=DATE:${day(400 + i * 3)}`,
      `DTEND;VALUE=DATE:${day(402 + i * 3)}`,
      'SUMMARY:Reserved',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.join('\r\n')}\r\n`;
}

export async function benchCalendar(ctx: TCalendarBenchContext): Promise<void> {
  const { em, log, row } = ctx;
  log('calendar: seasons, weekend prices and blocks');
  await generateCalendarData(em(), ctx.properties);

  // A stay that meets blocks on some homes and seasons on others.
  const checkIn = addDays(todayIso(), 240);
  const checkOut = addDays(checkIn, 3);
  const filter = ZSearchInput.parse({ category: 'beach', guests: 3, checkIn, checkOut, limit: 12 });
  const search = await timeIt(300, () => searchProperties(em(), filter));
  const searchP95 = pct(search, 95);
  row(
    'dated search at the database (blocks + rates, price rules on a third, stay totals)',
    `p50 ${ms(pct(search, 50))} · p95 ${ms(searchP95)}`,
    '≤ 30 ms p95',
    searchP95 <= 30,
  );
  // Four guests, so the extra-guest fee applies, and seven nights, so the weekly discount does.
  const ruledHome = (i: number) =>
    3 * ((i * 7919) % Math.floor((ctx.properties - ctx.ruledMod) / 3)) + ctx.ruledMod;
  const quoteInput = (i: number) =>
    ZQuoteInput.parse({
      propertyId: ruledHome(i),
      checkIn: addDays(todayIso(), 170),
      checkOut: addDays(todayIso(), 177),
      guests: 4,
    });
  const quotedHomes = Array.from({ length: 300 }, (_, i) => ruledHome(i)).join(',');
  const ruled = (await em().execute<{ n: number }[]>(
    `select count(*)::int as n from property_pricing where property_id = any(array[${quotedHomes}])`,
  )) as [{ n: number }];
  if (ruled[0].n === 0) throw new Error('calendar: the quoted homes have no price rules');
  const quote = await timeIt(300, (i) => quoteForStay(em(), quoteInput(i)));
  const quoteP95 = pct(quote, 95);
  row(
    'quote at the database (7 nights, 4 guests, rates + price rules: fees, discounts, tourist tax)',
    `p50 ${ms(pct(quote, 50))} · p95 ${ms(quoteP95)}`,
    '≤ 30 ms p95',
    quoteP95 <= 30,
  );
  ctx.results.calendarDb = { datedSearchP95: searchP95, quoteP95 };

  log('calendar: dated search and quote over HTTP');
  const searchPath = `/api/search/properties?category=beach&guests=3&checkIn=${checkIn}&checkOut=${checkOut}`;
  const httpSearch = ctx.load({
    url: ctx.url,
    kind: 'get',
    path: searchPath,
    connections: 16,
    durationSec: ctx.durationSec,
    overallRate: 200,
  });
  ctx.loadRow('dated search at 200 req/s (HTTP)', httpSearch, 'p99 ≤ 50 ms', httpSearch.p99 <= 50);
  const quotePath = `/api/bookings/quote?propertyId=${ruledHome(1)}&guests=4&checkIn=${addDays(todayIso(), 170)}&checkOut=${addDays(todayIso(), 177)}`;
  const httpQuote = ctx.load({
    url: ctx.url,
    kind: 'get',
    path: quotePath,
    connections: 16,
    durationSec: ctx.durationSec,
    overallRate: 200,
  });
  ctx.loadRow(
    'quote at 200 req/s (HTTP, a home with price rules)',
    httpQuote,
    'p99 ≤ 50 ms',
    httpQuote.p99 <= 50,
  );

  const feeds = Math.min(ctx.feeds ?? 1000, ctx.properties);
  const events = ctx.eventsPerFeed ?? 50;
  log(`calendar: syncing ${feeds} feeds of ${events} events from a local server`);
  const bodies = new Map<string, string>();
  const server = http.createServer((req, res) => {
    const path = req.url ?? '';
    let body = bodies.get(path);
    if (body === undefined) {
      const n = Number(/^\/feed\/(\d+)\.ics$/.exec(path)?.[1]);
      if (!Number.isInteger(n)) {
        res.writeHead(404).end();
        return;
      }
      body = icsFor(n, events);
      bodies.set(path, body);
    }
    res.writeHead(200, { 'content-type': 'text/calendar' });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const port = (server.address() as AddressInfo).port;
    await em().execute(
      `insert into ical_feeds (property_id, name, url)
       select p, 'Bench channel', 'http://127.0.0.1:${port}/feed/' || p || '.ics' from generate_series(1, ${feeds}) p`,
    );
    const opts = { allowPrivateHosts: true };
    const t0 = performance.now();
    const first = await syncAllFeeds(em, opts);
    const firstSec = (performance.now() - t0) / 1000;
    const [{ count }] = (await em().execute<{ count: number }[]>(
      'select count(*)::int as count from external_events',
    )) as [{ count: number }];
    row(
      `iCal import: ${feeds} feeds × ${events} events`,
      `${firstSec.toFixed(1)} s (${first.feeds} synced, ${first.failed} failed, ${count} events stored)`,
      '< 60 s, all stored',
      firstSec < 60 && first.failed === 0 && count === feeds * events,
    );
    const t1 = performance.now();
    const second = await syncAllFeeds(em, opts);
    const secondSec = (performance.now() - t1) / 1000;
    row(
      'iCal import: second sync of the same feeds',
      `${secondSec.toFixed(1)} s (${second.changed} feeds changed)`,
      'changes nothing',
      second.changed === 0 && second.failed === 0,
    );
    ctx.results.icalSync = { feeds, events, firstSec, secondSec, stored: count };
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}
