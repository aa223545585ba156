import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProperty } from '../support/fixtures.ts';
import { api, startTestServer, type TTestServer } from '../support/server.ts';

let srv: TTestServer;
const place = `Resttown ${randomBytes(4).toString('hex')}`;
const ids: Record<string, number> = {};

beforeAll(async () => {
  srv = await startTestServer();
  const em = srv.db.em();
  for (const [name, price, type, amenities, lat] of [
    ['cheapCabin', 60, 'cabin', ['Wifi', 'Pool'], '10'],
    ['dearCabin', 300, 'cabin', ['Wifi'], '10.5'],
    ['villa', 150, 'villa', ['Wifi', 'Pool'], '40'],
  ] as const) {
    const p = await createProperty(em, {
      location: place,
      price,
      propertyType: type,
      amenities: [...amenities],
      latitude: lat,
      longitude: '20',
    });
    ids[name] = p.id;
  }
});
afterAll(async () => {
  await srv.close();
});

const q = (query: string) => `/api/search/properties?location=${encodeURIComponent(place)}&${query}`;
const idsOf = (body: { items: { id: number }[] }) => body.items.map((p) => p.id);

describe('GET /api/search/properties: filters, sorts and bounds as query parameters', () => {
  it('takes repeated types and amenities, a price range, bedrooms and bounds', async () => {
    expect(idsOf((await api(srv.url, 'GET', q('types=cabin'))).body)).toEqual([
      ids.dearCabin,
      ids.cheapCabin,
    ]);
    expect(idsOf((await api(srv.url, 'GET', q('types=cabin&types=villa'))).body)).toHaveLength(3);
    expect(idsOf((await api(srv.url, 'GET', q('amenities=Wifi&amenities=Pool'))).body)).toEqual([
      ids.villa,
      ids.cheapCabin,
    ]);
    expect(idsOf((await api(srv.url, 'GET', q('minPrice=100&maxPrice=200'))).body)).toEqual([ids.villa]);
    expect(idsOf((await api(srv.url, 'GET', q('bedrooms=3'))).body)).toEqual([]);
    expect(idsOf((await api(srv.url, 'GET', q('bounds=9,19,11,21'))).body)).toEqual([
      ids.dearCabin,
      ids.cheapCabin,
    ]);
    const bad = await api(srv.url, 'GET', q('bounds=1,2,3'));
    expect(bad.status).toBe(400);
  });

  it('pages a sort with the string `after` it returns, and the recommended order with the numeric cursor', async () => {
    const one = await api(srv.url, 'GET', q('sort=price_asc&limit=2'));
    expect(idsOf(one.body)).toEqual([ids.cheapCabin, ids.villa]);
    // The key is the home's price as kept, in cents.
    expect(one.body.nextAfter).toBe(`price_asc:15000:${ids.villa}`);
    expect(one.body.nextCursor).toBeNull();
    const two = await api(srv.url, 'GET', q(`sort=price_asc&limit=2&after=${one.body.nextAfter}`));
    expect(idsOf(two.body)).toEqual([ids.dearCabin]);
    expect(two.body.nextAfter).toBeNull();
    expect(two.body.nextCursor).toBeNull();

    const recommended = await api(srv.url, 'GET', q('limit=2'));
    expect(recommended.body.nextCursor).toBe(ids.dearCabin);
    expect(recommended.body.nextAfter).toBeNull();
    const rest = await api(srv.url, 'GET', q(`limit=2&cursor=${ids.dearCabin}`));
    expect(idsOf(rest.body)).toEqual([ids.cheapCabin]);
  });

  it('keeps cursor and nextCursor the integers they were documented as before the sorts', async () => {
    const doc = await api(srv.url, 'GET', '/api/openapi.json');
    const search = doc.body.paths['/search/properties'].get;
    const cursor = (search.parameters as { name: string; schema: unknown }[]).find(
      (p) => p.name === 'cursor',
    );
    expect(cursor?.schema).toEqual({ type: 'integer', exclusiveMinimum: 0, maximum: 2147483647 });
    // The answer is the shared SearchResult component.
    const ref: string = search.responses['200'].content['application/json'].schema.$ref;
    const result = doc.body.components.schemas[ref.replace('#/components/schemas/', '')];
    expect(result.properties.nextCursor).toEqual({
      anyOf: [{ type: 'integer', minimum: -9007199254740991, maximum: 9007199254740991 }, { type: 'null' }],
    });
    // What the document says is what the server does: a sort position is refused as a cursor.
    const refused = await api(srv.url, 'GET', q(`sort=price_asc&cursor=price_asc:15000:${ids.villa}`));
    expect(refused.status).toBe(400);
  });

  it('documents the new parameters in the OpenAPI document', async () => {
    const doc = await api(srv.url, 'GET', '/api/openapi.json');
    const params = (doc.body.paths['/search/properties'].get.parameters as { name: string }[]).map(
      (p) => p.name,
    );
    expect(params).toEqual(
      expect.arrayContaining([
        'minPrice',
        'maxPrice',
        'types',
        'bedrooms',
        'amenities',
        'bounds',
        'sort',
        'cursor',
        'after',
      ]),
    );
  });
});
