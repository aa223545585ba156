import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIso } from '../../src/shared/dates.ts';
import {
  IDEMPOTENCY_IN_PROGRESS,
  IDEMPOTENCY_KEY_INVALID,
  IDEMPOTENCY_KEY_REUSED,
} from '../../src/shared/schemas/idempotency.ts';
import { createProperty } from '../support/fixtures.ts';
import { api, startTestServer, type TTestServer } from '../support/server.ts';
import { adminCookie } from './payments-helpers.ts';

/** POST /api/bookings with an Idempotency-Key: a repeat is the first answer, never a second booking. */
let srv: TTestServer;

beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(async () => {
  await srv.close();
});

const contactInfo = { name: 'Key Guest', email: 'key@example.com', phone: '+1 555 0100', country: 'Canada' };

async function stay(offset: number) {
  const property = await createProperty(srv.db.em(), { maxGuests: 6 });
  const checkIn = addDays(todayIso(), offset);
  return { propertyId: property.id, checkIn, checkOut: addDays(checkIn, 3), guests: 2, contactInfo };
}

const book = (body: unknown, key: string) =>
  api(srv.url, 'POST', '/api/bookings', body, { 'Idempotency-Key': key });

async function bookingsOf(propertyId: number): Promise<number> {
  const rows = await srv.db.sql<{ n: string }>(
    'select count(*)::text as n from bookings where property_id = $1',
    [propertyId],
  );
  return Number(rows[0]?.n);
}

describe('Idempotency-Key on POST /api/bookings', () => {
  it('the same key and body twice: the same booking, the same status, one booking', async () => {
    const body = await stay(30);
    const key = randomUUID();
    const first = await book(body, key);
    expect(first.status).toBe(200);
    const again = await book(body, key);
    expect(again.status).toBe(first.status);
    expect(again.body).toEqual(first.body);
    expect(again.body.manageToken).toBe(first.body.manageToken);
    expect(await bookingsOf(body.propertyId)).toBe(1);
  });

  it('keys the same body under another key as a new attempt (409: the dates are taken)', async () => {
    const body = await stay(40);
    expect((await book(body, randomUUID())).status).toBe(200);
    expect((await book(body, randomUUID())).status).toBe(409);
  });

  it('another body under a used key is 422 and books nothing', async () => {
    const body = await stay(50);
    const key = randomUUID();
    expect((await book(body, key)).status).toBe(200);
    const other = await book(
      { ...body, checkIn: addDays(body.checkIn, 7), checkOut: addDays(body.checkOut, 7) },
      key,
    );
    expect(other.status).toBe(422);
    expect(other.body.message).toBe(IDEMPOTENCY_KEY_REUSED);
    expect(await bookingsOf(body.propertyId)).toBe(1);
  });

  it('concurrent requests with one key make one booking and all answer with it', async () => {
    const body = await stay(60);
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 6 }, () => book(body, key)));
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(await bookingsOf(body.propertyId)).toBe(1);
  });

  it('a malformed key is 400 with a readable message; no key books as before', async () => {
    const body = await stay(70);
    for (const bad of ['', 'has space', 'x'.repeat(256), 'caf\u00e9']) {
      const res = await api(srv.url, 'POST', '/api/bookings', body, { 'Idempotency-Key': bad });
      expect(res.status, bad).toBe(400);
      expect(res.body.message).toBe(IDEMPOTENCY_KEY_INVALID);
    }
    expect((await api(srv.url, 'POST', '/api/bookings', body)).status).toBe(200);
  });

  it('stores no manage token in plain text', async () => {
    const body = await stay(80);
    const key = randomUUID();
    const first = await book(body, key);
    const rows = await srv.db.sql<{ row: string }>(
      'select row_to_json(k)::text as row from idempotency_keys k',
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r.row).not.toContain(first.body.manageToken);
      expect(r.row).not.toContain(key);
    }
  });

  it('a key held by an attempt still running: 409 after the wait; held by a dead one: taken over', async () => {
    const body = await stay(90);
    const key = randomUUID();
    const keyHash = createHash('sha256').update(`bookings.create\n${key}`).digest('hex');
    const first = await book(body, key);
    expect(first.status).toBe(200);
    // As if that attempt were still running and had booked nothing yet.
    await srv.db.sql(`update bookings set status = 'cancelled' where id = $1`, [first.body.id]);
    await srv.db.sql(
      `update idempotency_keys set answer = null, resource_id = null, claimed_at = now() where key_hash = $1`,
      [keyHash],
    );
    const busy = await book(body, key);
    expect(busy.status).toBe(409);
    expect(busy.body.message).toBe(IDEMPOTENCY_IN_PROGRESS);
    expect(busy.headers.get('retry-after')).toBe('1');
    // Its process died: the claim is older than any attempt can run, and the next call takes it over.
    await srv.db.sql(
      `update idempotency_keys set claimed_at = now() - interval '2 minutes' where key_hash = $1`,
      [keyHash],
    );
    const taken = await book(body, key);
    expect(taken.status).toBe(200);
    expect(taken.body.id).not.toBe(first.body.id);
    expect((await book(body, key)).body.id).toBe(taken.body.id);
  }, 30_000);

  it('the OpenAPI document shows the header on POST /bookings', async () => {
    const doc = await api(srv.url, 'GET', '/api/openapi.json');
    const params = doc.body.paths['/bookings'].post.parameters as { name: string; in: string }[];
    expect(params).toContainEqual(expect.objectContaining({ name: 'idempotency-key', in: 'header' }));
  });
});

describe("Idempotency-Key on the operator's owner entries", () => {
  it('an expense or a payout sent twice under one key is recorded once and answered the same', async () => {
    const admin = await adminCookie(srv.url);
    const reg = await api(srv.url, 'POST', '/api/auth/register', {
      username: 'owner-ida',
      email: 'owner-ida@example.com',
      password: 'secret-pw',
    });
    expect(reg.status, JSON.stringify(reg.body)).toBe(200);
    const ownerId = reg.body.id as number;
    await srv.db.sql(`update users set staff_role = 'owner' where id = $1`, [ownerId]);
    const home = await createProperty(srv.db.em(), {});
    const owned = await api(
      srv.url,
      'PUT',
      `/api/admin/properties/${home.id}/owner`,
      { ownerId, commissionPercent: 15 },
      admin,
    );
    expect(owned.status, JSON.stringify(owned.body)).toBe(200);
    const date = addDays(todayIso(), 40);
    const month = date.slice(0, 7);
    const expense = { date, category: 'repairs', amount: 120.5, description: 'Boiler service' };
    const payout = { date, amount: 300, reference: 'PO-77' };
    for (const [path, body, list] of [
      [`/api/admin/properties/${home.id}/expenses`, expense, `/api/admin/owners/${ownerId}/expenses`],
      [`/api/admin/owners/${ownerId}/payouts`, payout, `/api/admin/owners/${ownerId}/payouts`],
    ] as const) {
      const key = randomUUID();
      const headers = { ...admin, 'Idempotency-Key': key };
      const [first, again] = [
        await api(srv.url, 'POST', path, body, headers),
        await api(srv.url, 'POST', path, body, headers),
      ];
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect(again).toMatchObject({ status: 200, body: first.body });
      const other = await api(srv.url, 'POST', path, { ...body, amount: 1 }, headers);
      expect(other.status).toBe(422);
      const listed = await api(srv.url, 'GET', `${list}?month=${month}`, undefined, admin);
      expect(listed.body.items, path).toHaveLength(1);
    }
  });
});
