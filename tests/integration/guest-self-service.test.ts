import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CANCELLATION_CLOSED_MESSAGE,
  CANCELLATION_POLICIES,
  cancellationDeadline,
  LATE_FEE_CHANGED_MESSAGE,
} from '../../src/shared/cancellation.ts';
import { startOfDayIn } from '../../src/shared/home-time.ts';
import { addDays, todayIso } from '../../src/shared/dates.ts';
import { ACCOUNT_DISABLED_MESSAGE } from '../../src/shared/messages.ts';
import { RESET_LINK_INVALID, RESET_NEUTRAL_MESSAGE } from '../../src/shared/schemas/account.ts';
import { LOOKUP_NEUTRAL_MESSAGE } from '../../src/shared/schemas/manage.ts';
import { purgeDeletedAccounts, PURGE_AFTER_DAYS } from '../../src/server/services/auth/account-settings.ts';
import { requestPasswordReset } from '../../src/server/services/auth/password-reset.ts';
import type { TSessionUser } from '../../src/server/services/auth/sessions.ts';
import { lookupBooking } from '../../src/server/services/bookings/lookup.ts';
import {
  BOOKING_LINK_NOT_FOUND,
  cancelAsGuest,
  issueManageLink,
  manageByToken,
} from '../../src/server/services/bookings/manage.ts';
import { callerFor, createTestDatabase, type TTestDb } from '../support/db.ts';
import { createProperty } from '../support/fixtures.ts';

let db: TTestDb;
let propertyId: number;

const contact = (email: string) => ({
  name: 'Ada Lovelace',
  email,
  phone: '+1 555 0100',
  country: 'United Kingdom',
});

let windowStart = 40;
async function book(opts: { user?: TSessionUser | null; email?: string; nights?: number } = {}) {
  const nights = opts.nights ?? 2;
  const checkIn = addDays(todayIso(), windowStart);
  windowStart += nights + 1;
  const { caller } = callerFor(db, opts.user ?? null);
  return caller.bookings.create({
    propertyId,
    checkIn,
    checkOut: addDays(checkIn, nights),
    guests: 1,
    contactInfo: contact(opts.email ?? 'ada@example.com'),
  });
}

/** A confirmed stay that ended yesterday, inserted directly (the booking rules refuse past dates). */
let pastStart = -5;
async function pastStay(userId: number | null, email: string): Promise<{ id: number; token: string }> {
  const checkIn = addDays(todayIso(), pastStart);
  pastStart -= 5;
  const [row] = await db.sql<{ id: number }>(
    `insert into bookings (user_id, property_id, check_in, check_out, guests, total_price, status, contact_info,
                           nightly_price, nights, tax_rate, tax_amount, confirmation_number)
     values ($1, $2, $3, $4, 1, 468, 'confirmed', $5, 100, 4, 17, 68, $6) returning id`,
    [
      userId,
      propertyId,
      checkIn,
      addDays(checkIn, 4),
      JSON.stringify(contact(email)),
      `BIC${Math.floor(Math.random() * 900_000) + 100_000}`,
    ],
  );
  if (!row) throw new Error('no booking');
  return { id: row.id, token: await issueManageLink(db.em(), row.id, addDays(checkIn, 4)) };
}

async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (err) {
    const e = err as { code: string; message: string };
    return { code: e.code, message: e.message };
  }
  throw new Error('expected the call to fail');
}

async function register(username: string, password = 'first-pass') {
  const { caller, cookies } = callerFor(db, null, { ip: `10.0.0.${username.length}` });
  const user = await caller.auth.register({ username, email: `${username}@example.com`, password });
  const token = cookies.set[0]?.token;
  if (!token) throw new Error('no session');
  return { user: { ...user, name: user.name ?? null }, token };
}

/** A reset link for `email`, as the mailer receives it. */
async function resetLinkFor(email: string, ip: string, now?: Date): Promise<string> {
  const sent: string[] = [];
  const send = (_tx: unknown, _to: unknown, token: string) => {
    sent.push(token);
    return Promise.resolve();
  };
  await requestPasswordReset(db.em(), { email }, { ip }, send, now);
  return sent[0] ?? '';
}

