import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIso } from '../../src/shared/dates.ts';
import { TEMPLATE_NAME_TAKEN } from '../../src/shared/messages.ts';
import { Migration20261204130000_template_names_unique as NamesUnique } from '../../src/server/migrations/migration-20261204130000-template-names-unique.ts';
import { Migration20261204130100_starter_templates as Starters } from '../../src/server/migrations/migration-20261204130100-starter-templates.ts';
import { instantAtHome } from '../../src/server/services/messaging/schedule.ts';
import type { TSessionUser } from '../../src/server/services/auth/sessions.ts';
import { callerFor, createTestDatabase, seededAdmin, type TTestDb } from '../support/db.ts';
import { createProperty } from '../support/fixtures.ts';

/**
 * The starter templates and unique template names (docs/messaging.md#starter-templates): a fresh install
 * has the five starters, all off; an upgraded one gets them without losing its own; names never repeat,
 * whatever their case.
 */
let db: TTestDb;
let admin: TSessionUser;
const STARTERS = [
  ['Booking confirmed', 'booking_confirmed'],
  ['Check-in instructions', 'days_before_check_in'],
  ['Mid-stay check', 'days_after_check_in'],
  ['Check-out reminder', 'day_before_check_out'],
  ['Review request', 'days_after_check_out'],
];

const caller = () => callerFor(db, admin).caller;
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => (e instanceof TRPCError ? { code: e.code, message: e.message } : e),
  );

async function runMigration(M: typeof NamesUnique | typeof Starters): Promise<void> {
  const em = db.em();
  const m = new M(em.getDriver(), em.config);
  await m.up();
  for (const q of m.getQueries()) {
    if (typeof q !== 'string') throw new Error('these migrations are plain SQL');
    await db.sql(q);
  }
}

beforeAll(async () => {
  db = await createTestDatabase();
  admin = await seededAdmin(db);
});
afterAll(async () => {
  await db.drop();
});

describe('starter templates', () => {
  it('a fresh install has the five starters, each off until the operator turns it on', async () => {
    const { items } = await caller().messaging.templates();
    expect(items.map((t) => [t.name, t.trigger])).toEqual(expect.arrayContaining(STARTERS));
    const starters = items.filter((t) => STARTERS.some(([name]) => name === t.name));
    expect(starters).toHaveLength(5);
    expect(starters.every((t) => !t.enabled)).toBe(true);
    for (const t of starters) expect(t.body).toContain('{{guest_name}}');
  });

  it('plan nothing while off; once on, the mid-stay check is due the day after check-in at 11:00 at the home', async () => {
    const home = await createProperty(db.em(), {
      title: 'Alfama flat',
      location: 'Lisbon, Portugal',
      latitude: '38.711',
      longitude: '-9.13',
      timeZone: 'Europe/Lisbon',
    });
    const checkIn = addDays(todayIso(), 20);
    const b = await callerFor(db, null).caller.bookings.create({
      propertyId: home.id,
      checkIn,
      checkOut: addDays(checkIn, 4),
      guests: 2,
      contactInfo: {
        name: 'Ana Guest',
        email: 'ana@example.com',
        phone: '+351 21 000 0000',
        country: 'Portugal',
      },
    });
    expect(await caller().messaging.scheduled({ id: b.id })).toEqual({ items: [] });

    const mid = (await caller().messaging.templates()).items.find((t) => t.name === 'Mid-stay check');
    if (!mid) throw new Error('no mid-stay check');
    await caller().messaging.updateTemplate({ ...mid, enabled: true });
    const { items } = await caller().messaging.scheduled({ id: b.id });
    expect(items.map((s) => [s.templateName, s.dueAt])).toEqual([
      ['Mid-stay check', instantAtHome(addDays(checkIn, 1), '11:00', 'Europe/Lisbon').toISOString()],
    ]);
  });

  it('an upgraded install gets the starters but keeps its own template of the same name', async () => {
    await db.sql(`delete from message_templates`);
    await db.sql(
      `insert into message_templates (name, trigger, body, enabled) values ('REVIEW REQUEST', 'manual', 'Mine', true)`,
    );
    await runMigration(Starters);
    const rows = await db.sql<{ name: string; body: string; enabled: boolean }>(
      `select name, body, enabled from message_templates order by id`,
    );
    expect(rows.map((r) => r.name)).toEqual([
      'REVIEW REQUEST',
      'Booking confirmed',
      'Check-in instructions',
      'Mid-stay check',
      'Check-out reminder',
    ]);
    expect(rows[0]).toEqual({ name: 'REVIEW REQUEST', body: 'Mine', enabled: true });
    expect(rows.slice(1).every((r) => !r.enabled)).toBe(true);
    expect(rows[1]?.body).toContain('\n\nYour booking, any time: {{manage_link}}');
  });
});

describe('template names are unique, whatever their case', () => {
  const body = 'Hello {{guest_name}}';

  it('a second template of the same name is refused with 409 and a clear message, on create and on rename', async () => {
    await caller().messaging.createTemplate({ name: 'Late arrival', trigger: 'manual', body });
    expect(
      await refusal(caller().messaging.createTemplate({ name: '  late ARRIVAL ', trigger: 'manual', body })),
    ).toEqual({ code: 'CONFLICT', message: TEMPLATE_NAME_TAKEN });
    const other = await caller().messaging.createTemplate({ name: 'Parking', trigger: 'manual', body });
    expect(
      await refusal(
        caller().messaging.updateTemplate({ id: other.id, name: 'LATE arrival', trigger: 'manual', body }),
      ),
    ).toEqual({ code: 'CONFLICT', message: TEMPLATE_NAME_TAKEN });
    // Its own name, in another case, is no conflict.
    const renamed = await caller().messaging.updateTemplate({
      id: other.id,
      name: 'PARKING',
      trigger: 'manual',
      body,
    });
    expect(renamed.name).toBe('PARKING');
  });

  it('the migration keeps every template an install repeats, renaming the later ones', async () => {
    await db.sql(`drop index message_templates_name_lower_idx`);
    await db.sql(`delete from message_templates`);
    const ids = await db.sql<{ id: number }>(
      `insert into message_templates (name, trigger, body) values
         ('Welcome', 'manual', 'a'), ('welcome', 'manual', 'b'), ('WELCOME', 'manual', 'c'), ('Other', 'manual', 'd')
       returning id`,
    );
    await runMigration(NamesUnique);
    const rows = await db.sql<{ name: string; body: string }>(
      `select name, body from message_templates order by id`,
    );
    expect(rows).toEqual([
      { name: 'Welcome', body: 'a' },
      { name: `welcome (${ids[1]?.id})`, body: 'b' },
      { name: `WELCOME (${ids[2]?.id})`, body: 'c' },
      { name: 'Other', body: 'd' },
    ]);
    expect(
      await refusal(caller().messaging.createTemplate({ name: 'other', trigger: 'manual', body })),
    ).toEqual({ code: 'CONFLICT', message: TEMPLATE_NAME_TAKEN });
  });
});
