import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Migration20261127011530_home_time_zone as HomeTimeZone } from '../../src/server/migrations/migration-20261127011530-home-time-zone.ts';
import { createTestDatabase, type TTestDb } from '../support/db.ts';
import { createProperty } from '../support/fixtures.ts';

let db: TTestDb;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

describe('the time zone migration', () => {
  it('fills the existing homes with the zone the site guessed for them', async () => {
    const miami = await createProperty(db.em(), {
      location: 'Anywhere',
      latitude: '25.76',
      longitude: '-80.19',
    });
    const tokyo = await createProperty(db.em(), {
      location: 'Shibuya, Tokyo',
      latitude: null,
      longitude: null,
    });
    const nowhere = await createProperty(db.em(), { location: 'Atlantis', latitude: '0', longitude: '-30' });
    // The homes as they were before the field existed.
    await db.sql('alter table properties drop column time_zone');
    const em = db.em();
    const migration = new HomeTimeZone(em.getDriver(), em.config);
    await migration.up();
    // The migration states its SQL; run it as the migrator would.
    for (const query of migration.getQueries()) {
      if (typeof query !== 'string') throw new Error('the migration states its SQL as text');
      await db.sql(query);
    }
    const rows = await db.sql<{ id: number; time_zone: string }>(
      'select id, time_zone from properties where id = any($1) order by id',
      [[miami.id, tokyo.id, nowhere.id]],
    );
    expect(rows.map((r) => r.time_zone)).toEqual(['America/New_York', 'Asia/Tokyo', 'UTC']);
  });
});
