import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProperty } from '../support/fixtures.ts';
import { openApiRegressions } from '../support/openapi-diff.ts';
import { api, startTestServer, type TTestServer } from '../support/server.ts';

let srv: TTestServer;
let propertyId: number;

beforeAll(async () => {
  srv = await startTestServer();
  propertyId = (await createProperty(srv.db.em(), { title: 'REST home' })).id;
});
afterAll(async () => {
  await srv.close();
});

describe('REST paths generated from the procedures', () => {
  it('GET /api/properties lists properties with URL images', async () => {
    const res = await api(srv.url, 'GET', '/api/properties');
    expect(res.status).toBe(200);
    expect(res.body.find((p: { id: number }) => p.id === propertyId)).toMatchObject({ title: 'REST home' });
    expect(JSON.stringify(res.body)).not.toContain('data:');
  });

  it('GET /api/properties/{id}: 200, 400 for a non-numeric id, 404 for a missing one', async () => {
    expect((await api(srv.url, 'GET', `/api/properties/${propertyId}`)).status).toBe(200);
    const bad = await api(srv.url, 'GET', '/api/properties/abc');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Id must be a number');
    const missing = await api(srv.url, 'GET', '/api/properties/424242');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Property not found');
    expect(JSON.stringify(missing.body)).not.toMatch(/stack|at \//);
  });

  it('GET /api/properties/{id}/reviews and GET /api/categories answer lists', async () => {
    const reviews = await api(srv.url, 'GET', `/api/properties/${propertyId}/reviews`);
    expect(reviews.status).toBe(200);
    expect(reviews.body).toEqual([]);
    const cats = await api(srv.url, 'GET', '/api/categories');
    expect(cats.status).toBe(200);
    expect(cats.body.length).toBeGreaterThanOrEqual(11);
  });

  it('serves an OpenAPI document listing the paths, and a docs page', async () => {
    const doc = await api(srv.url, 'GET', '/api/openapi.json');
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining(['/categories', '/properties', '/properties/{id}', '/properties/{id}/reviews']),
    );
    const docs = await fetch(`${srv.url}/api/docs/`);
    expect(docs.status).toBe(200);
    expect(await docs.text()).toContain('swagger-ui');
  });

  it('only adds to the first published OpenAPI document (round 1, commit 9f6f856)', async () => {
    const round1 = JSON.parse(
      fs.readFileSync(path.join(import.meta.dirname, '../fixtures/openapi-round-1.json'), 'utf8'),
    );
    const doc = await api(srv.url, 'GET', '/api/openapi.json');
    // The one change made on purpose: a deleted account's reviews stay, purged to 'Former guest' with no
    // user (guest self-service, migration 20261122235450), so a review's userId may be null.
    const formerGuest = /\/reviews.*\/properties\/userId\/(type|minimum|maximum): removed$/;
    // And a booking's status gains 'requested' and 'declined': homes that take requests to book
    // (docs/booking-operations.md#booking-modes). The statuses an operator sets by hand are unchanged.
    const requestStatuses = /\/status\/enum: value "(requested|declined)" added$/;
    // And amounts are exact to the cent (docs/money.md#minor-units): a price or total is a number of
    // dollars with cents, no longer a whole one.
    const cents =
      /\/properties\/(price|totalPrice|nightlyPrice|taxAmount|subtotal|tax|total|totalRevenue)\/(type: "integer" became "number"|minimum: removed|maximum: removed)$/;
    // And a public operation states that it needs no credentials, so it no longer lists the session
    // scheme or the 401 and 403 it could never answer (docs/rest-contract.md#access).
    const publicAccess = /\/(security\[0\]|responses\/40[13]): removed$/;
    // And every number a request carries fits PostgreSQL's integer: a value past it is refused with 400
    // instead of failing with 500 (docs/rest-contract.md#integers).
    const int4 =
      /\/(minimum|maximum): (added |-?9007199254740991 became )(-?2147483648|2147483647|-?21474836\.4[78])$/;
    expect(
      openApiRegressions(round1, doc.body).filter(
        (p) =>
          !formerGuest.test(p) &&
          !requestStatuses.test(p) &&
          !cents.test(p) &&
          !publicAccess.test(p) &&
          !int4.test(p),
      ),
    ).toEqual([]);
  });

  it('answers unknown /api paths with a JSON 404', async () => {
    const res = await api(srv.url, 'GET', '/api/does-not-exist');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
  });

  it('answers malformed JSON with 400 and an oversized body with 413', async () => {
    const malformed = await fetch(`${srv.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"username": ',
    });
    expect(malformed.status).toBe(400);
    const huge = await fetch(`${srv.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'x'.repeat(200_000), password: 'secret1' }),
    });
    expect(huge.status).toBe(413);
    // Paths match whatever their case, so the body limit does too.
    for (const path of ['/API/auth/login', '/Api/bookings']) {
      const upper = await fetch(`${srv.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'x'.repeat(200_000), password: 'secret1' }),
      });
      expect(upper.status, path).toBe(413);
    }
  });
});