beforeAll(async () => {
  db = await createTestDatabase();
  propertyId = (await createProperty(db.em(), { price: 100, maxGuests: 4, title: 'Policy house' })).id;
});
afterAll(async () => {
  await db.drop();
});

describe('manage links', () => {
  it('open the booking they were issued for, and only it', async () => {
    const a = await book();
    const b = await book();
    const { caller } = callerFor(db, null);
    expect(a.manageToken).toMatch(/^[a-z2-7]{32}$/);
    expect((await caller.bookings.manage({ token: a.manageToken })).id).toBe(a.id);
    expect((await caller.bookings.manage({ token: b.manageToken })).id).toBe(b.id);
    // Only the hash is stored.
    const stored = await db.sql<{ id: string }>('select id from booking_links where booking_id = $1', [a.id]);
    expect(stored.map((r) => r.id)).not.toContain(a.manageToken);
    expect(stored[0]?.id).toMatch(/^[0-9a-f]{64}$/);
  });

  it('answer the same 404 for an unknown, malformed or expired token', async () => {
    const a = await book();
    const { caller } = callerFor(db, null);
    await db.sql(`update booking_links set expires_at = now() - interval '1 minute' where booking_id = $1`, [
      a.id,
    ]);
    const outcomes = await Promise.all(
      [a.manageToken, 'a'.repeat(32), 'not a token', ''].map((token) =>
        failure(caller.bookings.manage({ token })),
      ),
    );
    for (const o of outcomes) expect(o).toEqual({ code: 'NOT_FOUND', message: BOOKING_LINK_NOT_FOUND });
    expect(await failure(caller.bookings.manageCancel({ token: a.manageToken }))).toEqual({
      code: 'NOT_FOUND',
      message: BOOKING_LINK_NOT_FOUND,
    });
  });

  it('cancelling frees the dates at once, and a second cancel is refused', async () => {
    const a = await book();
    const { caller } = callerFor(db, null);
    const held = await caller.bookings.availability({ id: propertyId });
    expect(held).toContainEqual({ checkIn: a.checkIn, checkOut: a.checkOut });
    const cancelled = await caller.bookings.manageCancel({ token: a.manageToken });
    expect(cancelled.status).toBe('cancelled');
    expect(await caller.bookings.availability({ id: propertyId })).not.toContainEqual({
      checkIn: a.checkIn,
      checkOut: a.checkOut,
    });
    expect((await failure(caller.bookings.manageCancel({ token: a.manageToken }))).code).toBe('CONFLICT');
  });
});

describe('cancellation deadlines, at the boundary minute', () => {
  // The test homes stand in Miami: their local time is New York's.
  const zone = 'America/New_York';
  it.each(CANCELLATION_POLICIES)(
    "%s: free a minute before the deadline (the home's local midnight); at it, only for the fee the guest accepts",
    async (policy) => {
      await db.sql('update properties set cancellation_policy = $1 where id = $2', [policy, propertyId]);
      const early = await book();
      const late = await book();
      const deadline = cancellationDeadline(early.checkIn, policy, zone);
      const hours = { flexible: 24, moderate: 120, strict: 336 }[policy];
      expect(deadline.getTime()).toBe(startOfDayIn(early.checkIn, zone).getTime() - hours * 3_600_000);
      // Midnight in New York is 04:00 or 05:00 UTC, never UTC's midnight.
      expect([4, 5]).toContain(startOfDayIn(early.checkIn, zone).getUTCHours());

      const ok = await cancelAsGuest(db.em(), early.id, null, new Date(deadline.getTime() - 60_000));
      expect(ok.status).toBe('cancelled');
      expect(ok.cancellationFeeCharged).toBeNull();

      const lateDeadline = cancellationDeadline(late.checkIn, policy, zone);
      const seen = await manageByToken(db.em(), late.manageToken, null, lateDeadline);
      expect(seen.canCancel).toBe(true);
      // Two nights at 100 + 17 % GST: flexible keeps the first night, moderate it and half the other,
      // strict both; the service speaks cents.
      const fee = { flexible: 11700, moderate: 17550, strict: 23400 }[policy];
      expect(seen.cancellationFee).toBe(fee);
      const refused = await failure(cancelAsGuest(db.em(), late.id, null, lateDeadline));
      expect(refused).toEqual({ code: 'CONFLICT', message: LATE_FEE_CHANGED_MESSAGE });
      const wrong = await failure(cancelAsGuest(db.em(), late.id, null, lateDeadline, fee - 1));
      expect(wrong).toEqual({ code: 'CONFLICT', message: LATE_FEE_CHANGED_MESSAGE });
      const [row] = await db.sql<{ status: string }>('select status from bookings where id = $1', [late.id]);
      expect(row?.status).toBe('confirmed');

      const paid = await cancelAsGuest(db.em(), late.id, null, lateDeadline, fee);
      expect(paid).toMatchObject({ status: 'cancelled', cancellationFeeCharged: fee, canCancel: false });
    },
  );

  it('once the stay has begun at the home, it cannot be cancelled online', async () => {
    const b = await book();
    const begun = startOfDayIn(b.checkIn, zone);
    const seen = await manageByToken(db.em(), b.manageToken, null, begun);
    expect(seen).toMatchObject({ canCancel: false, cancellationFee: null });
    const refused = await failure(cancelAsGuest(db.em(), b.id, null, begun, 0));
    expect(refused).toEqual({ code: 'CONFLICT', message: CANCELLATION_CLOSED_MESSAGE });
  });

  it('the default policy is moderate, and the property page carries it', async () => {
    const id = (await createProperty(db.em(), { title: 'Default policy' })).id;
    const p = await callerFor(db, null).caller.properties.byId({ id });
    expect(p.cancellationPolicy).toBe('moderate');
  });
});

