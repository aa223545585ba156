import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIso } from '../../src/shared/dates.ts';
import { roleHasHomes, STAFF_ROLES, type TStaffRole } from '../../src/shared/schemas/staff-role.ts';
import { isHomeKind, type THomeKind } from '../../src/server/home-scope-meta.ts';
import { metaOf, type TProcedureLike } from '../../src/server/route-meta.ts';
import { appRouter } from '../../src/server/router.ts';
import type { TSessionUser } from '../../src/server/services/auth/sessions.ts';
import { callerFor, createTestDatabase, seededAdmin, type TTestDb } from '../support/db.ts';
import { createProperty } from '../support/fixtures.ts';

/**
 * `admin`: the back office (owner-operator and manager); `operator`: the owner-operator only (the team,
 * accounts, settings, payments configuration); `housekeeping`: the back office and housekeepers;
 * `team`: every staff role (docs/staff.md).
 */
type TStaffAccess = 'admin' | 'admin-unlisted' | 'operator' | 'housekeeping' | 'statements' | 'team';
type TAccess = 'public' | 'authed' | TStaffAccess;

const ROLES_OF: Record<TStaffAccess, readonly TStaffRole[]> = {
  operator: ['owner-operator'],
  admin: ['owner-operator', 'manager'],
  /** The back office's, where any refusal reads as not found (a private file, docs/privacy.md). */
  'admin-unlisted': ['owner-operator', 'manager'],
  housekeeping: ['owner-operator', 'manager', 'housekeeper'],
  statements: ['owner-operator', 'manager', 'owner'],
  team: STAFF_ROLES,
};

/**
 * Who may call what: the intended access of EVERY procedure. A procedure missing here fails the suite,
 * so whoever adds one must decide its access here too (and a renamed one must be renamed here).
 */
