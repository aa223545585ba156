import ical, { type VEvent } from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIso } from '../../src/shared/dates.ts';
import { TEST_ADMIN } from '../support/constants.ts';
import { createProperty } from '../support/fixtures.ts';
import { api, startTestServer, type TTestServer } from '../support/server.ts';

let srv: TTestServer;
let cookie: string;
const day = (n: number) => addDays(todayIso(), n);
const contact = {
  name: 'Grace Hopper',
  email: 'grace@example.com',
  phone: '+1 555 0199',
  country: 'United States',
};

beforeAll(async () => {
  srv = await startTestServer();
  const res = await api(srv.url, 'POST', '/api/auth/login', TEST_ADMIN);
  cookie = /stayhub_session=[^;]+/.exec(res.headers.get('set-cookie') ?? '')?.[0] ?? '';
});
afterAll(async () => {
  await srv.close();
});

/** A date-only iCal value as `yyyy-MM-dd`, read the way node-ical builds it (local midnight). */
function isoOf(d: Date | undefined): string {
  if (!d) return 'none';
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

describe('blocks and rates over REST', () => {
  it('POST/GET/DELETE blocks and rates; a block over a booking is a 409 naming it', async () => {
    const home = await createProperty(srv.db.em());
    const booked = await api(srv.url, 'POST', '/api/bookings', {
      propertyId: home.id,
      checkIn: day(5),
      checkOut: day(7),
      guests: 1,
      contactInfo: contact,
    });
    expect(booked.status).toBe(200);

    const clash = await api(
      srv.url,
      'POST',
      `/api/properties/${home.id}/blocks`,
      { startDate: day(6), endDate: day(9) },
      { cookie },
    );
    expect(clash.status).toBe(409);
    expect(clash.body.message).toContain(booked.body.confirmationNumber);

    const made = await api(
      srv.url,
      'POST',
      `/api/properties/${home.id}/blocks`,
      { startDate: day(7), endDate: day(9), reason: 'owner' },
      { cookie },
    );
    expect(made.status).toBe(200);
    const list = await api(srv.url, 'GET', `/api/properties/${home.id}/blocks`, undefined, { cookie });
    expect(list.body).toEqual([
      expect.objectContaining({ id: made.body.id, startDate: day(7), endDate: day(9) }),
    ]);
    expect((await api(srv.url, 'GET', `/api/properties/${home.id}/blocks`)).status).toBe(401);
    expect(
      (
        await api(srv.url, 'DELETE', `/api/properties/${home.id}/blocks/${made.body.id}`, undefined, {
          cookie,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await api(srv.url, 'DELETE', `/api/properties/${home.id}/blocks/${made.body.id}`, undefined, {
          cookie,
        })
      ).status,
    ).toBe(404);

    const rate = await api(
      srv.url,
      'POST',
      `/api/properties/${home.id}/rates`,
      { kind: 'weekend', nightlyPrice: 180 },
      { cookie },
    );
    expect(rate.status).toBe(200);
    expect(rate.body).toMatchObject({ kind: 'weekend', nightlyPrice: 180 });
    const bad = await api(
      srv.url,
      'POST',
      `/api/properties/${home.id}/rates`,
      { kind: 'season', nightlyPrice: 0 },
      { cookie },
    );
    expect(bad.status).toBe(400);
    const rates = await api(srv.url, 'GET', `/api/properties/${home.id}/rates`, undefined, { cookie });
    expect(rates.body).toHaveLength(1);
    expect(
      (
        await api(srv.url, 'DELETE', `/api/properties/${home.id}/rates/${rate.body.id}`, undefined, {
          cookie,
        })
      ).status,
    ).toBe(200);
  });
});

describe('iCal export', () => {
  it("holds exactly the home's pending and confirmed bookings and blocks, with no personal data", async () => {
    const home = await createProperty(srv.db.em());
    const other = await createProperty(srv.db.em());
    const book = async (propertyId: number, from: number, to: number) =>
      (
        await api(srv.url, 'POST', '/api/bookings', {
          propertyId,
          checkIn: day(from),
          checkOut: day(to),
          guests: 1,
          contactInfo: contact,
        })
      ).body as { id: number };
    const pending = await book(home.id, 2, 4);
    const confirmed = await book(home.id, 10, 12);
    const cancelled = await book(home.id, 20, 22);
    await book(other.id, 2, 4);
    await api(srv.url, 'PUT', `/api/bookings/${confirmed.id}/status`, { status: 'confirmed' }, { cookie });
    await api(srv.url, 'PUT', `/api/bookings/${cancelled.id}/status`, { status: 'cancelled' }, { cookie });
    const block = (
      await api(
        srv.url,
        'POST',
        `/api/properties/${home.id}/blocks`,
        { startDate: day(30), endDate: day(33), note: 'Painting' },
        { cookie },
      )
    ).body as { id: number };

    const info = await api(srv.url, 'GET', `/api/properties/${home.id}/ical`, undefined, { cookie });
    expect(info.status).toBe(200);
    expect(info.body.exportUrl).toMatch(new RegExp(`^${srv.url}/ical/[A-Za-z0-9_-]{43}\\.ics$`));
    expect(info.body.feeds).toEqual([]);
    // The URL is stable across looks, and the database never holds the token.
    const again = await api(srv.url, 'GET', `/api/properties/${home.id}/ical`, undefined, { cookie });
    expect(again.body.exportUrl).toBe(info.body.exportUrl);
    const token = /\/ical\/(.+)\.ics$/.exec(info.body.exportUrl)?.[1] ?? '';
    const stored = await srv.db.sql('select * from ical_exports');
    expect(JSON.stringify(stored)).not.toContain(token);

    const res = await fetch(info.body.exportUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/calendar');
    const text = await res.text();
    for (const secret of [contact.name, contact.email, contact.phone, 'Grace', 'Painting'])
      expect(text).not.toContain(secret);

    const events = Object.values(ical.sync.parseICS(text)).filter((c): c is VEvent => c?.type === 'VEVENT');
    const seen = events
      .map((e) => [e.uid, isoOf(e.start), isoOf(e.end), e.start.dateOnly, e.transparency])
      .sort((a, b) => String(a[1]).localeCompare(String(b[1])));
    expect(seen).toEqual([
      [`booking-${pending.id}@stayhub`, day(2), day(4), true, 'OPAQUE'],
      [`booking-${confirmed.id}@stayhub`, day(10), day(12), true, 'OPAQUE'],
      [`block-${block.id}@stayhub`, day(30), day(33), true, 'OPAQUE'],
    ]);
  });

  it('a regenerated token makes the old URL answer 404, like an unknown one', async () => {
    const home = await createProperty(srv.db.em());
    const first = (await api(srv.url, 'GET', `/api/properties/${home.id}/ical`, undefined, { cookie })).body
      .exportUrl as string;
    expect((await fetch(first)).status).toBe(200);
    const regenerated = await api(
      srv.url,
      'POST',
      `/api/properties/${home.id}/ical/regenerate`,
      {},
      { cookie },
    );
    expect(regenerated.status).toBe(200);
    const second = regenerated.body.exportUrl as string;
    expect(second).not.toBe(first);
    expect((await fetch(first)).status).toBe(404);
    expect((await fetch(second)).status).toBe(200);
    expect((await fetch(`${srv.url}/ical/${'A'.repeat(43)}.ics`)).status).toBe(404);
    expect((await fetch(`${srv.url}/ical/short.ics`)).status).toBe(404);
    expect((await api(srv.url, 'GET', `/api/properties/${home.id}/ical`)).status).toBe(401);
  });
});
