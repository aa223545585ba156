import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIso } from '../../src/shared/dates.ts';
import { alertLateTasks } from '../../src/server/services/housekeeping/tasks.ts';
import type { TSessionUser } from '../../src/server/services/auth/sessions.ts';
import { callerFor, createTestDatabase, seededAdmin, type TTestDb } from '../support/db.ts';
import { createProperty, imageDataUrls } from '../support/fixtures.ts';

let db: TTestDb;
let admin: TSessionUser;
const asAdmin = () => callerFor(db, admin).caller;

let ipSeq = 0;
async function book(propertyId: number, checkIn: string, nights: number, guests = 2) {
  ipSeq += 1;
  return callerFor(db, null, { ip: `10.30.0.${ipSeq}` }).caller.bookings.create({
    propertyId,
    checkIn,
    checkOut: addDays(checkIn, nights),
    guests,
    contactInfo: { name: 'Tess Turnover', email: 'tess@example.com', phone: '+1 555 0100', country: 'Spain' },
  });
}

async function taskOf(bookingId: number) {
  const rows = await db.sql<{
    id: number;
    property_id: number;
    due_date: string;
    assignee_id: number | null;
  }>(
    `select id, property_id, to_char(due_date, 'YYYY-MM-DD') as due_date, assignee_id
       from housekeeping_tasks where booking_id = $1`,
    [bookingId],
  );
  return rows[0];
}

async function housekeeper(name: string, homes: number[]): Promise<TSessionUser> {
  ipSeq += 1;
  const user = await callerFor(db, null, { ip: `10.31.0.${ipSeq}` }).caller.auth.register({
    username: name,
    email: `${name}@example.com`,
    password: 'secret-pw',
  });
  await asAdmin().staff.add({ userId: user.id, role: 'housekeeper', propertyIds: homes });
  return { ...user, role: 'housekeeper' };
}

async function code(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'OK';
  } catch (err) {
    return String((err as { code?: string }).code);
  }
}

beforeAll(async () => {
  db = await createTestDatabase();
  admin = await seededAdmin(db);
});
afterAll(async () => {
  await db.drop();
});

describe('turnover tasks follow their bookings', () => {
  it('a check-out makes its task, for the home’s default housekeeper', async () => {
    const home = await createProperty(db.em());
    const hana = await housekeeper('hana-hk', [home.id]);
    await asAdmin().tasks.setHousekeeper({ id: home.id, userId: hana.id });
    const checkIn = addDays(todayIso(), 20);
    const b = await book(home.id, checkIn, 3);
    expect(await taskOf(b.id)).toMatchObject({
      property_id: home.id,
      due_date: addDays(checkIn, 3),
      assignee_id: hana.id,
    });
  });

  it('moving the booking moves the task; cancelling it removes the task', async () => {
    const home = await createProperty(db.em());
    const checkIn = addDays(todayIso(), 40);
    const b = await book(home.id, checkIn, 2);
    const before = await taskOf(b.id);
    expect(before?.due_date).toBe(addDays(checkIn, 2));

    // Whatever code moves a stay (an operator's change, a guest's), the task follows in the same statement.
    await db.sql(`update bookings set check_in = $1, check_out = $2 where id = $3`, [
      addDays(checkIn, 5),
      addDays(checkIn, 9),
      b.id,
    ]);
    const moved = await taskOf(b.id);
    expect(moved).toMatchObject({ id: before?.id, due_date: addDays(checkIn, 9) });

    await asAdmin().bookings.updateStatus({ id: b.id, status: 'cancelled' });
    expect(await taskOf(b.id)).toBeUndefined();
  });

  it('a move to another home takes that home’s default housekeeper', async () => {
    const [h1, h2] = [await createProperty(db.em()), await createProperty(db.em())];
    const kai = await housekeeper('kai-hk', [h2.id]);
    await asAdmin().tasks.setHousekeeper({ id: h2.id, userId: kai.id });
    const b = await book(h1.id, addDays(todayIso(), 60), 2);
    expect((await taskOf(b.id))?.assignee_id).toBeNull();
    await db.sql(`update bookings set property_id = $1 where id = $2`, [h2.id, b.id]);
    expect(await taskOf(b.id)).toMatchObject({ property_id: h2.id, assignee_id: kai.id });
  });
});

describe('a home’s default housekeeper', () => {
  it('gets the new turnovers of guest and operator bookings, is listed for the back office, and can be cleared', async () => {
    const [home, elsewhere] = [await createProperty(db.em()), await createProperty(db.em())];
    const nora = await housekeeper('nora-hk', [home.id, elsewhere.id]);
    const outsider = await housekeeper('otto-hk', [elsewhere.id]);
    // Only a housekeeper given the home may be its default.
    expect(await code(asAdmin().tasks.setHousekeeper({ id: home.id, userId: outsider.id }))).toBe(
      'BAD_REQUEST',
    );
    await asAdmin().tasks.setHousekeeper({ id: home.id, userId: nora.id });
    const listed = await asAdmin().tasks.housekeepers({ pageSize: 100 });
    expect(listed.items).toContainEqual({
      propertyId: home.id,
      title: home.title,
      userId: nora.id,
      name: 'nora-hk',
    });

    const guests = await book(home.id, addDays(todayIso(), 80), 2);
    expect(await taskOf(guests.id)).toMatchObject({ property_id: home.id, assignee_id: nora.id });
    const phoned = await asAdmin().bookings.createByOperator({
      propertyId: home.id,
      checkIn: addDays(todayIso(), 84),
      checkOut: addDays(todayIso(), 86),
      guests: 2,
      source: 'phone',
      guest: { name: 'Phoebe Phone' },
    });
    expect(await taskOf(phoned.id)).toMatchObject({
      due_date: addDays(todayIso(), 86),
      assignee_id: nora.id,
    });

    // A manager of the other home only does not see this home's default.
    ipSeq += 1;
    const m = await callerFor(db, null, { ip: `10.32.0.${ipSeq}` }).caller.auth.register({
      username: 'mona-mgr',
      email: 'mona-mgr@example.com',
      password: 'secret-pw',
    });
    await asAdmin().staff.add({ userId: m.id, role: 'manager', propertyIds: [elsewhere.id] });
    const theirs = await callerFor(db, { ...m, role: 'manager' }).caller.tasks.housekeepers({});
    expect(theirs.items.map((d) => d.propertyId)).not.toContain(home.id);

    await asAdmin().tasks.setHousekeeper({ id: home.id, userId: null });
    expect(
      (await asAdmin().tasks.housekeepers({ pageSize: 100 })).items.map((d) => d.propertyId),
    ).not.toContain(home.id);
    const later = await book(home.id, addDays(todayIso(), 90), 2);
    expect((await taskOf(later.id))?.assignee_id).toBeNull();
  });
});

