import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIso } from '../../src/shared/dates.ts';
import { TEST_ADMIN } from '../support/constants.ts';
import { createProperty } from '../support/fixtures.ts';
import { api, startTestServer, type TTestServer } from '../support/server.ts';

/**
 * The search knows the party (docs/features.md#pets): `GET /api/search/properties` takes children,
 * infants and pets, and finds exactly the homes whose quote takes that party. A home's one pets setting
 * is read by the search, the quote and the pricing answer alike, whichever way the operator set it.
 */
let srv: TTestServer;
let cookie: string;
const place = `Petville ${randomBytes(4).toString('hex')}`;
const ids: Record<string, number> = {};

beforeAll(async () => {
  srv = await startTestServer();
  const res = await api(srv.url, 'POST', '/api/auth/login', TEST_ADMIN);
  cookie = /stayhub_session=[^;]+/.exec(res.headers.get('set-cookie') ?? '')?.[0] ?? '';
  const em = srv.db.em();
  for (const [name, maxGuests, amenities] of [
    ['petHome', 4, ['Wifi', 'Pets allowed']],
    ['smallPetHome', 2, ['Pets allowed']],
    ['noPets', 6, ['Wifi']],
    ['setByPricing', 4, ['Wifi']],
  ] as const) {
    const p = await createProperty(em, { location: place, maxGuests, amenities: [...amenities] });
    ids[name] = p.id;
  }
  // The pricing call still sets the home's pets setting, for the scripts that used it.
  const put = await api(
    srv.url,
    'PUT',
    `/api/properties/${ids.setByPricing}/pricing`,
    { petsAllowed: true },
    { cookie },
  );
  expect(put.status).toBe(200);
});
afterAll(async () => {
  await srv.close();
});

const search = async (query: string) => {
  const res = await api(
    srv.url,
    'GET',
    `/api/search/properties?location=${encodeURIComponent(place)}&${query}`,
  );
  expect(res.status).toBe(200);
  return (res.body as { items: { id: number }[] }).items.map((p) => p.id).sort((a, b) => a - b);
};
const sorted = (...names: string[]) => names.map((n) => ids[n]!).sort((a, b) => a - b);

async function quoteTakes(id: number, party: string): Promise<{ available: boolean; reason?: string }> {
  const checkIn = addDays(todayIso(), 30);
  const res = await api(
    srv.url,
    'GET',
    `/api/bookings/quote?propertyId=${id}&checkIn=${checkIn}&checkOut=${addDays(checkIn, 3)}&${party}`,
  );
  expect(res.status).toBe(200);
  return res.body as { available: boolean; reason?: string };
}

describe('GET /api/search/properties with a party', () => {
  it('pets=1 finds only homes that take pets, as the quote judges them', async () => {
    const found = await search('pets=1');
    expect(found).toEqual(sorted('petHome', 'smallPetHome', 'setByPricing'));
    for (const id of Object.values(ids)) {
      const q = await quoteTakes(id, 'guests=1&pets=1');
      // Found exactly when the quote takes the party: no home that refuses pets, none left out.
      expect({ id, available: q.available }).toEqual({ id, available: found.includes(id) });
      if (!q.available) expect(q.reason).toBe('This home does not allow pets');
    }
    // The pricing answer reads the same setting.
    for (const id of Object.values(ids)) {
      const pricing = await api(srv.url, 'GET', `/api/properties/${id}/pricing`, undefined, { cookie });
      expect({ id, petsAllowed: (pricing.body as { petsAllowed: boolean }).petsAllowed }).toEqual({
        id,
        petsAllowed: found.includes(id),
      });
    }
  });

  it('counts adults and children towards capacity, not infants, with the quote', async () => {
    const party = 'guests=2&children=1&infants=3&pets=1';
    const found = await search(party);
    expect(found).toEqual(sorted('petHome', 'setByPricing'));
    for (const id of Object.values(ids))
      expect({ id, available: (await quoteTakes(id, party)).available }).toEqual({
        id,
        available: found.includes(id),
      });
    // Without pets the capacity alone decides.
    expect(await search('guests=2&children=2&infants=5')).toEqual(
      sorted('petHome', 'noPets', 'setByPricing'),
    );
  });

  it('refuses a party that is not whole numbers, with a readable message', async () => {
    for (const [query, message] of [
      ['pets=-1', 'Pets cannot be negative'],
      ['children=two', 'Children must be a number'],
      ['infants=1.5', 'Infants must be a number'],
    ]) {
      const res = await api(srv.url, 'GET', `/api/search/properties?${query}`);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain(message);
    }
  });
});