const ACCESS: Record<string, TAccess> = {
  'admin.dashboard': 'admin',
  'admin.emails': 'admin',
  'admin.retryEmail': 'admin',
  'admin.activity': 'admin',
  'admin.users': 'operator',
  'admin.setAdmin': 'operator',
  'admin.setDisabled': 'operator',

  'auth.me': 'authed',
  'auth.login': 'public',
  'auth.register': 'public',
  'auth.logout': 'public',
  'auth.updateMe': 'authed',
  'auth.changePassword': 'authed',
  'auth.deleteMe': 'authed',
  'auth.confirmPasswordReset': 'public',
  'auth.undoEmailChange': 'public',
  'auth.requestPasswordReset': 'public',

  'bookings.create': 'public',
  'bookings.quote': 'public',
  'bookings.availability': 'public',
  'bookings.stayRules': 'public',
  'bookings.mine': 'authed',
  'bookings.mineDetail': 'authed',
  'bookings.cancelMine': 'authed',
  'bookings.reviewMine': 'authed',
  'bookings.manage': 'public',
  'bookings.manageCancel': 'public',
  'bookings.manageReview': 'public',
  'bookings.manageClaim': 'authed',
  'bookings.lookup': 'public',
  'bookings.list': 'admin',
  'bookings.page': 'admin',
  'bookings.updateStatus': 'admin',
  'bookings.bulkStatus': 'admin',
  'bookings.detail': 'admin',
  'bookings.addNote': 'admin',
  'bookings.export': 'admin',
  'bookings.exportCsv': 'admin',
  'bookings.accept': 'admin',
  'bookings.decline': 'admin',
  'bookings.createByOperator': 'admin',
  'bookings.change': 'admin',
  'bookings.changeRequests': 'admin',
  'bookings.acceptChange': 'admin',
  'bookings.declineChange': 'admin',
  'bookings.requestChange': 'public',
  'bookings.myChangeRequest': 'public',

  'pricing.get': 'public',
  'pricing.update': 'admin',
  'calendar.blocks': 'admin',
  'calendar.block': 'admin',
  'calendar.unblock': 'admin',
  'calendar.reopen': 'admin',
  'calendar.rates': 'admin',
  'calendar.setRate': 'admin',
  'calendar.deleteRate': 'admin',
  'calendar.month': 'team',
  'calendar.timeline': 'team',
  'calendar.ical': 'admin',
  'calendar.regenerateIcal': 'admin',
  'calendar.addFeed': 'admin',
  'calendar.addExportChannel': 'admin',
  'calendar.setFeedExport': 'admin',
  'calendar.syncFeed': 'admin',
  'calendar.deleteFeed': 'admin',
  'calendar.conflicts': 'admin',

  'checkIn.settings': 'admin',
  'checkIn.updateSettings': 'admin',
  'checkIn.manageCheckIn': 'public',
  'checkIn.manageAgreementPdf': 'public',
  'checkIn.adminAgreementPdf': 'admin',
  'checkIn.adminIdPhoto': 'admin-unlisted',

  'config.get': 'public',

  'contact.send': 'public',

  'messaging.manageMessages': 'public',
  'messaging.managePost': 'public',
  'messaging.mineMessages': 'authed',
  'messaging.minePost': 'authed',
  'messaging.inquire': 'public',
  'messaging.inquiryMessages': 'public',
  'messaging.inquiryPost': 'public',
  'messaging.thread': 'admin',
  'messaging.reply': 'admin',
  'messaging.bookingThread': 'admin',
  'messaging.inbox': 'admin',
  'messaging.unread': 'admin',
  'messaging.templates': 'admin',
  'messaging.createTemplate': 'admin',
  'messaging.updateTemplate': 'admin',
  'messaging.deleteTemplate': 'admin',
  'messaging.previewTemplate': 'admin',
  'messaging.scheduled': 'admin',
  'messaging.homeGuide': 'admin',
  'messaging.updateHomeGuide': 'admin',
  'messaging.savedReply': 'admin',

  'categories.list': 'public',
  'categories.create': 'admin',
  'categories.update': 'admin',
  'categories.delete': 'admin',

  'properties.list': 'public',
  'properties.search': 'public',
  'properties.byId': 'public',
  'properties.zoneClock': 'public',
  'properties.create': 'admin',
  'properties.update': 'admin',
  'properties.delete': 'admin',
  'properties.deleteImpact': 'admin',
  'properties.archived': 'admin',
  'properties.restore': 'admin',
  'properties.adminPage': 'admin',
  'properties.duplicate': 'admin',
  'properties.bulkArchive': 'admin',

  'reviews.byProperty': 'public',
  'reviews.create': 'admin',
  'reviews.update': 'admin',
  'reviews.delete': 'admin',
  'reviews.adminList': 'admin',

  'payments.settings': 'operator',
  'payments.updateSettings': 'operator',
  'payments.booking': 'admin',
  'payments.record': 'admin',
  'payments.refund': 'admin',
  'payments.adjust': 'admin',
  'payments.depositClaim': 'admin',
  'payments.depositReceived': 'admin',
  'payments.depositReturned': 'admin',
  'payments.list': 'admin',
  'payments.manage': 'public',
  'payments.pay': 'public',
  'payments.stripeWebhook': 'public',
  'payments.adminInvoicePdf': 'admin',
  'payments.adminReceiptPdf': 'admin',
  'payments.adminInvoiceDocumentPdf': 'admin',
  'payments.adminCreditNotePdf': 'admin',
  'payments.manageInvoicePdf': 'public',
  'payments.manageReceiptPdf': 'public',
  'payments.manageInvoiceDocumentPdf': 'public',
  'payments.manageCreditNotePdf': 'public',
  'payments.exportCsv': 'admin',

  'settings.get': 'operator',
  'settings.update': 'operator',
  'settings.emailStatus': 'operator',

  'staff.list': 'operator',
  'staff.add': 'operator',
  'staff.update': 'operator',
  'staff.invite': 'operator',
  'staff.invitation': 'public',
  'staff.acceptInvitation': 'public',

  'reports.summary': 'admin',

  'tasks.list': 'housekeeping',
  'tasks.update': 'housekeeping',
  'tasks.setHousekeeper': 'admin',
  'tasks.housekeepers': 'admin',
  'tasks.byId': 'housekeeping',
  'tasks.tick': 'housekeeping',
  'tasks.reportProblem': 'housekeeping',
  'tasks.problems': 'admin',
  'tasks.resolveProblem': 'admin',
  'tasks.checklist': 'admin',
  'tasks.setChecklist': 'admin',
  'tasks.payRates': 'operator',
  'tasks.setPayRates': 'operator',
  'reports.housekeepingPay': 'admin',
  'owners.statement': 'statements',
  'owners.statementPdf': 'statements',
  'owners.statementCsv': 'statements',
  'owners.publish': 'operator',
  'owners.setHomeOwner': 'operator',
  'owners.list': 'admin',
  'owners.homeOwner': 'admin',
  'owners.statements': 'statements',
  'owners.expenses': 'statements',
  'owners.createExpense': 'admin',
  'owners.deleteExpense': 'admin',
  'owners.payouts': 'operator',
  'owners.createPayout': 'operator',
  'owners.deletePayout': 'operator',

  'wishlist.list': 'authed',
  'wishlist.save': 'authed',
  'wishlist.remove': 'authed',
  'wishlist.merge': 'authed',
};

