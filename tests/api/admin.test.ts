import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTINGS_DEFAULTS } from '../../src/shared/constants.ts';
import { addDays, todayIso } from '../../src/shared/dates.ts';
import { startServer, type TRunningServer } from '../../src/server/server.ts';
import { TEST_ADMIN } from '../support/constants.ts';
import { createProperty } from '../support/fixtures.ts';
import { api, startTestServer, type TTestServer } from '../support/server.ts';

let srv: TTestServer;
let cookie: string;
/** A server started again on the same database, when the restart test ran. */
let restarted: TRunningServer | undefined;

async function login(base: string): Promise<string> {
  const res = await api(base, 'POST', '/api/auth/login', TEST_ADMIN);
  expect(res.status).toBe(200);
  const setCookie = res.headers.get('set-cookie') ?? '';
  const session = /stayhub_session=[^;]+/.exec(setCookie)?.[0];
  if (!session) throw new Error('login set no session cookie');
  return session;
}

const asAdmin = () => ({ cookie });

beforeAll(async () => {
  srv = await startTestServer();
  cookie = await login(srv.url);
});
afterAll(async () => {
  await restarted?.close();
  await srv.close();
});

describe('admin REST paths', () => {
  it('refuse a visitor with 401 and the JSON message', async () => {
    for (const [method, path, body] of [
      ['GET', '/api/bookings'],
      ['PUT', '/api/bookings/1/status', { status: 'confirmed' }],
      ['POST', '/api/reviews', { propertyId: 1, comment: 'x' }],
      ['PATCH', '/api/reviews/1', { comment: 'x' }],
      ['DELETE', '/api/reviews/1'],
      ['POST', '/api/categories', { name: 'x' }],
      ['PUT', '/api/categories/1', { name: 'x' }],
      ['DELETE', '/api/categories/1'],
      ['GET', '/api/settings'],
      ['PUT', '/api/settings', SETTINGS_DEFAULTS],
      ['GET', '/api/admin/dashboard'],
    ] as const) {
      const res = await api(srv.url, method, path, body);
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body.message).toBe('Authentication required');
    }
  });

  it("GET /api/bookings answers the spec's plain list; GET /api/bookings/page pages with the total", async () => {
    const p = await createProperty(srv.db.em(), { title: 'REST booking home' });
    const start = addDays(todayIso(), 300);
    // The rows keep cents.
    for (let i = 0; i < 3; i++) {
      await srv.db.sql(
        `insert into bookings (property_id, check_in, check_out, guests, total_price, status, nightly_price, nights, tax_rate, tax_amount, confirmation_number)
         values ($1, $2::date, $2::date + 2, 2, 23400, 'pending', 10000, 2, 17, 3400, $3)`,
        [p.id, addDays(start, i * 5), `RESTBK${i}00000`],
      );
    }
    const list = await api(srv.url, 'GET', '/api/bookings', undefined, asAdmin());
    expect(list.status).toBe(200);
    expect(Array.isArray(list.body)).toBe(true);
    expect(list.body).toHaveLength(3);
    expect(list.body[0]).toMatchObject({
      property: { id: p.id, title: 'REST booking home' },
      user: null,
      totalPrice: 234,
      status: 'pending',
    });
    expect(
      (await api(srv.url, 'GET', '/api/bookings?page=2&pageSize=2', undefined, asAdmin())).body,
    ).toHaveLength(1);
    const all = await api(srv.url, 'GET', '/api/bookings/page', undefined, asAdmin());
    expect(all.body).toMatchObject({ total: 3, page: 1, pageSize: 50 });
    const page2 = await api(srv.url, 'GET', '/api/bookings/page?page=2&pageSize=2', undefined, asAdmin());
    expect(page2.body).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page2.body.items).toHaveLength(1);

    const id = all.body.items[0].id as number;
    const put = await api(srv.url, 'PUT', `/api/bookings/${id}/status`, { status: 'confirmed' }, asAdmin());
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ id, status: 'confirmed' });
    expect(
      (await api(srv.url, 'PUT', '/api/bookings/999999/status', { status: 'confirmed' }, asAdmin())).status,
    ).toBe(404);
    const bad = await api(srv.url, 'PUT', `/api/bookings/${id}/status`, { status: 'done' }, asAdmin());
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Status must be pending, confirmed or cancelled');
  });

  it('reviews: POST, PATCH and DELETE /api/reviews, with the rating recomputed', async () => {
    const p = await createProperty(srv.db.em());
    const created = await api(
      srv.url,
      'POST',
      '/api/reviews',
      { propertyId: p.id, userId: 1, rating: 4, comment: 'Good', userName: '' },
      asAdmin(),
    );
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ propertyId: p.id, rating: 4, userName: 'Admin' });
    const patched = await api(srv.url, 'PATCH', `/api/reviews/${created.body.id}`, { rating: 2 }, asAdmin());
    expect(patched.body).toMatchObject({ rating: 2, comment: 'Good' });
    expect((await api(srv.url, 'GET', `/api/properties/${p.id}`)).body).toMatchObject({
      rating: 2,
      reviewCount: 1,
    });
    expect(
      (await api(srv.url, 'DELETE', `/api/reviews/${created.body.id}`, undefined, asAdmin())).body,
    ).toEqual({ ok: true });
    expect((await api(srv.url, 'GET', `/api/properties/${p.id}`)).body).toMatchObject({
      rating: null,
      reviewCount: 0,
    });
    const missing = await api(srv.url, 'POST', '/api/reviews', { comment: 'No property' }, asAdmin());
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Please select a property');
  });

  it('categories: POST, PUT, DELETE /api/categories with 400, 409 and 404', async () => {
    const created = await api(
      srv.url,
      'POST',
      '/api/categories',
      { name: 'Desert', icon: '', active: true },
      asAdmin(),
    );
    expect(created.status).toBe(200);
    expect((await api(srv.url, 'POST', '/api/categories', { name: 'DESERT' }, asAdmin())).status).toBe(409);
    const blank = await api(srv.url, 'POST', '/api/categories', { name: '  ' }, asAdmin());
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe('Category name is required.');
    const renamed = await api(
      srv.url,
      'PUT',
      `/api/categories/${created.body.id}`,
      { name: 'Dunes', icon: '', active: false },
      asAdmin(),
    );
    expect(renamed.body).toMatchObject({ name: 'Dunes', active: false });
    expect(
      (await api(srv.url, 'DELETE', `/api/categories/${created.body.id}`, undefined, asAdmin())).status,
    ).toBe(200);
    const again = await api(srv.url, 'DELETE', `/api/categories/${created.body.id}`, undefined, asAdmin());
    expect(again.status).toBe(404);
    expect(again.body.message).toBe('Category not found');
  });

  it('GET /api/admin/dashboard answers the counters', async () => {
    const res = await api(srv.url, 'GET', '/api/admin/dashboard', undefined, asAdmin());
    expect(res.status).toBe(200);
    const [row] = await srv.db.sql<{ n: number }>('select count(*)::int as n from bookings');
    expect(res.body.totalBookings).toBe(row?.n);
  });

  it('the OpenAPI document lists the admin paths and the bookings page shape', async () => {
    const doc = await api(srv.url, 'GET', '/api/openapi.json');
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining([
        '/bookings',
        '/bookings/{id}/status',
        '/reviews',
        '/reviews/{id}',
        '/categories/{id}',
        '/settings',
        '/admin/dashboard',
      ]),
    );
    const list = doc.body.paths['/bookings'].get;
    expect(list.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['page', 'pageSize']),
    );
    expect(JSON.stringify(list.responses['200'])).toContain('"type":"array"');
    // The page is the shared AdminBookingList component.
    const page = doc.body.paths['/bookings/page'].get.responses['200'].content['application/json'].schema;
    expect(page).toEqual({ $ref: '#/components/schemas/AdminBookingList' });
    expect(doc.body.components.schemas.AdminBookingList.properties).toHaveProperty('total');
  });
});

describe('settings survive a restart', () => {
  it('PUT /api/settings, restart the server on the same database, GET answers the saved values', async () => {
    const saved = { ...SETTINGS_DEFAULTS, siteName: 'Restart Homes', taxRate: 12.5, enableReviews: false };
    const put = await api(srv.url, 'PUT', '/api/settings', saved, asAdmin());
    expect(put.status).toBe(200);
    const invalid = await api(srv.url, 'PUT', '/api/settings', { ...saved, taxRate: 101 }, asAdmin());
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toBe('Tax rate cannot exceed 100%.');

    await srv.server.close();
    restarted = await startServer({ ...srv.env, port: 0 }, { seed: false });
    const again = await login(restarted.url);
    const got = await api(restarted.url, 'GET', '/api/settings', undefined, { cookie: again });
    expect(got.status).toBe(200);
    expect(got.body).toEqual(saved);
    const pub = await api(restarted.url, 'GET', '/api/config');
    expect(pub.body.settings).toMatchObject({
      siteName: 'Restart Homes',
      taxRate: 12.5,
      enableReviews: false,
    });
  });
});