describe('the housekeeper', () => {
  it('sees their homes’ turnovers with the next guests, marks one done with a photo, and the timeline shows it', async () => {
    const home = await createProperty(db.em(), { title: 'Harbour Flat' });
    const elsewhere = await createProperty(db.em());
    const mia = await housekeeper('mia-hk', [home.id]);
    const other = await housekeeper('olaf-hk', [elsewhere.id]);
    const day = addDays(todayIso(), 3);
    const out = await book(home.id, addDays(day, -2), 2);
    const next = await book(home.id, addDays(day, 1), 3, 4);
    await book(elsewhere.id, addDays(day, -2), 2);

    const asMia = callerFor(db, mia).caller;
    const list = await asMia.tasks.list({ from: day, to: day });
    expect(list.items).toHaveLength(1);
    const [task] = list.items;
    expect(task).toMatchObject({
      bookingId: out.id,
      dueDate: day,
      status: 'todo',
      property: { id: home.id, title: 'Harbour Flat' },
      next: { bookingId: next.id, checkIn: addDays(day, 1), guests: 4, arrivalTime: '15:00' },
    });

    // Another home's housekeeper never reaches it; a housekeeper never assigns.
    expect(await code(callerFor(db, other).caller.tasks.update({ id: task!.id, status: 'done' }))).toBe(
      'NOT_FOUND',
    );
    expect(await code(asMia.tasks.update({ id: task!.id, assigneeId: other.id }))).toBe('FORBIDDEN');
    expect(await code(asMia.admin.dashboard())).toBe('FORBIDDEN');

    const started = await asMia.tasks.update({ id: task!.id, status: 'in_progress' });
    expect(started).toMatchObject({ status: 'in_progress', assignee: { id: mia.id } });
    const [photo] = await imageDataUrls(1);
    const done = await asMia.tasks.update({
      id: task!.id,
      status: 'done',
      note: 'Fresh towels, all clean',
      photos: [photo!],
    });
    expect(done.status).toBe('done');
    expect(done.photos).toHaveLength(1);
    expect(done.photos[0]).toMatch(/^\/media\//);

    const timeline = await asAdmin().calendar.timeline({ from: addDays(day, -1), to: addDays(day, 5) });
    const row = timeline.rows.find((r) => r.propertyId === home.id);
    expect(row?.turnovers).toEqual([
      { taskId: task!.id, date: day, status: 'done' },
      // The next stay's own turnover, after its check-out.
      { taskId: expect.any(Number), date: addDays(day, 4), status: 'todo' },
    ]);
  });
});

describe('a late turnover', () => {
  it('is e-mailed to the operator once, 2 hours before the next check-in', async () => {
    const home = await createProperty(db.em(), { title: 'Late Loft' });
    const day = addDays(todayIso(), 10);
    const out = await book(home.id, addDays(day, -3), 3);
    await book(home.id, day, 2);
    const [task] = (await asAdmin().tasks.list({ from: day, to: day, propertyId: home.id })).items;
    expect(task?.bookingId).toBe(out.id);
    const dueBy = new Date(task!.next!.dueBy).getTime();
    const alerts = async () =>
      (
        await db.sql<{ n: number }>(
          `select count(*)::int as n from emails where template = 'task-late' and subject like '%Late Loft%'`,
        )
      )[0]?.n;

    expect(await alertLateTasks(db.em(), new Date(dueBy - 3 * 3_600_000))).toBe(0);
    expect(await alerts()).toBe(0);
    expect(await alertLateTasks(db.em(), new Date(dueBy - 90 * 60_000))).toBe(1);
    expect(await alertLateTasks(db.em(), new Date(dueBy - 60 * 60_000))).toBe(0);
    expect(await alerts()).toBe(1);
    const [row] = await db.sql<{ to_address: string }>(
      `select to_address from emails where template = 'task-late' and subject like '%Late Loft%'`,
    );
    const [settings] = await db.sql<{ notification_email: string }>(
      `select notification_email from settings`,
    );
    expect(row?.to_address).toBe(settings?.notification_email);
  });

  it('is not alerted once done', async () => {
    const home = await createProperty(db.em(), { title: 'Tidy Cabin' });
    const day = addDays(todayIso(), 14);
    await book(home.id, addDays(day, -2), 2);
    await book(home.id, day, 2);
    const [task] = (await asAdmin().tasks.list({ from: day, to: day, propertyId: home.id })).items;
    await asAdmin().tasks.update({ id: task!.id, status: 'done' });
    const dueBy = new Date(task!.next!.dueBy).getTime();
    expect(await alertLateTasks(db.em(), new Date(dueBy - 30 * 60_000))).toBe(0);
  });
});
