import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_UNPAID_EXAMPLES, planDemo } from '../../demo/index.ts';
import { DemoSeeder } from '../../src/server/seeders/demo-seeder.ts';
import { localMediaStore } from '../../src/server/services/media/store.ts';
import { todayIso } from '../../src/shared/dates.ts';
import { TEST_ADMIN } from '../support/constants.ts';
import { callerFor, createTestDatabase, seededAdmin, type TTestDb } from '../support/db.ts';
import { tempDir } from '../support/tmp.ts';

/** The seeded demo's money tells the truth: what the admin's Payments page shows of it, over the real seeder. */
let db: TTestDb;
let caller: ReturnType<typeof callerFor>['caller'];

beforeAll(async () => {
  db = await createTestDatabase();
  await new DemoSeeder().run(db.em(), {
    adminUsername: TEST_ADMIN.username,
    adminPassword: TEST_ADMIN.password,
    demo: { media: localMediaStore(tempDir('demo-media-')) },
  });
  caller = callerFor(db, await seededAdmin(db)).caller;
}, 120_000);
afterAll(() => db.drop());

/** The confirmation numbers of the demo's deliberate unpaid examples, from its plan. */
function unpaidExamples(today: string): string[] {
  const demo = planDemo(today);
  return demo.bookings
    .filter((_, i) => demo.payments[i]?.unpaidExample !== undefined)
    .map((b) => b.confirmationNumber);
}

const stays = () =>
  db.sql<{
    id: number;
    confirmation_number: string;
    status: string;
    check_out: string;
    created_at: Date;
    total_amount: number;
    paid: number;
    first_paid: Date | null;
    last_paid: Date | null;
  }>(
    `select b.id, b.confirmation_number, b.status, to_char(b.check_out, 'YYYY-MM-DD') as check_out, b.created_at,
            pp.total_amount, coalesce(sum(l.amount), 0)::int as paid,
            min(l.occurred_at) as first_paid, max(l.occurred_at) as last_paid
       from bookings b join payment_plans pp on pp.booking_id = b.id
       left join ledger_lines l on l.booking_id = b.id and l.kind = 'payment'
      group by b.id, pp.booking_id`,
  );

describe('the seeded demo’s payments', () => {
  it("the Outstanding view's completed stays are only the demo's deliberate unpaid examples", async () => {
    const today = todayIso();
    const examples = unpaidExamples(today);
    expect(examples).toHaveLength(DEMO_UNPAID_EXAMPLES.length);

    const all = await stays();
    const completed = new Map(
      all.filter((s) => s.status === 'confirmed' && s.check_out <= today).map((s) => [s.id, s]),
    );
    expect(completed.size).toBeGreaterThan(10);
    const outstanding = await caller.payments.list({ view: 'outstanding', pageSize: 200 });
    const owedOnCompleted = outstanding.items.filter((i) => completed.has(i.bookingId));
    expect(owedOnCompleted.map((i) => i.confirmationNumber).sort()).toEqual([...examples].sort());
    // What they owe is what is left after what they paid: one paid its deposit, one paid nothing.
    const owed = owedOnCompleted.reduce((sum, i) => sum + i.amount, 0);
    const unpaid = [...completed.values()].filter((s) => examples.includes(s.confirmation_number));
    expect(owed).toBe(unpaid.reduce((sum, s) => sum + s.total_amount - s.paid, 0));
    expect(unpaid.map((s) => s.paid > 0).sort()).toEqual([false, true]);
    // Every other completed stay is paid in full, never more.
    for (const s of completed.values())
      if (!examples.includes(s.confirmation_number))
        expect(s.paid, s.confirmation_number).toBe(s.total_amount);
  });

  it('upcoming stays have their deposits; nothing is overdue but the examples, no refund is due, and every payment is at a plausible time', async () => {
    const today = todayIso();
    const now = Date.now();
    const examples = unpaidExamples(today);
    const all = await stays();
    const live = all.filter(
      (s) =>
        (s.status === 'confirmed' || s.status === 'pending') && !examples.includes(s.confirmation_number),
    );
    for (const s of live) {
      // Only a booking still inside its deposit's 48 hours may have paid nothing yet.
      if (s.paid === 0)
        expect(now - s.created_at.getTime(), s.confirmation_number).toBeLessThan(48 * 3_600_000);
      expect(s.paid).toBeLessThanOrEqual(s.total_amount);
    }
    expect(live.filter((s) => s.check_out > today && s.paid > 0).length).toBeGreaterThan(5);
    for (const s of all) {
      if (s.first_paid === null || s.last_paid === null) continue;
      expect(s.first_paid.getTime(), s.confirmation_number).toBeGreaterThanOrEqual(s.created_at.getTime());
      expect(s.last_paid.getTime(), s.confirmation_number).toBeLessThanOrEqual(now);
    }
    expect(all.filter((s) => s.status === 'cancelled' && s.paid > 0)).toEqual([]);

    const overdue = await caller.payments.list({ view: 'overdue', pageSize: 200 });
    expect(overdue.items.map((i) => i.confirmationNumber).sort()).toEqual([...examples].sort());
    expect((await caller.payments.list({ view: 'refunds_due', pageSize: 200 })).items).toEqual([]);
  });
});

describe('the seeded demo’s conversations', () => {
  it('fill the inbox: stays’ questions (some waiting for an answer) and questions before booking, newest first', async () => {
    const today = todayIso();
    const demo = planDemo(today);
    const plan = demo.conversations;
    // What a thread says of its home is true of it: the party fits, and parking, a kitchen or Wi-Fi is there.
    for (const c of plan) {
      const home = demo.listings[c.listing];
      if (c.inquiry) expect(home?.maxGuests).toBeGreaterThanOrEqual(c.inquiry.guests);
      const text = c.messages.map((m) => m.body).join(' ');
      if (/parking/i.test(text)) expect(home?.amenities).toContain('Free parking');
      if (/oven/i.test(text)) expect(home?.amenities).toContain('Kitchen');
      if (/Wi-Fi/.test(text)) expect(home?.amenities).toContain('Wifi');
    }
    const inbox = await caller.messaging.inbox({ filter: 'all', page: 1, pageSize: 20 });
    expect(inbox.total).toBe(plan.length);
    expect(inbox.items.length).toBeGreaterThanOrEqual(5);
    const times = inbox.items.map((t) => t.lastMessageAt);
    expect(times).toEqual([...times].sort().reverse());
    // Every stay's thread is an upcoming confirmed stay; the others are questions before booking.
    const stays = inbox.items.filter((t) => t.booking);
    expect(stays.length).toBeGreaterThan(0);
    for (const t of stays) {
      expect(t.booking?.status).toBe('confirmed');
      expect(t.booking && t.booking.checkIn > today).toBe(true);
    }
    expect(inbox.items.filter((t) => !t.booking)).toHaveLength(
      plan.filter((c) => c.booking === undefined).length,
    );
    // What the operator has not read yet is counted, and the planned guest messages left unread are those.
    const unread = plan.flatMap((c) => c.messages.filter((m) => m.sender === 'guest' && !m.read));
    expect(unread.length).toBeGreaterThan(0);
    expect(inbox.unreadTotal).toBe(unread.length);
    expect((await caller.messaging.unread()).unread).toBe(unread.length);
  });
});