describe('find my booking', () => {
  it('answers the same neutral message whether or not the details match, and links only on a match', async () => {
    const a = await book({ email: 'finder@example.com' });
    const sent: { bookingId: number; token: string }[] = [];
    const send = (_tx: unknown, bookingId: number, token: string) => {
      sent.push({ bookingId, token });
      return Promise.resolve();
    };
    const em = db.em();
    const ask = (confirmationNumber: string, email: string, ip: string) =>
      lookupBooking(em, { confirmationNumber, email }, { ip }, send);

    const answers = await Promise.all([
      ask(a.confirmationNumber, 'someone-else@example.com', '10.1.0.1'),
      ask('BIC000000', 'finder@example.com', '10.1.0.2'),
      ask(a.confirmationNumber.toLowerCase(), 'FINDER@example.com', '10.1.0.3'),
    ]);
    for (const answer of answers) expect(answer).toEqual({ message: LOOKUP_NEUTRAL_MESSAGE });
    expect(sent).toHaveLength(1);
    expect(sent[0]?.bookingId).toBe(a.id);
    const token = sent[0]?.token ?? '';
    expect((await manageByToken(db.em(), token, null)).id).toBe(a.id);
  });

  it('is rate-limited per IP', async () => {
    const send = () => Promise.resolve();
    const codes: string[] = [];
    for (let i = 0; i < 12; i++) {
      const outcome = await lookupBooking(
        db.em(),
        { confirmationNumber: 'BIC123456', email: 'x@example.com' },
        { ip: '10.9.9.9' },
        send,
      ).then(
        () => 'OK',
        (err: { code: string }) => err.code,
      );
      codes.push(outcome);
    }
    expect(codes.slice(0, 10).every((c) => c === 'OK')).toBe(true);
    expect(codes.slice(10)).toEqual(['TOO_MANY_REQUESTS', 'TOO_MANY_REQUESTS']);
  });
});

