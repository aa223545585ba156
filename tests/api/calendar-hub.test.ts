import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays, todayIso } from '../../src/shared/dates.ts';
import { TEST_ADMIN } from '../support/constants.ts';
import { createProperty } from '../support/fixtures.ts';
import { api, startTestServer, type TTestServer } from '../support/server.ts';

/**
 * The calendar hub over REST (docs/features.md#calendar-hub): each channel's own export URL carries the
 * stays imported from the home's other channels, never that channel's own, and a new feed syncs at once.
 */
let srv: TTestServer;
let cookie: string;
let channels: http.Server;
let channelBase = '';
const feeds = new Map<string, string>();
const asAdmin = () => ({ cookie });

const day = (n: number) => addDays(todayIso(), n);
const ics = (events: { uid: string; from: string; to: string; summary: string; description?: string }[]) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//channel//EN',
    ...events.flatMap((e) => [
      'BEGIN:VEVENT',
      `UID:${e.uid}`,
      'DTSTAMP:20260101T000000Z',
      `DTSTART;VALUE=DATE:${e.from.replaceAll('-', '')}`,
      `DTEND;VALUE=DATE:${e.to.replaceAll('-', '')}`,
      `SUMMARY:${e.summary}`,
      ...(e.description ? [`DESCRIPTION:${e.description}`] : []),
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
  ].join('\r\n');

beforeAll(async () => {
  // The queue's workers run here: a new feed's first sync is a job.
  srv = await startTestServer({
    icalAllowPrivateHosts: true,
    runJobs: true,
    sendJobs: true,
    jobPollSeconds: 0.5,
  });
  const res = await api(srv.url, 'POST', '/api/auth/login', TEST_ADMIN);
  cookie = /stayhub_session=[^;]+/.exec(res.headers.get('set-cookie') ?? '')?.[0] ?? '';
  expect(cookie).not.toBe('');
  channels = http.createServer((req, res) => {
    const body = feeds.get(req.url ?? '');
    if (body === undefined) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/calendar' }).end(`${body}\r\n`);
  });
  await new Promise<void>((resolve) => channels.listen(0, '127.0.0.1', resolve));
  channelBase = `http://127.0.0.1:${(channels.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => channels.close(() => resolve()));
  await srv.close();
});

/** The VEVENTs of an export as [start, end] day pairs with their UID. */
function eventsOf(text: string) {
  return [...text.matchAll(/BEGIN:VEVENT[\s\S]*?END:VEVENT/g)].map((m) => {
    const block = m[0];
    const date = (name: string) => {
      const v = new RegExp(`${name}[^:]*:(\\d{8})`).exec(block)?.[1] ?? '';
      return `${v.slice(0, 4)}-${v.slice(4, 6)}-${v.slice(6, 8)}`;
    };
    return { uid: /UID:(.*)/.exec(block)?.[1]?.trim() ?? '', from: date('DTSTART'), to: date('DTEND') };
  });
}

async function exportOf(url: string): Promise<{ status: number; events: ReturnType<typeof eventsOf> }> {
  const u = new URL(url);
  const res = await fetch(`${srv.url}${u.pathname}${u.search}`);
  return { status: res.status, events: res.ok ? eventsOf(await res.text()) : [] };
}

describe("each channel's export", () => {
  it("holds another feed's imported events and not that feed's own; the switch turns them off", async () => {
    const home = await createProperty(srv.db.em(), { title: 'Hub cottage' });
    feeds.set(
      '/airbnb.ics',
      ics([
        {
          uid: 'HM1-abc@airbnb.com',
          from: day(30),
          to: day(33),
          summary: 'Reserved',
          description: 'Reservation URL: https://www.airbnb.com/hosting/reservations/details/HM1',
        },
        // An echo: our own export came back through this channel. It goes to nobody.
        { uid: 'imported-999@stayhub', from: day(50), to: day(52), summary: 'Airbnb (Not available)' },
      ]),
    );
    feeds.set(
      '/booking.ics',
      ics([{ uid: 'BC-77@booking.com', from: day(40), to: day(42), summary: 'CLOSED' }]),
    );

    const airbnb = await api(
      srv.url,
      'POST',
      `/api/properties/${home.id}/ical/feeds`,
      { name: 'Airbnb', url: `${channelBase}/airbnb.ics` },
      asAdmin(),
    );
    expect(airbnb.status).toBe(200);
    expect(airbnb.body).toMatchObject({ exportImported: true });
    const booking = await api(
      srv.url,
      'POST',
      `/api/properties/${home.id}/ical/feeds`,
      { name: 'Booking.com', url: `${channelBase}/booking.ics` },
      asAdmin(),
    );
    expect(booking.status).toBe(200);
    // Each syncs at once, on the queue: no wait for the schedule.
    await vi.waitFor(
      async () => {
        const info = await api(srv.url, 'GET', `/api/properties/${home.id}/ical`, undefined, asAdmin());
        expect(
          (info.body.feeds as { name: string; eventCount: number; lastError: string | null }[]).map((f) => [
            f.name,
            f.eventCount,
            f.lastError,
          ]),
        ).toEqual([
          ['Airbnb', 2, null],
          ['Booking.com', 1, null],
        ]);
      },
      { timeout: 15_000, interval: 200 },
    );

    const made = await api(
      srv.url,
      'POST',
      '/api/admin/bookings',
      {
        propertyId: home.id,
        checkIn: day(20),
        checkOut: day(23),
        guests: 1,
        source: 'phone',
        guest: { name: 'Hub Guest' },
      },
      asAdmin(),
    );
    expect(made.status).toBe(200);

    const info = await api(srv.url, 'GET', `/api/properties/${home.id}/ical`, undefined, asAdmin());
    const urlOf = (name: string) =>
      (info.body.feeds as { name: string; exportUrl: string }[]).find((f) => f.name === name)?.exportUrl ??
      '';
    expect(urlOf('Airbnb')).toMatch(/\/ical\/[A-Za-z0-9_-]+\.ics\?feed=\d+$/);

    const toAirbnb = await exportOf(urlOf('Airbnb'));
    expect(toAirbnb.status).toBe(200);
    const spans = (e: { from: string; to: string }[]) => e.map((x) => `${x.from}/${x.to}`);
    expect(spans(toAirbnb.events)).toContain(`${day(20)}/${day(23)}`);
    expect(spans(toAirbnb.events)).toContain(`${day(40)}/${day(42)}`);
    expect(spans(toAirbnb.events)).not.toContain(`${day(30)}/${day(33)}`);
    expect(spans(toAirbnb.events)).not.toContain(`${day(50)}/${day(52)}`);
    expect(toAirbnb.events.every((e) => e.uid.endsWith('@stayhub'))).toBe(true);

    const toBooking = await exportOf(urlOf('Booking.com'));
    expect(spans(toBooking.events)).toContain(`${day(30)}/${day(33)}`);
    expect(spans(toBooking.events)).not.toContain(`${day(40)}/${day(42)}`);
    expect(spans(toBooking.events)).not.toContain(`${day(50)}/${day(52)}`);

    // The home's own URL stays as it was: our bookings and blocks only.
    const plain = await exportOf(info.body.exportUrl);
    expect(spans(plain.events)).toEqual([`${day(20)}/${day(23)}`]);

    const off = await api(
      srv.url,
      'PUT',
      `/api/properties/${home.id}/ical/feeds/${booking.body.id}/export`,
      { exportImported: false },
      asAdmin(),
    );
    expect(off.status).toBe(200);
    expect(off.body.exportImported).toBe(false);
    expect(spans((await exportOf(urlOf('Booking.com'))).events)).toEqual([`${day(20)}/${day(23)}`]);

    const unknown = await exportOf(urlOf('Airbnb').replace(/feed=\d+/, 'feed=987654'));
    expect(unknown.status).toBe(404);

    // Imported events show their summary and reservation link on the calendar.
    const month = await api(
      srv.url,
      'GET',
      `/api/properties/${home.id}/calendar?from=${day(29)}&to=${day(34)}`,
      undefined,
      asAdmin(),
    );
    expect(month.body.bars).toContainEqual(
      expect.objectContaining({
        kind: 'external',
        label: 'Airbnb: Reserved',
        link: 'https://www.airbnb.com/hosting/reservations/details/HM1',
      }),
    );

    const activity = await api(
      srv.url,
      'GET',
      `/api/admin/activity?entityType=calendar&entityId=${home.id}`,
      undefined,
      asAdmin(),
    );
    expect((activity.body.items as { action: string }[]).map((a) => a.action)).toEqual(
      expect.arrayContaining(['feed.add', 'feed.export']),
    );
  });
});

describe('an export-only channel', () => {
  it('gets a named export URL with our stays and every imported one, passes none of ours back, and never syncs', async () => {
    const home = await createProperty(srv.db.em(), { title: 'Export-only cabin' });
    feeds.set(
      '/vrbo.ics',
      ics([
        { uid: 'V-1@vrbo.com', from: day(60), to: day(63), summary: 'Reserved' },
        // Our own export come back through Vrbo: an echo, passed to nobody.
        { uid: 'booking-4242@stayhub', from: day(70), to: day(72), summary: 'Reserved' },
      ]),
    );
    const vrbo = await api(
      srv.url,
      'POST',
      `/api/properties/${home.id}/ical/feeds`,
      { name: 'Vrbo', url: `${channelBase}/vrbo.ics` },
      asAdmin(),
    );
    expect(vrbo.status).toBe(200);
    await vi.waitFor(
      async () => {
        const info = await api(srv.url, 'GET', `/api/properties/${home.id}/ical`, undefined, asAdmin());
        expect((info.body.feeds as { eventCount: number }[])[0]?.eventCount).toBe(2);
      },
      { timeout: 15_000, interval: 200 },
    );
    const block = await api(
      srv.url,
      'POST',
      `/api/properties/${home.id}/blocks`,
      { startDate: day(80), endDate: day(82) },
      asAdmin(),
    );
    expect(block.status, JSON.stringify(block.body)).toBe(200);

    // A name is all it takes; no URL.
    const noName = await api(srv.url, 'POST', `/api/properties/${home.id}/ical/channels`, {}, asAdmin());
    expect(noName.status).toBe(400);
    const added = await api(
      srv.url,
      'POST',
      `/api/properties/${home.id}/ical/channels`,
      { name: 'Direct site' },
      asAdmin(),
    );
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body).toMatchObject({ name: 'Direct site', url: null, exportImported: true, eventCount: 0 });
    expect(added.body.exportUrl).toMatch(new RegExp(`/ical/[A-Za-z0-9_-]+\\.ics\\?feed=${added.body.id}$`));

    const info = await api(srv.url, 'GET', `/api/properties/${home.id}/ical`, undefined, asAdmin());
    const listed = (
      info.body.feeds as { id: number; name: string; url: string | null; exportUrl: string }[]
    ).find((f) => f.id === added.body.id);
    expect(listed).toMatchObject({ name: 'Direct site', url: null, exportUrl: added.body.exportUrl });

    const out = await exportOf(added.body.exportUrl);
    expect(out.status).toBe(200);
    const spans = out.events.map((e) => `${e.from}/${e.to}`).sort();
    expect(spans).toEqual([`${day(60)}/${day(63)}`, `${day(80)}/${day(82)}`]);
    expect(out.events.every((e) => e.uid.endsWith('@stayhub'))).toBe(true);

    // Nothing to sync, by hand or by the schedule.
    const sync = await api(
      srv.url,
      'POST',
      `/api/properties/${home.id}/ical/feeds/${added.body.id}/sync`,
      {},
      asAdmin(),
    );
    expect(sync.status).toBe(409);
    expect(sync.body.message).toBe('This channel only reads our calendar: it has nothing to import');
    const row = await srv.db.sql<{ last_sync_at: Date | null; last_error: string | null }>(
      'select last_sync_at, last_error from ical_feeds where id = $1',
      [added.body.id],
    );
    expect(row).toEqual([{ last_sync_at: null, last_error: null }]);
    // Only the admin adds one.
    expect(
      (await api(srv.url, 'POST', `/api/properties/${home.id}/ical/channels`, { name: 'X' })).status,
    ).toBe(401);
  });
});
