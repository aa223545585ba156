import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSessionUser } from '../../src/server/services/auth/sessions.ts';
import { callerFor, createTestDatabase, seededAdmin, type TTestDb } from '../support/db.ts';
import { createProperty } from '../support/fixtures.ts';
import { housekeepingMakers } from '../support/housekeeping.ts';

/**
 * A home's checklist and each task's ticks (docs/staff.md#checklists): the home's current list until the
 * task starts, then the copy it started with; each tick saved on the server.
 */
let db: TTestDb;
let admin: TSessionUser;
const asAdmin = () => callerFor(db, admin).caller;

const { housekeeper, turnover } = housekeepingMakers(() => db, asAdmin, {
  net: '10.47',
  firstDay: 20,
  guest: { name: 'Chris Check', email: 'chris@example.com' },
});

beforeAll(async () => {
  db = await createTestDatabase();
  admin = await seededAdmin(db);
});
afterAll(async () => {
  await db.drop();
});

describe("a home's checklist", () => {
  it('keeps rooms and items in order, keeps the keys of items sent back, and is within its limits', async () => {
    const home = await createProperty(db.em());
    expect(await asAdmin().tasks.checklist({ id: home.id })).toEqual({ propertyId: home.id, rooms: [] });
    const first = await asAdmin().tasks.setChecklist({
      id: home.id,
      rooms: [
        { name: 'Kitchen', items: [{ label: 'Empty the dishwasher' }, { label: 'Wipe the hob' }] },
        { name: 'Bathroom', items: [{ label: 'Fresh towels' }] },
      ],
    });
    const [kitchen, bathroom] = first.rooms;
    if (!kitchen || !bathroom) throw new Error('rooms missing');
    // Reorder the rooms, rename an item, remove another and add one.
    const second = await asAdmin().tasks.setChecklist({
      id: home.id,
      rooms: [
        {
          key: bathroom.key,
          name: 'Bathroom',
          items: [{ key: bathroom.items[0]?.key, label: 'Fresh towels ×4' }],
        },
        {
          key: kitchen.key,
          name: 'Kitchen',
          items: [{ key: kitchen.items[1]?.key, label: 'Wipe the hob' }, { label: 'Bins out' }],
        },
      ],
    });
    expect(second.rooms.map((r) => [r.key, r.name, r.items.map((i) => i.label)])).toEqual([
      [bathroom.key, 'Bathroom', ['Fresh towels ×4']],
      [kitchen.key, 'Kitchen', ['Wipe the hob', 'Bins out']],
    ]);
    expect(second.rooms[0]?.items[0]?.key).toBe(bathroom.items[0]?.key);
    expect(await asAdmin().tasks.checklist({ id: home.id })).toEqual(second);

    const tooMany = Array.from({ length: 21 }, (_, i) => ({ name: `Room ${i}`, items: [] }));
    await expect(asAdmin().tasks.setChecklist({ id: home.id, rooms: tooMany })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('A checklist can have at most 20 rooms'),
    });
    await expect(
      asAdmin().tasks.setChecklist({ id: home.id, rooms: [{ name: ' ', items: [] }] }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('Room cannot be empty'),
    });
    await expect(
      asAdmin().tasks.setChecklist({
        id: home.id,
        rooms: [{ name: 'Hall', items: [{ label: 'x'.repeat(161) }] }],
      }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('at most 160 characters'),
    });
    const fortyOne = Array.from({ length: 41 }, (_, i) => ({ label: `Item ${i}` }));
    await expect(
      asAdmin().tasks.setChecklist({ id: home.id, rooms: [{ name: 'Hall', items: fortyOne }] }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('at most 40 items') });
    await expect(
      asAdmin().tasks.setChecklist({
        id: home.id,
        rooms: [
          { key: 'abc', name: 'Hall', items: [] },
          { key: 'abc', name: 'Hall 2', items: [] },
        ],
      }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});

describe("a task's checklist", () => {
  it('follows the home until the task starts, then keeps its own copy; ticks are saved and counted', async () => {
    const home = await createProperty(db.em());
    const hk = await housekeeper('tick-hk', [home.id]);
    const asHk = () => callerFor(db, hk).caller;
    await asAdmin().tasks.setChecklist({
      id: home.id,
      rooms: [{ name: 'Kitchen', items: [{ label: 'Hob' }, { label: 'Sink' }] }],
    });
    const task = await turnover(home.id);
    const before = await asHk().tasks.byId({ id: task });
    expect(before.checklist).toMatchObject({ frozen: false, done: 0, total: 2 });

    // Still following the home: an edit before the task starts shows.
    const edited = await asAdmin().tasks.setChecklist({
      id: home.id,
      rooms: [{ name: 'Kitchen', items: [{ label: 'Hob' }, { label: 'Sink' }, { label: 'Fridge' }] }],
    });
    expect((await asHk().tasks.byId({ id: task })).checklist.total).toBe(3);

    const [hob, sink] = edited.rooms[0]?.items ?? [];
    if (!hob || !sink) throw new Error('items missing');
    // The first tick copies the list onto the task, starts it and makes it the housekeeper's.
    const ticked = await asHk().tasks.tick({ id: task, key: hob.key, done: true });
    expect(ticked).toMatchObject({ frozen: true, done: 1, total: 3 });
    const started = await asHk().tasks.byId({ id: task });
    expect(started.status).toBe('in_progress');
    expect(started.assignee?.id).toBe(hk.id);

    // The operator's later edit no longer changes the started task.
    await asAdmin().tasks.setChecklist({
      id: home.id,
      rooms: [{ name: 'Garden', items: [{ label: 'Mow' }] }],
    });
    const after = await asHk().tasks.byId({ id: task });
    expect(after.checklist.rooms.map((r) => r.name)).toEqual(['Kitchen']);
    expect(after.checklist.rooms[0]?.items.map((i) => [i.label, i.done])).toEqual([
      ['Hob', true],
      ['Sink', false],
      ['Fridge', false],
    ]);

    // Ticking twice is one tick; unticking removes it.
    await asHk().tasks.tick({ id: task, key: sink.key, done: true });
    expect((await asHk().tasks.tick({ id: task, key: sink.key, done: true })).done).toBe(2);
    expect((await asHk().tasks.tick({ id: task, key: hob.key, done: false })).done).toBe(1);
    const [count] = await db.sql<{ n: number }>(
      'select count(*)::int as n from housekeeping_task_ticks where task_id = $1',
      [task],
    );
    expect(count?.n).toBe(1);

    // An item of the home's new list is not on this task's copy.
    await expect(asHk().tasks.tick({ id: task, key: 'zzzz', done: true })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Checklist item not found',
    });
  });

  it("a housekeeper cannot see or tick another housekeeper's task, nor a task of a home not theirs", async () => {
    const [home, elsewhere] = [await createProperty(db.em()), await createProperty(db.em())];
    const [ida, jon] = [await housekeeper('ida-hk', [home.id]), await housekeeper('jon-hk', [home.id])];
    const outsider = await housekeeper('out-hk', [elsewhere.id]);
    const list = await asAdmin().tasks.setChecklist({
      id: home.id,
      rooms: [{ name: 'Hall', items: [{ label: 'Sweep' }] }],
    });
    const key = list.rooms[0]?.items[0]?.key ?? '';
    const task = await turnover(home.id);
    await callerFor(db, ida).caller.tasks.tick({ id: task, key, done: true });
    await expect(callerFor(db, jon).caller.tasks.byId({ id: task })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(callerFor(db, jon).caller.tasks.tick({ id: task, key, done: false })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(callerFor(db, outsider).caller.tasks.byId({ id: task })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect((await asAdmin().tasks.byId({ id: task })).checklist.done).toBe(1);
  });
});