const procedures = Object.keys(appRouter._def.procedures).sort();
const GUARD_CODES = ['UNAUTHORIZED', 'FORBIDDEN'];

let db: TTestDb;
let plainUser: TSessionUser;
let admin: TSessionUser;
/** A signed-in member of each staff role below the owner-operator (the admin). */
const staff = new Map<TStaffRole, TSessionUser>();

/** Calls `path` as `user` (with no input unless given) and answers 'OK' or the tRPC error code. */
async function outcome(user: TSessionUser | null, path: string, input?: unknown): Promise<string> {
  const { caller } = callerFor(db, user);
  let target: unknown = caller;
  for (const part of path.split('.')) target = (target as Record<string, unknown>)[part];
  try {
    await (target as (input?: unknown) => Promise<unknown>)(input);
    return 'OK';
  } catch (err) {
    return String((err as { code?: unknown }).code ?? err);
  }
}

beforeAll(async () => {
  db = await createTestDatabase();
  admin = await seededAdmin(db);
  plainUser = await callerFor(db, null).caller.auth.register({
    username: 'matrix-user',
    email: 'matrix@example.com',
    password: 'secret-pw',
  });
  staff.set('owner-operator', admin);
  for (const role of ['manager', 'housekeeper', 'owner'] as const) {
    const user = await callerFor(db, null, { ip: `10.9.0.${staff.size}` }).caller.auth.register({
      username: `matrix-${role}`,
      email: `matrix-${role}@example.com`,
      password: 'secret-pw',
    });
    await db.sql(`update users set staff_role = $1 where id = $2`, [role, user.id]);
    staff.set(role, { ...user, role });
  }
});
afterAll(async () => {
  await db.drop();
});

describe('access table', () => {
  it('classifies every procedure of the app router', () => {
    expect(
      procedures.filter((p) => !(p in ACCESS)),
      'procedures with no entry in ACCESS: add them',
    ).toEqual([]);
  });

  it('lists no procedure that no longer exists', () => {
    expect(
      Object.keys(ACCESS).filter((p) => !procedures.includes(p)),
      'stale entries in ACCESS',
    ).toEqual([]);
  });
});