describe('password reset links', () => {
  it('work once, within the hour, and sign out every session', async () => {
    const { user, token: oldSession } = await register('resetter');
    const sent: string[] = [];
    const send = (_tx: unknown, _to: unknown, token: string) => {
      sent.push(token);
      return Promise.resolve();
    };
    const neutral = await requestPasswordReset(
      db.em(),
      { email: 'resetter@example.com' },
      { ip: '10.2.0.1' },
      send,
    );
    const unknown = await requestPasswordReset(
      db.em(),
      { email: 'nobody@example.com' },
      { ip: '10.2.0.1' },
      send,
    );
    expect(neutral).toEqual({ message: RESET_NEUTRAL_MESSAGE });
    expect(unknown).toEqual(neutral);
    expect(sent).toHaveLength(1);
    const link = sent[0] ?? '';

    const { caller, cookies } = callerFor(db, null);
    const signedIn = await caller.auth.confirmPasswordReset({ token: link, password: 'brand-new' });
    expect(signedIn.id).toBe(user.id);
    expect(cookies.set).toHaveLength(1);
    const sessions = await db.sql<{ n: number }>(
      'select count(*)::int as n from sessions where user_id = $1',
      [user.id],
    );
    expect(sessions[0]?.n).toBe(1);
    expect(oldSession).not.toBe(cookies.set[0]?.token);

    expect(await failure(caller.auth.confirmPasswordReset({ token: link, password: 'again-new' }))).toEqual({
      code: 'NOT_FOUND',
      message: RESET_LINK_INVALID,
    });
    // The new password signs in.
    await callerFor(db, null, { ip: '10.2.0.9' }).caller.auth.login({
      username: 'resetter',
      password: 'brand-new',
    });
  });

  it('refuses a disabled account its reset: no session, the password kept, the link still good once enabled', async () => {
    const { user } = await register('disabled-resetter');
    const link = await resetLinkFor('disabled-resetter@example.com', '10.2.0.3');
    const [before] = await db.sql<{ password: string }>('select password from users where id = $1', [
      user.id,
    ]);
    await db.sql('update users set disabled_at = now() where id = $1', [user.id]);
    const { caller, cookies } = callerFor(db, null);
    expect(
      await failure(caller.auth.confirmPasswordReset({ token: link, password: 'while-disabled' })),
    ).toEqual({
      code: 'FORBIDDEN',
      message: ACCOUNT_DISABLED_MESSAGE,
    });
    expect(cookies.set).toHaveLength(0);
    const [after] = await db.sql<{ password: string }>('select password from users where id = $1', [user.id]);
    expect(after?.password).toBe(before?.password);

    await db.sql('update users set disabled_at = null where id = $1', [user.id]);
    expect((await caller.auth.confirmPasswordReset({ token: link, password: 'once-enabled' })).id).toBe(
      user.id,
    );
  });

  it('refuses an expired link with the same 404', async () => {
    await register('late-resetter');
    const link = await resetLinkFor(
      'late-resetter@example.com',
      '10.2.0.2',
      new Date(Date.now() - 61 * 60_000),
    );
    const { caller } = callerFor(db, null);
    expect(await failure(caller.auth.confirmPasswordReset({ token: link, password: 'whatever' }))).toEqual({
      code: 'NOT_FOUND',
      message: RESET_LINK_INVALID,
    });
  });
});

