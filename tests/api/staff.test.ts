import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIso } from '../../src/shared/dates.ts';
import { REPORT_RANGE_TOO_LONG } from '../../src/shared/schemas/reports.ts';
import { STAFF_EXISTS } from '../../src/shared/schemas/staff.ts';
import { SESSION_COOKIE } from '../../src/server/services/auth/sessions.ts';
import { TEST_ADMIN } from '../support/constants.ts';
import { createProperty } from '../support/fixtures.ts';
import { api, startTestServer, type TTestServer } from '../support/server.ts';

/** The team's rules over REST: the same answers as over tRPC, from the same procedure meta. */

let srv: TTestServer;
let adminCookie: Record<string, string>;
const homes: number[] = [];

function cookieOf(headers: Headers): Record<string, string> {
  const raw = headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (!raw) throw new Error('no session cookie');
  return { cookie: raw.split(';')[0] ?? '' };
}

async function join(email: string, role: string, propertyIds: number[]): Promise<Record<string, string>> {
  const invited = await api(
    srv.url,
    'POST',
    '/api/admin/staff/invitations',
    { email, role, propertyIds },
    adminCookie,
  );
  expect(invited.status, JSON.stringify(invited.body)).toBe(200);
  const [row] = await srv.db.sql<{ text: string }>(
    `select text from emails where to_address = $1 and template = 'staff-invitation' order by id desc limit 1`,
    [email],
  );
  const token = /\/team\/join\/([a-z2-7]{32})/.exec(row?.text ?? '')?.[1] ?? '';
  const accepted = await api(srv.url, 'POST', `/api/staff/invitations/${token}/accept`, {
    username: email.split('@')[0],
    password: 'secret-pw',
  });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  expect(accepted.body.role).toBe(role);
  return cookieOf(accepted.headers);
}

