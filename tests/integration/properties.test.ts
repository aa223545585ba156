import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerFor, createTestDatabase, type TTestDb } from '../support/db.ts';
import { createProperty } from '../support/fixtures.ts';

let db: TTestDb;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

describe('properties (read)', () => {
  it('lists, reads one, and refuses a missing one with NOT_FOUND', async () => {
    const em = db.em();
    const a = await createProperty(em, { title: 'Sea view loft' });
    const { caller } = callerFor(db, null);
    const list = await caller.properties.list();
    expect(list.map((p) => p.id)).toContain(a.id);
    const one = await caller.properties.byId({ id: a.id });
    expect(one).toMatchObject({ title: 'Sea view loft', rating: null, reviewCount: 0, videos: [] });
    await expect(caller.properties.byId({ id: 999_999 })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Property not found',
    });
  });

  it('hides archived properties', async () => {
    const em = db.em();
    const p = await createProperty(em, { archivedAt: new Date() });
    const { caller } = callerFor(db, null);
    await expect(caller.properties.byId({ id: p.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await caller.properties.list()).some((x) => x.id === p.id)).toBe(false);
  });

  it('lists categories from the base seed', async () => {
    const { caller } = callerFor(db, null);
    const cats = await caller.categories.list();
    expect(cats.map((c) => c.name)).toEqual(expect.arrayContaining(['Beach', 'Mountain', 'OMG!']));
  });
});
