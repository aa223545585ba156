import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSessionUser } from '../../src/server/services/auth/sessions.ts';
import { callerFor, createTestDatabase, seededAdmin, type TTestDb } from '../support/db.ts';
import { createProperty } from '../support/fixtures.ts';
import { housekeepingMakers } from '../support/housekeeping.ts';

/**
 * Housekeepers' pay (docs/staff.md#housekeeping-pay): each done task records its pay at completion, from
 * the per-home rate or the default; the report sums it by month of completion in the home's time zone.
 */
let db: TTestDb;
let admin: TSessionUser;
const asAdmin = () => callerFor(db, admin).caller;

const { housekeeper, turnover } = housekeepingMakers(() => db, asAdmin, {
  net: '10.44',
  firstDay: 30,
  guest: { name: 'Pat Pay', email: 'pat@example.com' },
});

/** The housekeeper finishes the task (recording its pay now), then its completion instant is set. */
async function finish(hk: TSessionUser, taskId: number, doneAt: string) {
  await callerFor(db, hk).caller.tasks.update({ id: taskId, status: 'done' });
  await db.sql('update housekeeping_tasks set done_at = $1 where id = $2', [doneAt, taskId]);
}

/** The month an instant falls in at a home, computed apart from the server's SQL. */
const monthAt = (iso: string, zone: string) => {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
  }).formatToParts(new Date(iso));
  return `${parts.find((p) => p.type === 'year')?.value}-${parts.find((p) => p.type === 'month')?.value}`;
};

beforeAll(async () => {
  db = await createTestDatabase();
  admin = await seededAdmin(db);
});
afterAll(async () => {
  await db.drop();
});

