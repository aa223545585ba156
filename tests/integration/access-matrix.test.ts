import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRouter } from '../../src/server/router.ts';
import type { TSessionUser } from '../../src/server/services/auth/sessions.ts';
import { callerFor, createTestDatabase, seededAdmin, type TTestDb } from '../support/db.ts';

type TAccess = 'public' | 'authed' | 'admin';

/**
 * Who may call what: the intended access of EVERY procedure. A procedure missing here fails the suite,
 * so whoever adds one must decide its access here too (and a renamed one must be renamed here).
 */
const ACCESS: Record<string, TAccess> = {
  'admin.dashboard': 'admin',
  'admin.emails': 'admin',
  'admin.retryEmail': 'admin',
  'admin.activity': 'admin',
  'admin.users': 'admin',
  'admin.setAdmin': 'admin',
  'admin.setDisabled': 'admin',

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
  'calendar.month': 'admin',
  'calendar.timeline': 'admin',
  'calendar.ical': 'admin',
  'calendar.regenerateIcal': 'admin',
  'calendar.addFeed': 'admin',
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

  'categories.list': 'public',
  'categories.create': 'admin',
  'categories.update': 'admin',
  'categories.delete': 'admin',

  'properties.list': 'public',
  'properties.search': 'public',
  'properties.byId': 'public',
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

  'payments.settings': 'admin',
  'payments.updateSettings': 'admin',
  'payments.booking': 'admin',
  'payments.record': 'admin',
  'payments.refund': 'admin',
  'payments.list': 'admin',
  'payments.manage': 'public',
  'payments.pay': 'public',
  'payments.stripeWebhook': 'public',

  'settings.get': 'admin',
  'settings.update': 'admin',
  'settings.emailStatus': 'admin',

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

  if (access === 'public') {
    it('is open to a visitor', async () => {
      expect(GUARD_CODES).not.toContain(await outcome(null, path));
    });
    return;
  }

  it('refuses a visitor with UNAUTHORIZED before reading the input', async () => {
    expect(await outcome(null, path)).toBe('UNAUTHORIZED');
  });

  if (access === 'admin') {
    it('refuses a signed-in non-admin with FORBIDDEN', async () => {
      expect(await outcome(plainUser, path)).toBe('FORBIDDEN');
    });
  } else {
    it('lets a signed-in user past the guard', async () => {
      expect(GUARD_CODES).not.toContain(await outcome(plainUser, path));
    });
  }

  it('lets an admin past the guard', async () => {
    expect(GUARD_CODES).not.toContain(await outcome(admin, path));
  });
});
