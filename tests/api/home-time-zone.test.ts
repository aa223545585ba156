import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancellationDeadline, formatDeadline } from '../../src/shared/cancellation.ts';
import { addDays, todayIso } from '../../src/shared/dates.ts';
import type { TZoneClock } from '../../src/shared/home-time.ts';
import { TIME_ZONE_ERROR, type TProperty } from '../../src/shared/schemas/property.ts';
import { writeBookingReceivedEmails } from '../../src/server/services/email/guest-emails.ts';
import { TEST_ADMIN } from '../support/constants.ts';
import { imageDataUrls } from '../support/fixtures.ts';
import { api, startTestServer, type TTestServer } from '../support/server.ts';

let srv: TTestServer;
let cookie: string;

beforeAll(async () => {
  srv = await startTestServer();
  const res = await api(srv.url, 'POST', '/api/auth/login', TEST_ADMIN);
  cookie = /stayhub_session=[^;]+/.exec(res.headers.get('set-cookie') ?? '')?.[0] ?? '';
  expect(cookie).not.toBe('');
});
afterAll(async () => {
  await srv.close();
});

/** A home in Miami by its address and coordinates, as the editor sends it. */
async function homeBody(extra: Record<string, unknown> = {}) {
  return {
    title: 'Zone house',
    description: 'A home whose clock we set.',
    location: 'Miami, Florida',
    latitude: '25.7617',
    longitude: '-80.1918',
    price: 100,
    bedrooms: 2,
    bathrooms: 1,
    maxGuests: 4,
    propertyType: 'house',
    images: await imageDataUrls(5),
    cancellationPolicy: 'moderate',
    ...extra,
  };
}

describe("a home's time zone", () => {
  let home: TProperty;

  it('a create with an unknown zone answers 400 with a readable message', async () => {
    const res = await api(
      srv.url,
      'POST',
      '/api/properties',
      await homeBody({ timeZone: 'Mars/Olympus_Mons' }),
      {
        cookie,
      },
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(TIME_ZONE_ERROR);
  });

  it('a create without one gets the zone its place suggests; an update sets it and a body without it keeps it', async () => {
    const created = await api(srv.url, 'POST', '/api/properties', await homeBody(), { cookie });
    expect(created.status).toBe(200);
    expect(created.body.timeZone).toBe('America/New_York');
    const put = async (extra: Record<string, unknown>) =>
      api(
        srv.url,
        'PUT',
        `/api/properties/${created.body.id}`,
        { ...(await homeBody(extra)), images: created.body.images },
        { cookie },
      );
    const set = await put({ timeZone: 'Asia/Tokyo' });
    expect(set.status).toBe(200);
    expect(set.body.timeZone).toBe('Asia/Tokyo');
    const kept = await put({ location: 'Paris, France' });
    expect(kept.body.timeZone).toBe('Asia/Tokyo');
    home = kept.body as TProperty;
    expect((await api(srv.url, 'GET', `/api/properties/${home.id}`)).body.timeZone).toBe('Asia/Tokyo');
  });

  it("the manage page and the booking email state the deadline on the home's clock", async () => {
    const checkIn = addDays(todayIso(), 40);
    const booked = await api(srv.url, 'POST', '/api/bookings', {
      propertyId: home.id,
      checkIn,
      checkOut: addDays(checkIn, 2),
      guests: 1,
      contactInfo: {
        name: 'Kenji Sato',
        email: 'kenji@example.com',
        phone: '+81 3 0000 0000',
        country: 'Japan',
      },
    });
    expect(booked.status).toBe(200);
    const deadline = cancellationDeadline(checkIn, 'moderate', 'Asia/Tokyo');
    // Midnight in Tokyo is 15:00 UTC the day before: never the guess's New York midnight.
    expect(deadline.getUTCHours()).toBe(15);

    const manage = await api(srv.url, 'GET', `/api/bookings/manage/${booked.body.manageToken}`);
    expect(manage.status).toBe(200);
    expect(manage.body.timeZone).toBe('Asia/Tokyo');
    expect(manage.body.cancellationDeadline).toBe(deadline.toISOString());

    // What the booking-emails job does once the booking has committed (this server runs no jobs).
    await writeBookingReceivedEmails(srv.db.em(), booked.body.id);
    const [email] = await srv.db.sql<{ text: string }>(
      `select text from emails where to_address = 'kenji@example.com' and template = 'booking-received'`,
    );
    const stated = formatDeadline(deadline, 'Asia/Tokyo');
    expect(stated).toMatch(/GMT\+9|JST/);
    expect(email?.text).toContain(`You can cancel free of charge until ${stated} (the home's local time).`);
  });
});

describe('properties.zoneClock', () => {
  const get = (zone: unknown) =>
    fetch(
      `${srv.url}/trpc/properties.zoneClock?input=${encodeURIComponent(JSON.stringify({ json: { zone } }))}`,
    );

  it('answers a zone’s offsets and names from yesterday for two years, publicly cacheable', async () => {
    const res = await get('America/New_York');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/^public/);
    const clock = ((await res.json()) as { result: { data: { json: TZoneClock } } }).result.data.json;
    expect(clock.zone).toBe('America/New_York');
    expect(clock.until - (clock.spans[0]?.from ?? 0)).toBe(800 * 86_400_000);
    expect(new Set(clock.spans.map((s) => `${s.offset} ${s.name}`))).toEqual(
      new Set(['-300 EST', '-240 EDT']),
    );
    // The deadline it gives is the one the server enforces.
    const checkIn = addDays(todayIso(), 40);
    expect(cancellationDeadline(checkIn, 'strict', 'America/New_York', clock).getTime()).toBe(
      cancellationDeadline(checkIn, 'strict', 'America/New_York').getTime(),
    );
  });

  it('answers an alias under the listed name it stands for', async () => {
    const res = await get('US/Eastern');
    expect(res.status).toBe(200);
    const clock = ((await res.json()) as { result: { data: { json: TZoneClock } } }).result.data.json;
    expect(clock.zone).toBe('America/New_York');
  });

  it('refuses a name that is not a listed zone with a 400 naming the rule', async () => {
    for (const zone of ['Mars/Olympus', 'New York', '', 'x'.repeat(65), 5]) {
      const res = await get(zone);
      expect(res.status, String(zone)).toBe(400);
      expect(JSON.stringify(await res.json())).toMatch(
        new RegExp(`${TIME_ZONE_ERROR}|Time zone must be text`),
      );
    }
  });
});