describe('pay rates', () => {
  it('are the owner-operator’s to set, for housekeepers, with per-home rates only for their homes', async () => {
    const [mine, other] = [await createProperty(db.em()), await createProperty(db.em())];
    const hk = await housekeeper('rate-hk', [mine.id]);
    const saved = await asAdmin().tasks.setPayRates({
      id: hk.id,
      defaultRate: 22.5,
      overrides: [{ propertyId: mine.id, rate: 30 }],
    });
    expect(saved).toEqual({
      userId: hk.id,
      defaultRate: 22.5,
      overrides: [{ propertyId: mine.id, title: mine.title, rate: 30 }],
    });
    const [row] = await db.sql<{ rate_minor: number }>(
      'select rate_minor from housekeeper_pay where user_id = $1',
      [hk.id],
    );
    expect(row?.rate_minor).toBe(2250);
    await expect(
      asAdmin().tasks.setPayRates({
        id: hk.id,
        defaultRate: 20,
        overrides: [{ propertyId: other.id, rate: 10 }],
      }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'A rate can be set only for a home of this housekeeper',
    });
    await expect(
      asAdmin().tasks.setPayRates({ id: hk.id, defaultRate: 20.005, overrides: [] }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(
      asAdmin().tasks.setPayRates({ id: hk.id, defaultRate: -1, overrides: [] }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'Rate per task cannot be negative' });
    await expect(asAdmin().tasks.payRates({ id: admin.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    // A housekeeper cannot read or set pay (the owner-operator's alone).
    await expect(callerFor(db, hk).caller.tasks.payRates({ id: hk.id })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
  });
});

describe('the monthly pay per housekeeper', () => {
  it('sums the pay each task recorded, by month in its home’s time zone, across per-home rates', async () => {
    // Auckland is UTC+13 in January; Los Angeles UTC-8.
    const akl = await createProperty(db.em(), { title: 'Harbour view' });
    const lax = await createProperty(db.em(), { title: 'Venice bungalow' });
    await db.sql(`update properties set time_zone = 'Pacific/Auckland' where id = $1`, [akl.id]);
    await db.sql(`update properties set time_zone = 'America/Los_Angeles' where id = $1`, [lax.id]);
    const ana = await housekeeper('ana-pay', [akl.id, lax.id]);
    const ben = await housekeeper('ben-pay', [lax.id]);
    await asAdmin().tasks.setPayRates({
      id: ana.id,
      defaultRate: 20,
      overrides: [{ propertyId: akl.id, rate: 35.5 }],
    });
    await asAdmin().tasks.setPayRates({ id: ben.id, defaultRate: 18.25, overrides: [] });

    const done: { hk: TSessionUser; home: typeof akl; zone: string; at: string; rate: number }[] = [
      // 31 Jan 11:30 UTC is 1 Feb 00:30 in Auckland: February.
      { hk: ana, home: akl, zone: 'Pacific/Auckland', at: '2027-01-31T11:30:00Z', rate: 3550 },
      // 31 Jan 10:30 UTC is 31 Jan 23:30 in Auckland: January.
      { hk: ana, home: akl, zone: 'Pacific/Auckland', at: '2027-01-31T10:30:00Z', rate: 3550 },
      // 1 Feb 05:00 UTC is 31 Jan 21:00 in Los Angeles: January, at Ana's default rate.
      { hk: ana, home: lax, zone: 'America/Los_Angeles', at: '2027-02-01T05:00:00Z', rate: 2000 },
      // 1 Feb 08:30 UTC is 1 Feb 00:30 in Los Angeles: February.
      { hk: ben, home: lax, zone: 'America/Los_Angeles', at: '2027-02-01T08:30:00Z', rate: 1825 },
      { hk: ben, home: lax, zone: 'America/Los_Angeles', at: '2027-01-15T12:00:00Z', rate: 1825 },
      // 1 Mar 00:30 in Los Angeles (08:30 UTC): March, outside the report.
      { hk: ben, home: lax, zone: 'America/Los_Angeles', at: '2027-03-01T08:30:00Z', rate: 1825 },
      // 31 Dec 23:30 in Los Angeles (1 Jan 07:30 UTC): December, outside the report.
      { hk: ana, home: lax, zone: 'America/Los_Angeles', at: '2027-01-01T07:30:00Z', rate: 2000 },
    ];
    for (const d of done) await finish(d.hk, await turnover(d.home.id), d.at);

    // Rates changed after the work do not change what it earned.
    await asAdmin().tasks.setPayRates({ id: ana.id, defaultRate: 99, overrides: [] });

    const report = await asAdmin().reports.housekeepingPay({ from: '2027-01', to: '2027-02' });

    // The expectation, computed apart: each task's month at its home, summed per month and housekeeper.
    const expected = new Map<
      string,
      { month: string; housekeeperId: number; tasks: number; amount: number }
    >();
    for (const d of done) {
      const month = monthAt(d.at, d.zone);
      if (month < '2027-01' || month > '2027-02') continue;
      const key = `${month}|${d.hk.id}`;
      const e = expected.get(key) ?? { month, housekeeperId: d.hk.id, tasks: 0, amount: 0 };
      e.tasks += 1;
      e.amount += d.rate;
      expected.set(key, e);
    }
    const got = report.rows.map((r) => ({
      month: r.month,
      housekeeperId: r.housekeeperId,
      tasks: r.tasks,
      amount: Math.round(r.amount * 100),
    }));
    const sortRows = <T extends { month: string; housekeeperId: number }>(rows: T[]) =>
      [...rows].sort((a, b) => a.month.localeCompare(b.month) || a.housekeeperId - b.housekeeperId);
    expect(sortRows(got)).toEqual(sortRows([...expected.values()]));

    // And by hand: January Ana 35.50 + 20.00, Ben 18.25; February Ana 35.50, Ben 18.25.
    expect(report.rows.map((r) => [r.month, r.name, r.tasks, r.amount])).toEqual([
      ['2027-01', 'ana-pay', 2, 55.5],
      ['2027-01', 'ben-pay', 1, 18.25],
      ['2027-02', 'ana-pay', 1, 35.5],
      ['2027-02', 'ben-pay', 1, 18.25],
    ]);
    expect(report.totals).toEqual([
      { housekeeperId: ana.id, name: 'ana-pay', tasks: 3, amount: 91 },
      { housekeeperId: ben.id, name: 'ben-pay', tasks: 2, amount: 36.5 },
    ]);

    // One home: only its tasks.
    const oneHome = await asAdmin().reports.housekeepingPay({
      from: '2027-01',
      to: '2027-02',
      propertyId: akl.id,
    });
    expect(oneHome.totals).toEqual([{ housekeeperId: ana.id, name: 'ana-pay', tasks: 2, amount: 71 }]);

    // A manager given only the Los Angeles home sees only its pay.
    const mgrUser = await callerFor(db, null, { ip: '10.46.0.1' }).caller.auth.register({
      username: 'pay-manager',
      email: 'pay-manager@example.com',
      password: 'secret-pw',
    });
    await asAdmin().staff.add({ userId: mgrUser.id, role: 'manager', propertyIds: [lax.id] });
    const managed = await callerFor(db, { ...mgrUser, role: 'manager' }).caller.reports.housekeepingPay({
      from: '2027-01',
      to: '2027-02',
    });
    expect(managed.totals).toEqual([
      { housekeeperId: ana.id, name: 'ana-pay', tasks: 1, amount: 20 },
      { housekeeperId: ben.id, name: 'ben-pay', tasks: 2, amount: 36.5 },
    ]);
  });

  it('a task taken back from done loses its pay; done again, it earns the rate of that moment', async () => {
    const home = await createProperty(db.em());
    const hk = await housekeeper('cy-pay', [home.id]);
    await asAdmin().tasks.setPayRates({ id: hk.id, defaultRate: 15, overrides: [] });
    const task = await turnover(home.id);
    await callerFor(db, hk).caller.tasks.update({ id: task, status: 'done' });
    const pay = async () =>
      (
        await db.sql<{ pay_user_id: number | null; pay_minor: number | null }>(
          'select pay_user_id, pay_minor from housekeeping_tasks where id = $1',
          [task],
        )
      )[0];
    expect(await pay()).toEqual({ pay_user_id: hk.id, pay_minor: 1500 });
    await callerFor(db, hk).caller.tasks.update({ id: task, status: 'in_progress' });
    expect(await pay()).toEqual({ pay_user_id: null, pay_minor: null });
    await asAdmin().tasks.setPayRates({
      id: hk.id,
      defaultRate: 16,
      overrides: [{ propertyId: home.id, rate: 17 }],
    });
    await callerFor(db, hk).caller.tasks.update({ id: task, status: 'done' });
    expect(await pay()).toEqual({ pay_user_id: hk.id, pay_minor: 1700 });
  });

  it('refuses a range longer than 36 months or ending before it starts', async () => {
    await expect(asAdmin().reports.housekeepingPay({ from: '2024-01', to: '2027-01' })).rejects.toMatchObject(
      {
        code: 'BAD_REQUEST',
        message: expect.stringContaining('A report covers at most 36 months'),
      },
    );
    await expect(asAdmin().reports.housekeepingPay({ from: '2027-02', to: '2027-01' })).rejects.toMatchObject(
      {
        code: 'BAD_REQUEST',
      },
    );
    await expect(asAdmin().reports.housekeepingPay({ from: '2027-13', to: '2027-01' })).rejects.toMatchObject(
      {
        code: 'BAD_REQUEST',
      },
    );
  });
});
