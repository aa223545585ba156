import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIso } from '../../src/shared/dates.ts';
import type { TSessionUser } from '../../src/server/services/auth/sessions.ts';
import { guardedLookup } from '../../src/server/services/calendar/feed-fetch.ts';
import { syncFeedNow } from '../../src/server/services/calendar/ical-import.ts';
import { callerFor, createTestDatabase, seededAdmin, testEnv, type TTestDb } from '../support/db.ts';
import { failure, stayInput as booking } from '../support/calls.ts';
import { createProperty } from '../support/fixtures.ts';

let db: TTestDb;
let admin: TSessionUser;
let server: http.Server;
let base: string;
/** What each path of the local feed server answers; tests change it between syncs. */
const feeds = new Map<string, { body: string; etag: boolean }>();
const requests: { path: string; ifNoneMatch: string | undefined }[] = [];

const env = testEnv({ icalAllowPrivateHosts: true });
const day = (n: number) => addDays(todayIso(), n);
const compact = (iso: string) => iso.replaceAll('-', '');

function calendar(events: { uid: string; start: string; end?: string }[]): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Other channel//EN'];
  for (const e of events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${e.uid}`,
      `DTSTAMP:20260101T000000Z`,
      `DTSTART;VALUE=DATE:${compact(e.start)}`,
    );
    if (e.end) lines.push(`DTEND;VALUE=DATE:${compact(e.end)}`);
    lines.push('SUMMARY:Reserved', 'END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return `${lines.join('\r\n')}\r\n`;
}

const adminCaller = () => callerFor(db, admin, { env }).caller;
const guest = () => callerFor(db, null).caller;

async function homeWithFeed(path: string, body: string, etag = true) {
  const place = `Feedville ${path} ${Date.now()}`;
  const home = await createProperty(db.em(), { location: place, price: 100 });
  feeds.set(path, { body, etag });
  const feed = await adminCaller().calendar.addFeed({ id: home.id, name: 'Airbnb', url: `${base}${path}` });
  return { home, feed, place };
}

beforeAll(async () => {
  db = await createTestDatabase();
  admin = await seededAdmin(db);
  server = http.createServer((req, res) => {
    const path = req.url ?? '';
    requests.push({ path, ifNoneMatch: req.headers['if-none-match'] });
    if (path === '/slow') return; // never answers: the sync's timeout must end it
    if (path === '/huge') {
      res.writeHead(200, { 'content-type': 'text/calendar' });
      res.end(`BEGIN:VCALENDAR\r\n${'X-PAD:'.padEnd(1000, 'x')}\r\n`.repeat(2200));
      return;
    }
    const feed = feeds.get(path);
    if (!feed) {
      res.writeHead(404).end();
      return;
    }
    const etag = `"${createHash('sha256').update(feed.body).digest('hex').slice(0, 16)}"`;
    if (feed.etag && req.headers['if-none-match'] === etag) {
      res.writeHead(304).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/calendar', ...(feed.etag ? { etag } : {}) });
    res.end(feed.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await db.drop();
});

describe('iCal import', () => {
  it('an imported event blocks its dates in search, the quote, the availability call and booking', async () => {
    const { home, feed, place } = await homeWithFeed(
      '/a.ics',
      calendar([{ uid: 'ext-1', start: day(10), end: day(13) }]),
    );
    const sync = await adminCaller().calendar.syncFeed({ id: home.id, feedId: feed.id });
    expect(sync).toMatchObject({ added: 1, updated: 0, removed: 0, unchanged: false });
    expect(sync.feed).toMatchObject({ eventCount: 1, conflictCount: 0, lastError: null });
    expect(sync.feed.lastSyncAt).not.toBeNull();

    expect(await guest().bookings.availability({ id: home.id })).toEqual([
      { checkIn: day(10), checkOut: day(13) },
    ]);
    const search = await guest().properties.search({ location: place, checkIn: day(11), checkOut: day(12) });
    expect(search.items).toEqual([]);
    expect(
      (await guest().bookings.quote({ propertyId: home.id, checkIn: day(12), checkOut: day(14) })).available,
    ).toBe(false);
    expect(await failure(guest().bookings.create(booking(home.id, day(9), day(11))))).toEqual({
      code: 'CONFLICT',
      message: 'These dates are no longer available',
    });
    // The operator cannot block over it either, and is told where it comes from.
    const blocked = await failure(
      adminCaller().calendar.block({ id: home.id, startDate: day(12), endDate: day(15) }),
    );
    expect(blocked.message).toContain('imported from Airbnb');
  });

  it('a second sync changes nothing, with or without the ETag; removing the event frees its dates', async () => {
    const { home, feed } = await homeWithFeed(
      '/b.ics',
      calendar([{ uid: 'ext-1', start: day(10), end: day(13) }]),
    );
    await adminCaller().calendar.syncFeed({ id: home.id, feedId: feed.id });
    const holds = () =>
      db.sql(
        'select id, start_date, end_date, external_event_id from date_holds where property_id = $1 order by id',
        [home.id],
      );
    const events = () =>
      db.sql('select * from external_events where property_id = $1 order by id', [home.id]);
    const [holdsBefore, eventsBefore] = [await holds(), await events()];

    const again = await adminCaller().calendar.syncFeed({ id: home.id, feedId: feed.id });
    expect(again).toMatchObject({ added: 0, updated: 0, removed: 0, unchanged: true });
    expect(requests.filter((r) => r.path === '/b.ics').at(-1)?.ifNoneMatch).toMatch(/^"/);
    feeds.set('/b.ics', { body: calendar([{ uid: 'ext-1', start: day(10), end: day(13) }]), etag: false });
    const withoutEtag = await adminCaller().calendar.syncFeed({ id: home.id, feedId: feed.id });
    expect(withoutEtag).toMatchObject({ added: 0, updated: 0, removed: 0, unchanged: true });
    expect(await holds()).toEqual(holdsBefore);
    expect(await events()).toEqual(eventsBefore);

    feeds.set('/b.ics', { body: calendar([]), etag: true });
    const emptied = await adminCaller().calendar.syncFeed({ id: home.id, feedId: feed.id });
    expect(emptied).toMatchObject({ removed: 1 });
    expect(await guest().bookings.availability({ id: home.id })).toEqual([]);
    await guest().bookings.create(booking(home.id, day(10), day(13)));
  });

  it('an event over one of our bookings becomes a visible conflict and holds nothing', async () => {
    const { home, feed } = await homeWithFeed('/c.ics', calendar([]));
    const ours = await guest().bookings.create(booking(home.id, day(20), day(23)));
    feeds.set('/c.ics', {
      body: calendar([
        { uid: 'clash', start: day(21), end: day(24) },
        { uid: 'free', start: day(30), end: day(32) },
      ]),
      etag: true,
    });
    const sync = await adminCaller().calendar.syncFeed({ id: home.id, feedId: feed.id });
    expect(sync.feed).toMatchObject({ eventCount: 2, conflictCount: 1 });
    const conflicts = await adminCaller().calendar.conflicts({ propertyId: home.id });
    expect(conflicts).toEqual([
      expect.objectContaining({
        feedName: 'Airbnb',
        startDate: day(21),
        endDate: day(24),
        bookingId: ours.id,
        confirmationNumber: ours.confirmationNumber,
      }),
    ]);
    // The operator is told through the outbox, in the sync's transaction.
    const mails = await db.sql<{ subject: string; text: string }>(
      `select subject, text from emails where template = 'calendar-conflict' and text like $1`,
      [`%${ours.confirmationNumber}%`],
    );
    expect(mails).toHaveLength(1);
    const month = await adminCaller().calendar.month({ id: home.id, from: day(0), to: day(40) });
    expect(month.bars.filter((b) => b.kind === 'conflict')).toEqual([
      expect.objectContaining({ startDate: day(21), bookingId: ours.id }),
    ]);
    expect(await guest().bookings.availability({ id: home.id })).toEqual([
      { checkIn: day(20), checkOut: day(23) },
      { checkIn: day(30), checkOut: day(32) },
    ]);
    // Cancelling our booking lets the event hold its dates at the next sync, and the conflict ends.
    await adminCaller().bookings.updateStatus({ id: ours.id, status: 'cancelled' });
    feeds.set('/c.ics', { body: feeds.get('/c.ics')?.body ?? '', etag: false });
    await adminCaller().calendar.syncFeed({ id: home.id, feedId: feed.id });
    expect(await adminCaller().calendar.conflicts({ propertyId: home.id })).toEqual([]);
    expect((await guest().bookings.availability({ id: home.id }))[0]).toEqual({
      checkIn: day(21),
      checkOut: day(24),
    });
  });

  it('an event with no end covers one day', async () => {
    const { home, feed } = await homeWithFeed('/d.ics', calendar([{ uid: 'one-day', start: day(5) }]));
    await adminCaller().calendar.syncFeed({ id: home.id, feedId: feed.id });
    expect(await guest().bookings.availability({ id: home.id })).toEqual([
      { checkIn: day(5), checkOut: day(6) },
    ]);
  });

  it('a bad, too large or slow feed is an error on that feed only', async () => {
    const { home, feed: good } = await homeWithFeed(
      '/e.ics',
      calendar([{ uid: 'ok', start: day(40), end: day(42) }]),
    );
    feeds.set('/not-ical', { body: '<html>Not a calendar</html>', etag: false });
    const bad = await adminCaller().calendar.addFeed({
      id: home.id,
      name: 'Broken',
      url: `${base}/not-ical`,
    });
    const huge = await adminCaller().calendar.addFeed({ id: home.id, name: 'Huge', url: `${base}/huge` });
    const slow = await adminCaller().calendar.addFeed({ id: home.id, name: 'Slow', url: `${base}/slow` });
    const missing = await adminCaller().calendar.addFeed({ id: home.id, name: 'Gone', url: `${base}/gone` });

    const r1 = await adminCaller().calendar.syncFeed({ id: home.id, feedId: bad.id });
    expect(r1.feed.lastError).toBe('The feed is not an iCal calendar');
    const r2 = await adminCaller().calendar.syncFeed({ id: home.id, feedId: huge.id });
    expect(r2.feed.lastError).toBe('The feed is larger than 2 MB');
    const r3 = await syncFeedNow(
      db.em(),
      home.id,
      slow.id,
      { allowPrivateHosts: true, timeoutMs: 300 },
      null,
    );
    expect(r3.feed.lastError).toBe('The feed did not answer within 10 s');
    const r4 = await adminCaller().calendar.syncFeed({ id: home.id, feedId: missing.id });
    expect(r4.feed.lastError).toBe('The feed answered HTTP 404');

    const ok = await adminCaller().calendar.syncFeed({ id: home.id, feedId: good.id });
    expect(ok.feed).toMatchObject({ lastError: null, eventCount: 1 });
    const info = await adminCaller().calendar.ical({ id: home.id });
    expect(info.feeds.map((f) => [f.name, f.lastError === null])).toEqual([
      ['Airbnb', true],
      ['Broken', false],
      ['Huge', false],
      ['Slow', false],
      ['Gone', false],
    ]);
    // A feed that failed after a good sync keeps its events.
    feeds.set('/e.ics', { body: 'garbage', etag: false });
    const failed = await adminCaller().calendar.syncFeed({ id: home.id, feedId: good.id });
    expect(failed.feed).toMatchObject({ lastError: 'The feed is not an iCal calendar', eventCount: 1 });
    await adminCaller().calendar.deleteFeed({ id: home.id, feedId: good.id });
    expect(await guest().bookings.availability({ id: home.id })).toEqual([]);
  });

  it('refuses non-http URLs and, unless allowed, private and loopback hosts', async () => {
    const home = await createProperty(db.em());
    const strict = callerFor(db, admin).caller;
    for (const url of ['ftp://example.com/a.ics', 'file:///etc/passwd', 'javascript:alert(1)'])
      expect((await failure(strict.calendar.addFeed({ id: home.id, name: 'X', url }))).code).toBe(
        'BAD_REQUEST',
      );
    for (const url of [
      `${base}/a.ics`,
      'http://localhost/a.ics',
      'http://10.1.2.3/a.ics',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/a.ics',
      'http://192.168.0.10/a.ics',
    ]) {
      expect(await failure(strict.calendar.addFeed({ id: home.id, name: 'X', url }))).toEqual({
        code: 'BAD_REQUEST',
        message: 'The feed URL points to a private or local address',
      });
    }
    // A name is judged by the address the connection is about to use, not only by its spelling.
    const lookedUp = await new Promise<unknown>((resolve) =>
      guardedLookup(false)('localhost', { all: true }, (err) => resolve(err)),
    );
    expect(String(lookedUp)).toContain('The feed URL points to a private or local address');
    const allowed = await new Promise<unknown>((resolve) =>
      guardedLookup(true)('localhost', { all: true }, (err, addresses) => resolve(err ?? addresses)),
    );
    expect(allowed).toEqual([expect.objectContaining({ address: '127.0.0.1' })]);
    // A feed stored while private hosts were allowed is refused by a server that does not allow them.
    feeds.set('/f.ics', { body: calendar([]), etag: false });
    const stored = await adminCaller().calendar.addFeed({ id: home.id, name: 'Local', url: `${base}/f.ics` });
    const refused = await strict.calendar.syncFeed({ id: home.id, feedId: stored.id });
    expect(refused.feed.lastError).toBe('The feed URL points to a private or local address');
    expect(
      (await adminCaller().calendar.syncFeed({ id: home.id, feedId: stored.id })).feed.lastError,
    ).toBeNull();
  });
});