describe('account settings', () => {
  it('a password change needs the current one and ends the other sessions only', async () => {
    const { user } = await register('changer');
    const second = await callerFor(db, null, { ip: '10.3.0.1' }).caller.auth.login({
      username: 'changer',
      password: 'first-pass',
    });
    expect(second.id).toBe(user.id);
    const [keep] = await db.sql<{ id: string }>(
      'select id from sessions where user_id = $1 order by created_at desc limit 1',
      [user.id],
    );
    const { caller } = callerFor(db, user, { sessionId: keep?.id ?? null, ip: '10.3.0.2' });
    expect(
      (await failure(caller.auth.changePassword({ currentPassword: 'wrong', newPassword: 'next-pass' })))
        .code,
    ).toBe('FORBIDDEN');
    await caller.auth.changePassword({ currentPassword: 'first-pass', newPassword: 'next-pass' });
    const left = await db.sql<{ id: string }>('select id from sessions where user_id = $1', [user.id]);
    expect(left.map((s) => s.id)).toEqual([keep?.id]);
  });

  it('the e-mail must stay unique', async () => {
    const { user } = await register('renamer');
    await register('holder');
    const { caller } = callerFor(db, user);
    expect(
      (
        await failure(
          caller.auth.updateMe({ name: 'R', email: 'HOLDER@example.com', currentPassword: 'first-pass' }),
        )
      ).code,
    ).toBe('CONFLICT');
    const changed = await caller.auth.updateMe({
      name: 'Rena Mer',
      email: 'rena@example.com',
      currentPassword: 'first-pass',
    });
    expect(changed).toMatchObject({ name: 'Rena Mer', email: 'rena@example.com' });
  });

  it('changing the e-mail needs the current password, and the old address is told', async () => {
    const { user } = await register('mover');
    const { caller } = callerFor(db, user, { ip: '10.3.9.1' });
    // A stolen session alone cannot move the account's mail (and so its password resets) elsewhere.
    expect(await failure(caller.auth.updateMe({ name: '', email: 'thief@example.com' }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'Please enter your current password to change your e-mail',
    });
    expect(
      await failure(caller.auth.updateMe({ name: '', email: 'thief@example.com', currentPassword: 'guess' })),
    ).toEqual({ code: 'FORBIDDEN', message: 'Your current password is not correct' });
    const [still] = await db.sql<{ email: string }>('select email from users where id = $1', [user.id]);
    expect(still?.email).toBe('mover@example.com');
    // The name alone changes without it; the e-mail's letter case is no change either.
    await caller.auth.updateMe({ name: 'Mo Ver', email: 'MOVER@example.com' });
    await caller.auth.updateMe({
      name: 'Mo Ver',
      email: 'new-mover@example.com',
      currentPassword: 'first-pass',
    });
    const told = await db.sql<{ to_address: string; text: string }>(
      `select to_address, text from emails where template = 'email-changed' and to_address ilike '%mover%' order by id`,
    );
    expect(told).toEqual([
      {
        to_address: expect.stringMatching(/^mover@example\.com$/i),
        text: expect.stringContaining('changed to new-mover@example.com'),
      },
    ]);
  });

  it('the old address undoes an e-mail change: the address returns, every session ends, a new password follows', async () => {
    const { user } = await register('taken-over');
    const { caller } = callerFor(db, user, { ip: '10.3.9.2' });
    // A thief who knows the password moves the mail, then asks for a reset link at the new address.
    await caller.auth.updateMe({ name: '', email: 'thief-box@example.com', currentPassword: 'first-pass' });
    expect(await resetLinkFor('thief-box@example.com', '10.3.9.3')).not.toBe('');
    const [told] = await db.sql<{ text: string }>(
      `select text from emails where template = 'email-changed' and to_address ilike '%taken-over%'`,
    );
    const token = /\/undo-email-change\/([a-z2-7]{32})/.exec(told?.text ?? '')?.[1] ?? '';
    expect(told?.text).toContain('Undo the change');

    const { caller: anyone } = callerFor(db, null, { ip: '10.3.9.4' });
    const undone = await anyone.auth.undoEmailChange({ token });
    expect(undone.email).toBe('taken-over@example.com');
    const [row] = await db.sql<{ email: string }>('select email from users where id = $1', [user.id]);
    expect(row?.email).toBe('taken-over@example.com');
    expect(await db.sql('select 1 from sessions where user_id = $1', [user.id])).toEqual([]);
    // Only the link answered to the undo's holder still sets a password; the thief's died.
    expect(await db.sql('select 1 from password_resets where user_id = $1', [user.id])).toHaveLength(1);
    const resetToken = undone.resetPath.split('/').pop() ?? '';
    await anyone.auth.confirmPasswordReset({ token: resetToken, password: 'taken-back-pw' });

    // The link works once, and a made-up one is the same 404.
    for (const t of [token, 'a'.repeat(32), 'not a token'])
      expect(await failure(anyone.auth.undoEmailChange({ token: t }))).toEqual({
        code: 'NOT_FOUND',
        message: 'This link is invalid, has expired or was used already',
      });
  });

  it('deleting deactivates at once; the purge job anonymises bookings and removes personal data', async () => {
    const { user, token } = await register('leaver');
    const upcoming = await book({ user, email: 'leaver@example.com' });
    const past = await pastStay(user.id, 'leaver@example.com');
    const { caller: asLeaver } = callerFor(db, user);
    await asLeaver.bookings.reviewMine({
      id: past.id,
      rating: 4,
      comment: 'Lovely quiet home, would come back.',
    });
    await asLeaver.wishlist.save({ propertyId });

    const publicReviews = async () =>
      (await callerFor(db, null).caller.reviews.byProperty({ id: propertyId })).filter(
        (r) => r.comment === 'Lovely quiet home, would come back.',
      );
    const [before] = await publicReviews();
    expect(before?.userName).not.toBe('Former guest');

    expect((await failure(asLeaver.auth.deleteMe({ password: 'wrong-pass' }))).code).toBe('FORBIDDEN');
    await asLeaver.auth.deleteMe({ password: 'first-pass' });
    // The name leaves the public review at once, not with the purge a week later.
    const [after] = await publicReviews();
    expect(after).toMatchObject({ userName: 'Former guest', rating: 4 });
    expect(after?.userImage ?? null).toBeNull();
    // Deactivated at once: no session, no sign-in.
    expect(await db.sql('select 1 from sessions where user_id = $1', [user.id])).toEqual([]);
    expect(token).toBeTruthy();
    expect(
      (
        await failure(
          callerFor(db, null, { ip: '10.4.0.1' }).caller.auth.login({
            username: 'leaver',
            password: 'first-pass',
          }),
        )
      ).code,
    ).toBe('UNAUTHORIZED');

    // Not yet due: nothing is purged.
    expect(await purgeDeletedAccounts(db.em(), new Date())).toBe(0);
    const later = new Date(Date.now() + (PURGE_AFTER_DAYS + 1) * 86_400_000);
    expect(await purgeDeletedAccounts(db.em(), later)).toBe(1);

    expect(await db.sql('select 1 from users where id = $1', [user.id])).toEqual([]);
    expect(await db.sql('select 1 from wishlist_items where user_id = $1', [user.id])).toEqual([]);
    const bookings = await db.sql<{
      id: number;
      user_id: number | null;
      contact_info: unknown;
      status: string;
    }>('select id, user_id, contact_info, status from bookings where id = any($1::int[]) order by id', [
      [upcoming.id, past.id],
    ]);
    expect(bookings).toHaveLength(2);
    for (const b of bookings) expect(b).toMatchObject({ user_id: null, contact_info: null });
    const reviews = await db.sql<{ user_id: number | null; user_name: string; rating: number }>(
      'select user_id, user_name, rating from reviews where booking_id = $1',
      [past.id],
    );
    expect(reviews).toEqual([{ user_id: null, user_name: 'Former guest', rating: 4 }]);
    const leftovers = await db.sql<{ n: number }>(
      `select count(*)::int as n from bookings where contact_info::text ilike '%leaver%'`,
    );
    expect(leftovers[0]?.n).toBe(0);
  });
});

describe('reviews from stays', () => {
  it('a completed confirmed stay is reviewed once, verified, and the rating is the true average', async () => {
    const id = (await createProperty(db.em(), { title: 'Review house' })).id;
    const saved = propertyId;
    propertyId = id;
    try {
      const { user } = await register('reviewer');
      const admin = callerFor(db, {
        id: 1,
        username: 'admin',
        email: 'a@x',
        name: null,
        isAdmin: true,
      }).caller;
      await admin.reviews.create({ propertyId: id, rating: 2, comment: 'Admin entered', userName: 'Sam' });
      const stay = await pastStay(user.id, 'reviewer@example.com');
      const future = await book({ user, email: 'reviewer@example.com' });
      const { caller } = callerFor(db, user);
      expect(
        (
          await failure(
            caller.bookings.reviewMine({ id: future.id, rating: 5, comment: 'Too early to say!' }),
          )
        ).code,
      ).toBe('CONFLICT');
      const done = await caller.bookings.reviewMine({
        id: stay.id,
        rating: 5,
        comment: 'Wonderful stay, thank you.',
      });
      expect(done.review?.rating).toBe(5);
      expect(done.canReview).toBe(false);
      expect(
        (await failure(caller.bookings.reviewMine({ id: stay.id, rating: 1, comment: 'Second try here.' })))
          .code,
      ).toBe('CONFLICT');
      expect(
        (
          await failure(
            callerFor(db, null).caller.bookings.manageReview({
              token: stay.token,
              rating: 1,
              comment: 'Through the link.',
            }),
          )
        ).code,
      ).toBe('CONFLICT');
      const reviews = await callerFor(db, null).caller.reviews.byProperty({ id });
      expect(reviews.map((r) => [r.rating, r.verified])).toEqual(
        expect.arrayContaining([
          [5, true],
          [2, false],
        ]),
      );
      const p = await callerFor(db, null).caller.properties.byId({ id });
      expect(p.rating).toBe(3.5);
      expect(p.reviewCount).toBe(2);
    } finally {
      propertyId = saved;
    }
  });

  it('is refused when reviews are disabled', async () => {
    const { user } = await register('muted');
    const stay = await pastStay(user.id, 'muted@example.com');
    await db.sql('insert into settings (id) values (1) on conflict (id) do nothing');
    await db.sql('update settings set enable_reviews = false where id = 1');
    try {
      const { caller } = callerFor(db, user);
      expect((await caller.bookings.mineDetail({ id: stay.id })).canReview).toBe(false);
      expect(
        (
          await failure(
            caller.bookings.reviewMine({ id: stay.id, rating: 4, comment: 'Should not be kept.' }),
          )
        ).code,
      ).toBe('FORBIDDEN');
    } finally {
      await db.sql('update settings set enable_reviews = true where id = 1');
    }
  });
});

describe('nobody reaches another user’s booking, wishlist or account', () => {
  it('booking ids of someone else answer the same 404 as unknown ones', async () => {
    const { user: owner } = await register('owner-one');
    const { user: other } = await register('other-one');
    const mine = await book({ user: owner, email: 'owner-one@example.com' });
    const past = await pastStay(owner.id, 'owner-one@example.com');
    const { caller } = callerFor(db, other);
    // Thunks, called one at a time: a call started early would reject before anything awaits it.
    for (const call of [
      () => caller.bookings.mineDetail({ id: mine.id }),
      () => caller.bookings.cancelMine({ id: mine.id }),
      () => caller.bookings.reviewMine({ id: past.id, rating: 5, comment: 'Not my stay at all.' }),
      () => caller.bookings.mineDetail({ id: 999_999 }),
    ]) {
      expect(await failure(call())).toEqual({ code: 'NOT_FOUND', message: 'Booking not found' });
    }
    expect((await caller.bookings.mine()).map((b) => b.id)).not.toContain(mine.id);
    const [row] = await db.sql<{ status: string }>('select status from bookings where id = $1', [mine.id]);
    expect(row?.status).toBe('confirmed');
  });

  it('a guest booking is claimed only by the account with its e-mail, holding its link', async () => {
    const { user: ada } = await register('claimer');
    const { user: eve } = await register('eve');
    const guestBooking = await book({ email: 'claimer@example.com' });
    expect(
      (await failure(callerFor(db, eve).caller.bookings.manageClaim({ token: guestBooking.manageToken })))
        .code,
    ).toBe('FORBIDDEN');
    const view = await callerFor(db, ada).caller.bookings.manage({ token: guestBooking.manageToken });
    expect(view.claimable).toBe(true);
    await callerFor(db, ada).caller.bookings.manageClaim({ token: guestBooking.manageToken });
    expect((await callerFor(db, ada).caller.bookings.mine()).map((b) => b.id)).toContain(guestBooking.id);
  });

  it('wishlists are per account', async () => {
    const { user: a } = await register('saver-a');
    const { user: b } = await register('saver-b');
    await callerFor(db, a).caller.wishlist.save({ propertyId });
    expect((await callerFor(db, a).caller.wishlist.list()).map((p) => p.id)).toEqual([propertyId]);
    expect(await callerFor(db, b).caller.wishlist.list()).toEqual([]);
    await callerFor(db, b).caller.wishlist.remove({ propertyId });
    expect((await callerFor(db, a).caller.wishlist.list()).map((p) => p.id)).toEqual([propertyId]);
    const merged = await callerFor(db, b).caller.wishlist.merge({ propertyIds: [propertyId, 999_999] });
    expect(merged.map((p) => p.id)).toEqual([propertyId]);
  });

  it('account changes apply to the session user only', async () => {
    const { user: a } = await register('self-a');
    const { user: b } = await register('self-b');
    await callerFor(db, a).caller.auth.updateMe({
      name: 'Only A',
      email: 'only-a@example.com',
      currentPassword: 'first-pass',
    });
    const [row] = await db.sql<{ name: string | null; email: string }>(
      'select name, email from users where id = $1',
      [b.id],
    );
    expect(row).toEqual({ name: null, email: 'self-b@example.com' });
  });
});