async function bookingIn(propertyId: number, offset: number): Promise<number> {
  const res = await api(srv.url, 'POST', '/api/bookings', {
    propertyId,
    checkIn: addDays(todayIso(), offset),
    checkOut: addDays(todayIso(), offset + 2),
    guests: 2,
    contactInfo: { name: 'Rest Guest', email: 'rest@example.com', phone: '+1 555 0100', country: 'Spain' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.id as number;
}

beforeAll(async () => {
  srv = await startTestServer();
  const login = await api(srv.url, 'POST', '/api/auth/login', {
    username: TEST_ADMIN.username,
    password: TEST_ADMIN.password,
  });
  expect(login.status).toBe(200);
  adminCookie = cookieOf(login.headers);
  for (let i = 0; i < 2; i++) homes.push((await createProperty(srv.db.em())).id);
});
afterAll(async () => {
  await srv.close();
});

describe('staff over REST', () => {
  it('invites once; the same e-mail again is a clear 409', async () => {
    await join('rest-hk@example.com', 'housekeeper', [homes[0]!]);
    const again = await api(
      srv.url,
      'POST',
      '/api/admin/staff/invitations',
      { email: 'rest-hk@example.com', role: 'manager' },
      adminCookie,
    );
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(STAFF_EXISTS);
    const list = await api(srv.url, 'GET', '/api/admin/staff', undefined, adminCookie);
    expect(list.status).toBe(200);
    expect(list.body.items.map((m: { email: string }) => m.email)).toContain('rest-hk@example.com');
  });

  it('a housekeeper gets 403 from any other procedure, before a body is read, and 404 for another home', async () => {
    const hk = await join('rest-hk2@example.com', 'housekeeper', [homes[0]!]);
    await bookingIn(homes[0]!, 10);
    await bookingIn(homes[1]!, 10);
    expect((await api(srv.url, 'GET', '/api/admin/dashboard', undefined, hk)).status).toBe(403);
    expect((await api(srv.url, 'GET', '/api/bookings/page', undefined, hk)).status).toBe(403);
    expect(
      (
        await api(
          srv.url,
          'POST',
          '/api/admin/staff/invitations',
          { email: 'x@example.com', role: 'owner' },
          hk,
        )
      ).status,
    ).toBe(403);
    const tasks = await api(
      srv.url,
      'GET',
      `/api/admin/tasks?from=${todayIso()}&to=${addDays(todayIso(), 30)}`,
      undefined,
      hk,
    );
    expect(tasks.status).toBe(200);
    expect(tasks.body.items.map((t: { property: { id: number } }) => t.property.id)).toEqual([homes[0]]);
    const [other] = await srv.db.sql<{ id: number }>(
      `select id from housekeeping_tasks where property_id = $1`,
      [homes[1]],
    );
    const patch = await api(srv.url, 'PATCH', `/api/admin/tasks/${other?.id}`, { status: 'done' }, hk);
    expect(patch.status).toBe(404);
    const mine = tasks.body.items[0] as { id: number };
    const done = await api(
      srv.url,
      'PATCH',
      `/api/admin/tasks/${mine.id}`,
      { status: 'done', note: 'Ready' },
      hk,
    );
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.status).toBe('done');
  });

  it('a manager outside their homes gets 404; a report range over 3 years gets 400', async () => {
    const manager = await join('rest-mgr@example.com', 'manager', [homes[0]!]);
    const theirs = await bookingIn(homes[1]!, 20);
    const detail = await api(srv.url, 'GET', `/api/bookings/${theirs}/detail`, undefined, manager);
    expect(detail.status).toBe(404);
    expect(JSON.stringify(detail.body)).not.toContain('Rest Guest');
    const page = await api(srv.url, 'GET', '/api/bookings/page', undefined, manager);
    expect(page.status).toBe(200);
    expect(page.body.items.every((b: { propertyId: number }) => b.propertyId === homes[0])).toBe(true);
    const report = await api(
      srv.url,
      'GET',
      '/api/admin/reports/summary?from=2024-01-01&to=2028-01-01',
      undefined,
      manager,
    );
    expect(report.status).toBe(400);
    expect(JSON.stringify(report.body)).toContain(REPORT_RANGE_TOO_LONG);
    expect((await api(srv.url, 'GET', '/api/admin/staff', undefined, manager)).status).toBe(403);
  });

  it("reads owners, a home's owner, default housekeepers and the report's sources and pace over REST", async () => {
    const owner = await join('rest-owner@example.com', 'owner', []);
    const me = await api(srv.url, 'GET', '/api/auth/me', undefined, owner);
    const set = await api(
      srv.url,
      'PUT',
      `/api/admin/properties/${homes[1]}/owner`,
      { ownerId: me.body.id, commissionPercent: 15 },
      adminCookie,
    );
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const read = await api(srv.url, 'GET', `/api/admin/properties/${homes[1]}/owner`, undefined, adminCookie);
    expect(read.body).toEqual({ propertyId: homes[1], ownerId: me.body.id, commissionPercent: 15 });
    const owners = await api(srv.url, 'GET', '/api/admin/owners?q=rest-owner', undefined, adminCookie);
    expect(owners.status).toBe(200);
    expect(owners.body.items).toEqual([
      { id: me.body.id, name: 'rest-owner', email: 'rest-owner@example.com', homes: 1 },
    ]);
    expect((await api(srv.url, 'GET', '/api/admin/owners', undefined, owner)).status).toBe(403);

    const hk = await api(srv.url, 'GET', '/api/admin/staff', undefined, adminCookie);
    const keeper = (hk.body.items as { id: number; role: string }[]).find((m) => m.role === 'housekeeper');
    expect(
      (
        await api(
          srv.url,
          'PUT',
          `/api/admin/properties/${homes[0]}/housekeeper`,
          { userId: keeper?.id },
          adminCookie,
        )
      ).status,
    ).toBe(200);
    const defaults = await api(srv.url, 'GET', '/api/admin/housekeepers?pageSize=10', undefined, adminCookie);
    expect(defaults.status).toBe(200);
    expect(defaults.body.items).toEqual([
      expect.objectContaining({ propertyId: homes[0], userId: keeper?.id }),
    ]);

    const from = todayIso();
    const to = addDays(from, 60);
    const report = await api(
      srv.url,
      'GET',
      `/api/admin/reports/summary?from=${from}&to=${to}`,
      undefined,
      adminCookie,
    );
    expect(report.status).toBe(200);
    expect(report.body.sources.map((x: { source: string }) => x.source)).toEqual([
      'direct',
      'phone',
      'walk_in',
      'owner',
      'imported',
    ]);
    expect(report.body.pace).toMatchObject({ asOf: todayIso(), lastYearData: false });
    expect(report.body.pace.months[0]).toMatchObject({ month: from.slice(0, 7), lastYearNights: 0 });
  });
});