describe.each(procedures)('%s', (path) => {
  const access = ACCESS[path];
  if (!access) return;

  if (access === 'public') {
    it('is open to a visitor', async () => {
      expect(GUARD_CODES).not.toContain(await outcome(null, path));
    });
    return;
  }

  // An unlisted procedure answers every refusal as an unknown row would.
  const unlisted = access === 'admin-unlisted';
  it('refuses a visitor with UNAUTHORIZED before reading the input', async () => {
    expect(await outcome(null, path)).toBe(unlisted ? 'NOT_FOUND' : 'UNAUTHORIZED');
  });

  if (access === 'authed') {
    it('lets a signed-in user past the guard', async () => {
      expect(GUARD_CODES).not.toContain(await outcome(plainUser, path));
    });
    it.each(STAFF_ROLES)('lets a %s past the guard', async (role) => {
      expect(GUARD_CODES).not.toContain(await outcome(staff.get(role) ?? null, path));
    });
    return;
  }

  const allowed = ROLES_OF[access];

  it('states the same roles in its meta, which the REST pipeline reads', () => {
    const meta = metaOf((appRouter._def.procedures as unknown as Record<string, TProcedureLike>)[path]);
    expect(meta.access).toBe('admin');
    expect([...(meta.roles ?? [])].sort()).toEqual([...allowed].sort());
  });

  it('refuses a signed-in guest with FORBIDDEN', async () => {
    expect(await outcome(plainUser, path)).toBe(unlisted ? 'NOT_FOUND' : 'FORBIDDEN');
  });

  it.each(STAFF_ROLES)('decides for a %s by role', async (role) => {
    const result = await outcome(staff.get(role) ?? null, path);
    if (allowed.includes(role)) expect(GUARD_CODES).not.toContain(result);
    else expect(result).toBe(unlisted ? 'NOT_FOUND' : 'FORBIDDEN');
  });
});

/**
 * Per-home access, derived from the router (docs/staff.md#per-home-access): every procedure that declares
 * what an id of its input names is called, for every role limited to some homes that may call it, by a
 * member given one home, with that id naming a row of another home. It must answer as an unknown row would
 * (NOT_FOUND), or refuse (FORBIDDEN): never run. Only the one id is sent, so a call the guard let through
 * would fail its input's validation instead (BAD_REQUEST) and the case with it.
 */
