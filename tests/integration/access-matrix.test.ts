import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_ROLES, type TStaffRole } from '../../src/shared/schemas/staff-role.ts';
import { metaOf, type TProcedureLike } from '../../src/server/route-meta.ts';
import { appRouter } from '../../src/server/router.ts';
import type { TSessionUser } from '../../src/server/services/auth/sessions.ts';
import { callerFor, createTestDatabase, seededAdmin, type TTestDb } from '../support/db.ts';

/**
 * `admin`: the back office (owner-operator and manager); `operator`: the owner-operator only (the team,
 * accounts, settings, payments configuration); `housekeeping`: the back office and housekeepers;
 * `team`: every staff role (docs/staff.md).
 */
type TStaffAccess = 'admin' | 'operator' | 'housekeeping' | 'statements' | 'team';
type TAccess = 'public' | 'authed' | TStaffAccess;

const ROLES_OF: Record<TStaffAccess, readonly TStaffRole[]> = {
  operator: ['owner-operator'],
  admin: ['owner-operator', 'manager'],
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
  'payments.list': 'admin',
  'payments.manage': 'public',
  'payments.pay': 'public',
  'payments.stripeWebhook': 'public',

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
  'owners.statement': 'statements',
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

/** Calls `path` with no input as `user` and answers 'OK' or the tRPC error code. */
async function outcome(user: TSessionUser | null, path: string): Promise<string> {
  const { caller } = callerFor(db, user);
  let target: unknown = caller;
  for (const part of path.split('.')) target = (target as Record<string, unknown>)[part];
  try {
    await (target as (input?: unknown) => Promise<unknown>)(undefined);
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

  it('refuses a visitor with UNAUTHORIZED before reading the input', async () => {
    expect(await outcome(null, path)).toBe('UNAUTHORIZED');
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
    expect(await outcome(plainUser, path)).toBe('FORBIDDEN');
  });

  it.each(STAFF_ROLES)('decides for a %s by role', async (role) => {
    const result = await outcome(staff.get(role) ?? null, path);
    if (allowed.includes(role)) expect(GUARD_CODES).not.toContain(result);
    else expect(result).toBe('FORBIDDEN');
  });
});
