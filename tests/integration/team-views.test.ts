import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIso } from '../../src/shared/dates.ts';
import type { TStaffRole } from '../../src/shared/schemas/staff-role.ts';
import type { TSessionUser } from '../../src/server/services/auth/sessions.ts';
import { callerFor, createTestDatabase, seededAdmin, type TTestDb } from '../support/db.ts';
import { createProperty } from '../support/fixtures.ts';

/**
 * Housekeepers and owners see a stay's party size and dates, never who the guests are
 * (docs/staff.md#what-each-role-sees): the server leaves names, e-mails and confirmation numbers out of
 * their timeline, month and tasks; the back office still sees them.
 */

let db: TTestDb;
let admin: TSessionUser;
let home: number;
let booking: { id: number; confirmationNumber: string };
const members = new Map<TStaffRole, TSessionUser>();
const GUEST = { name: 'Wilhelmina Quartz', email: 'wilhelmina.quartz@example.com' };
const checkIn = addDays(todayIso(), 3);
const window = { from: todayIso(), to: addDays(todayIso(), 30) };

beforeAll(async () => {
  db = await createTestDatabase();
  admin = await seededAdmin(db);
  home = (await createProperty(db.em(), { title: 'Team View Cottage' })).id;
  booking = await callerFor(db, null, { ip: '10.11.0.1' }).caller.bookings.create({
    propertyId: home,
    checkIn,
    checkOut: addDays(checkIn, 2),
    guests: 3,
    contactInfo: { ...GUEST, phone: '+1 555 0100', country: 'Spain' },
  });
  let n = 0;
  for (const role of ['manager', 'housekeeper', 'owner'] as const) {
    const user = await callerFor(db, null, { ip: `10.11.1.${++n}` }).caller.auth.register({
      username: `team-view-${role}`,
      email: `team-view-${role}@example.com`,
      password: 'secret-pw',
    });
    await callerFor(db, admin).caller.staff.add({ userId: user.id, role, propertyIds: [home] });
    members.set(role, { ...user, role });
  }
});
afterAll(async () => {
  await db.drop();
});

const as = (role: TStaffRole) => callerFor(db, members.get(role) ?? null).caller;

/** Everything a role is answered about the home, as one text to search. */
async function viewsOf(role: TStaffRole) {
  const timeline = await as(role).calendar.timeline({ ...window, search: 'Team View' });
  const month = await as(role).calendar.month({ id: home, ...window });
  const tasks =
    role === 'owner' ? null : await as(role).tasks.list({ from: todayIso(), to: addDays(todayIso(), 6) });
  const bar = month.bars.find((b) => b.startDate === checkIn);
  return { text: JSON.stringify({ timeline, month, tasks }), bar, timeline };
}

describe('what each role sees of a stay', () => {
  it.each(['housekeeper', 'owner'] as const)(
    'a %s sees the party size and dates, not the guest',
    async (role) => {
      const { text, bar, timeline } = await viewsOf(role);
      expect(bar).toMatchObject({
        kind: 'confirmed',
        label: '3 guests',
        endDate: addDays(checkIn, 2),
        bookingId: null,
      });
      expect(timeline.rows[0]?.bars.find((b) => b.startDate === checkIn)?.label).toBe('3 guests');
      expect(text).not.toContain(GUEST.name);
      expect(text).not.toContain(GUEST.email);
      expect(text).not.toContain(booking.confirmationNumber);
    },
  );

  it('a housekeeper still gets the next stay on their tasks, by its party size', async () => {
    const tasks = await as('housekeeper').tasks.list({ from: todayIso(), to: addDays(todayIso(), 6) });
    expect(tasks.items.some((t) => t.property.id === home)).toBe(true);
  });

  it('the back office sees who is staying and the confirmation number', async () => {
    const { text, bar } = await viewsOf('manager');
    expect(bar?.label).toBe(`${GUEST.name} · ${booking.confirmationNumber}`);
    expect(bar?.bookingId).toBe(booking.id);
    expect(text).toContain(GUEST.name);
  });
});