describe("per-home access, from each procedure's declared scope", () => {
  const scoped = new Map<TStaffRole, TSessionUser>();
  const otherHome: Partial<Record<THomeKind, number>> = {};
  let mine: number;
  let other: number;
  let otherBooking: number;

  const one = async <T>(sql: string, params: unknown[]): Promise<T> => {
    const [row] = await db.sql<{ id: T }>(sql, params);
    if (row === undefined) throw new Error(`no row for ${sql}`);
    return row.id;
  };
  const asAdmin = () => callerFor(db, admin).caller;

  /** A row of each kind in the other home: one entry per kind, or the type check fails. */
  const FIXTURES: Record<THomeKind, () => Promise<number>> = {
    property: () => Promise.resolve(other),
    booking: () => Promise.resolve(otherBooking),
    conversation: async () => (await asAdmin().messaging.bookingThread({ id: otherBooking })).conversationId,
    review: async () =>
      (
        await asAdmin().reviews.create({
          propertyId: other,
          rating: 5,
          comment: 'Great stay',
          userName: 'Sam',
        })
      ).id,
    email: () =>
      one(
        `insert into emails (to_address, subject, template, text, html, booking_id)
         values ('other-guest@example.com', 'Your stay', 'booking-confirmation', 'Hello', '<p>Hello</p>', $1) returning id`,
        [otherBooking],
      ),
    task: () => one('select id from housekeeping_tasks where booking_id = $1', [otherBooking]),
    expense: async () => {
      const date = todayIso();
      return (
        await asAdmin().owners.createExpense({
          id: other,
          date,
          category: 'supplies',
          amount: 5,
          description: 'Soap',
        })
      ).id;
    },
    block: async () => {
      const startDate = addDays(todayIso(), 200);
      await asAdmin().calendar.block({ id: other, startDate, endDate: addDays(startDate, 2) });
      return one('select id from calendar_blocks where property_id = $1', [other]);
    },
    rate: async () => {
      await asAdmin().calendar.setRate({ id: other, kind: 'weekend', nightlyPrice: 150 });
      return one('select id from property_rates where property_id = $1', [other]);
    },
    feed: () =>
      one(
        `insert into ical_feeds (property_id, name, url) values ($1, 'Other', 'https://example.com/a.ics') returning id`,
        [other],
      ),
    'change-request': async () => {
      const checkIn = addDays(todayIso(), 120);
      return one(
        `insert into booking_change_requests (booking_id, check_in, check_out, guests) values ($1, $2, $3, 2) returning id`,
        [otherBooking, checkIn, addDays(checkIn, 3)],
      );
    },
    problem: async () => {
      const task = await one<number>('select id from housekeeping_tasks where booking_id = $1', [
        otherBooking,
      ]);
      return (await asAdmin().tasks.reportProblem({ id: task, description: 'Broken lamp', severity: 'low' }))
        .id;
    },
    owner: async () => {
      const [row] = await db.sql<{ user_id: number }>(
        'select user_id from home_owners where property_id = $1',
        [other],
      );
      if (!row) throw new Error('the other home has no owner');
      return row.user_id;
    },
  };

  async function member(role: TStaffRole, homes: number[], n: number): Promise<TSessionUser> {
    const user = await callerFor(db, null, { ip: `10.10.0.${n}` }).caller.auth.register({
      username: `scoped-${role}-${n}`,
      email: `scoped-${role}-${n}@example.com`,
      password: 'secret-pw',
    });
    await asAdmin().staff.add({ userId: user.id, role, propertyIds: homes });
    return { ...user, role };
  }

  beforeAll(async () => {
    mine = (await createProperty(db.em(), { title: 'Matrix Mine' })).id;
    other = (await createProperty(db.em(), { title: 'Matrix Other' })).id;
    const checkIn = addDays(todayIso(), 40);
    otherBooking = (
      await callerFor(db, null, { ip: '10.10.1.1' }).caller.bookings.create({
        propertyId: other,
        checkIn,
        checkOut: addDays(checkIn, 2),
        guests: 2,
        contactInfo: {
          name: 'Other Guest',
          email: 'other-guest@example.com',
          phone: '+1 555 0100',
          country: 'Spain',
        },
      })
    ).id;
    let n = 0;
    for (const role of STAFF_ROLES.filter(roleHasHomes)) scoped.set(role, await member(role, [mine], ++n));
    const mineOwner = scoped.get('owner')!;
    await asAdmin().owners.setHomeOwner({ id: mine, ownerId: mineOwner.id, commissionPercent: 10 });
    const otherOwner = await member('owner', [], ++n);
    await asAdmin().owners.setHomeOwner({ id: other, ownerId: otherOwner.id, commissionPercent: 10 });
    for (const kind of Object.keys(FIXTURES) as THomeKind[]) otherHome[kind] = await FIXTURES[kind]();
  });

  const cases = procedures.flatMap((path) => {
    const meta = metaOf((appRouter._def.procedures as unknown as Record<string, TProcedureLike>)[path]);
    const scope = meta.scope;
    if (typeof scope !== 'object') return [];
    return Object.entries(scope.ids).flatMap(([key, kind]) =>
      isHomeKind(kind)
        ? (meta.roles ?? []).filter(roleHasHomes).map((role) => ({ path, key, kind, role }))
        : [],
    );
  });

  it("has a case for every procedure that takes a home's id", () => {
    expect(cases.length).toBeGreaterThan(60);
    expect(new Set(cases.map((c) => c.role))).toEqual(new Set(['manager', 'housekeeper', 'owner']));
  });

  it.each(cases)(
    "$path as a $role, with $key naming another home's $kind",
    async ({ path, key, kind, role }) => {
      const id = otherHome[kind];
      expect(id).toBeDefined();
      expect(['NOT_FOUND', 'FORBIDDEN']).toContain(await outcome(scoped.get(role)!, path, { [key]: id }));
    },
  );

  it('lets the same member reach a row of their own home', async () => {
    expect(await outcome(scoped.get('manager')!, 'calendar.blocks', { id: mine })).toBe('OK');
    expect(
      await outcome(scoped.get('owner')!, 'calendar.month', {
        id: mine,
        from: todayIso(),
        to: addDays(todayIso(), 7),
      }),
    ).toBe('OK');
  });
});
