import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TRegisterInput } from '../../src/shared/schemas/auth.ts';
import { LOGIN_LIMITS } from '../../src/server/services/auth/rate-limit.ts';
import {
  SESSION_LIFETIMES,
  sessionIdFromToken,
  validateSessionToken,
} from '../../src/server/services/auth/sessions.ts';
import { TEST_ADMIN } from '../support/constants.ts';
import { callerFor, createTestDatabase, type TTestDb } from '../support/db.ts';

let db: TTestDb;
let seq = 0;

/** A unique account per test, so the tests do not share rate-limit counters. */
function account(overrides: Partial<TRegisterInput> = {}): TRegisterInput {
  seq += 1;
  return { username: `guest${seq}`, email: `guest${seq}@example.com`, password: 'secret-pw', ...overrides };
}

/** Each test signs in from its own address, so the per-IP counter of one test does not leak into another. */
function ipFor(n: number): string {
  return `10.1.0.${n}`;
}

async function sessionRows(userId: number) {
  return db.sql<{ id: string; expires_at: Date; absolute_expires_at: Date }>(
    'select id, expires_at, absolute_expires_at from sessions where user_id = $1 order by created_at',
    [userId],
  );
}

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

describe('auth.register', () => {
  it('creates a plain user, hashes the password with argon2id and signs the user in', async () => {
    const input = account({ name: '  Ada Lovelace ' });
    const { caller, cookies } = callerFor(db, null);
    const user = await caller.auth.register(input);
    expect(user).toEqual({
      id: expect.any(Number),
      username: input.username,
      email: input.email,
      name: 'Ada Lovelace',
      isAdmin: false,
    });
    expect(user).not.toHaveProperty('password');

    const [row] = await db.sql<{ password: string; is_admin: boolean }>(
      'select password, is_admin from users where id = $1',
      [user.id],
    );
    expect(row?.is_admin).toBe(false);
    expect(row?.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row?.password).not.toContain(input.password);

    expect(cookies.set).toHaveLength(1);
    const token = cookies.set[0]?.token ?? '';
    expect(token).toMatch(/^[a-z2-7]{32}$/);
    const sessions = await sessionRows(user.id);
    expect(sessions.map((s) => s.id)).toEqual([sessionIdFromToken(token)]);
    expect(sessions[0]?.id).not.toBe(token);
  });

  it('ignores isAdmin in the body', async () => {
    const input = { ...account(), isAdmin: true } as TRegisterInput;
    const { caller } = callerFor(db, null);
    const user = await caller.auth.register(input);
    expect(user.isAdmin).toBe(false);
    const [row] = await db.sql<{ is_admin: boolean }>('select is_admin from users where id = $1', [user.id]);
    expect(row?.is_admin).toBe(false);
  });

  it('answers 409 for a username or email that exists, whatever the letter case', async () => {
    const input = account();
    await callerFor(db, null).caller.auth.register(input);
    const { caller } = callerFor(db, null);
    await expect(
      caller.auth.register(account({ username: input.username.toUpperCase() })),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'Username already exists',
    });
    await expect(caller.auth.register(account({ email: input.email.toUpperCase() }))).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'Email already registered',
    });
  });

  it('lets the unique index decide when two registrations race', async () => {
    const input = account();
    const results = await Promise.allSettled([
      callerFor(db, null).caller.auth.register(input),
      callerFor(db, null).caller.auth.register({ ...input, email: `other-${input.email}` }),
      // Every pair collides (the same username, case aside), so exactly one can win whatever the order.
      callerFor(db, null).caller.auth.register({
        ...input,
        username: input.username.toUpperCase(),
        email: `third-${input.email}`,
      }),
    ]);
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(ok).toHaveLength(1);
    expect(refused).toHaveLength(2);
    for (const r of refused) {
      expect(r.reason).toMatchObject({ code: 'CONFLICT' });
      expect(['Username already exists', 'Email already registered']).toContain((r.reason as Error).message);
    }
  });

  it("enforces the spec's rules with its messages", async () => {
    const { caller } = callerFor(db, null);
    await expect(caller.auth.register(account({ username: 'ab' }))).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Username must be at least 3 characters',
    });
    await expect(caller.auth.register(account({ password: '12345' }))).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Password must be at least 6 characters',
    });
    await expect(caller.auth.register(account({ email: 'not-an-email' }))).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Please enter a valid email',
    });
  });

  it('replaces the session the request came with', async () => {
    const first = callerFor(db, null);
    const a = await first.caller.auth.register(account());
    const oldSession = sessionIdFromToken(first.cookies.set[0]?.token ?? '');
    const second = callerFor(db, a, { sessionId: oldSession });
    await second.caller.auth.register(account());
    expect(await db.sql('select 1 from sessions where id = $1', [oldSession])).toHaveLength(0);
  });
});

describe('auth.login', () => {
  it('signs in (case-insensitive username) and rotates the session', async () => {
    const input = account();
    const reg = callerFor(db, null);
    const user = await reg.caller.auth.register(input);
    const registeredSession = sessionIdFromToken(reg.cookies.set[0]?.token ?? '');

    const { caller, cookies } = callerFor(db, user, { sessionId: registeredSession, ip: ipFor(1) });
    const again = await caller.auth.login({
      username: input.username.toUpperCase(),
      password: input.password,
    });
    expect(again).toEqual(user);
    const token = cookies.set[0]?.token ?? '';
    const sessions = await sessionRows(user.id);
    expect(sessions.map((s) => s.id)).toEqual([sessionIdFromToken(token)]);
    expect(sessionIdFromToken(token)).not.toBe(registeredSession);
  });

  it('answers one 401 message whether or not the user exists', async () => {
    const input = account();
    await callerFor(db, null).caller.auth.register(input);
    const { caller, cookies } = callerFor(db, null, { ip: ipFor(2) });
    await expect(
      caller.auth.login({ username: input.username, password: 'wrong-password' }),
    ).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      message: 'Invalid username or password',
    });
    await expect(
      caller.auth.login({ username: 'nobody-here', password: 'wrong-password' }),
    ).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      message: 'Invalid username or password',
    });
    expect(cookies.set).toHaveLength(0);
  });

  it('gives admins the shorter session lifetime', async () => {
    const { caller, cookies } = callerFor(db, null, { ip: ipFor(3) });
    const admin = await caller.auth.login({ username: TEST_ADMIN.username, password: TEST_ADMIN.password });
    expect(admin.isAdmin).toBe(true);
    const token = cookies.set[0]?.token ?? '';
    const [row] = await db.sql<{ created_at: Date; absolute_expires_at: Date; expires_at: Date }>(
      'select created_at, expires_at, absolute_expires_at from sessions where id = $1',
      [sessionIdFromToken(token)],
    );
    expect(row).toBeDefined();
    const created = new Date(row!.created_at).getTime();
    expect(new Date(row!.absolute_expires_at).getTime() - created).toBe(SESSION_LIFETIMES.admin.absoluteMs);
    expect(new Date(row!.expires_at).getTime() - created).toBe(SESSION_LIFETIMES.admin.idleMs);
  });

  it('gives every staff role the admin session rule, and a guest the guest rule, at sign-in and as it slides', async () => {
    const roles = ['manager', 'housekeeper', 'owner', null] as const;
    for (const [i, role] of roles.entries()) {
      const input = account();
      const user = await callerFor(db, null, { ip: ipFor(40 + i) }).caller.auth.register(input);
      await db.sql('update users set staff_role = $2 where id = $1', [user.id, role]);
      await db.sql('delete from sessions where user_id = $1', [user.id]);
      const { caller, cookies } = callerFor(db, null, { ip: ipFor(40 + i) });
      await caller.auth.login({ username: input.username, password: input.password });
      const token = cookies.set[0]?.token ?? '';
      const [row] = await db.sql<{ created_at: Date; absolute_expires_at: Date; expires_at: Date }>(
        'select created_at, expires_at, absolute_expires_at from sessions where id = $1',
        [sessionIdFromToken(token)],
      );
      const life = role ? SESSION_LIFETIMES.admin : SESSION_LIFETIMES.user;
      const created = new Date(row!.created_at).getTime();
      expect(new Date(row!.absolute_expires_at).getTime() - created, String(role)).toBe(life.absoluteMs);
      expect(new Date(row!.expires_at).getTime() - created, String(role)).toBe(life.idleMs);

      // Past half the staff idle time the session slides by the staff idle time; a guest's does not move yet.
      const later = new Date(created + SESSION_LIFETIMES.admin.idleMs * 0.75);
      const valid = await validateSessionToken(db.em(), token, later);
      expect(valid?.refreshed, String(role)).toBe(role !== null);
      if (role) expect(valid?.expiresAt.getTime()).toBe(later.getTime() + SESSION_LIFETIMES.admin.idleMs);
      // A staff idle time later with no request, a staff session is over; a guest's is not.
      const idle = new Date(later.getTime() + SESSION_LIFETIMES.admin.idleMs + 1000);
      expect(await validateSessionToken(db.em(), token, idle), String(role)).toEqual(
        role ? null : expect.objectContaining({ sessionId: sessionIdFromToken(token) }),
      );
    }
  });
});

describe('failed-login limits', () => {
  it('answers 429 from the 6th rapid attempt on an account from one address, even with the right password', async () => {
    const input = account();
    const user = await callerFor(db, null).caller.auth.register(input);
    const { caller } = callerFor(db, null, { ip: ipFor(10) });
    for (let i = 0; i < LOGIN_LIMITS.perAccount; i++) {
      await expect(
        caller.auth.login({ username: input.username, password: 'wrong-password' }),
      ).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    }
    await expect(
      caller.auth.login({ username: input.username, password: 'wrong-password' }),
    ).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: 'Too many login attempts. Please try again in 15 minutes.',
    });
    // The address that guessed stays refused, even with the right password, until the window ends.
    await expect(
      caller.auth.login({ username: input.username, password: input.password }),
    ).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
    });
    // The owner, signing in from their own address, is not locked out by someone else's guesses.
    const owner = callerFor(db, null, { ip: ipFor(11) }).caller;
    await expect(
      owner.auth.login({ username: input.username.toUpperCase(), password: input.password }),
    ).resolves.toMatchObject({ username: input.username });
    // Nor is a change that needs the password (counted by the same limiter).
    const ownerSession = callerFor(db, user, { ip: ipFor(11) }).caller;
    await expect(
      ownerSession.auth.changePassword({ currentPassword: input.password, newPassword: input.password }),
    ).resolves.toEqual({ ok: true });

    await db.sql(
      `update rate_limits set window_start = now() - interval '16 minutes' where key like 'login:pair:%'`,
    );
    await expect(
      caller.auth.login({ username: input.username, password: input.password }),
    ).resolves.toMatchObject({
      username: input.username,
    });
  });

  it('counts failures of unknown usernames the same way', async () => {
    const { caller } = callerFor(db, null, { ip: ipFor(12) });
    for (let i = 0; i < LOGIN_LIMITS.perAccount; i++) {
      await expect(
        caller.auth.login({ username: 'ghost-user', password: 'wrong-password' }),
      ).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    }
    await expect(
      caller.auth.login({ username: 'ghost-user', password: 'wrong-password' }),
    ).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
    });
  });

  it('resets the account counter after a successful login', async () => {
    const input = account();
    await callerFor(db, null).caller.auth.register(input);
    const { caller } = callerFor(db, null, { ip: ipFor(13) });
    const fail = () =>
      expect(
        caller.auth.login({ username: input.username, password: 'wrong-password' }),
      ).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    for (let i = 0; i < LOGIN_LIMITS.perAccount - 1; i++) await fail();
    await caller.auth.login({ username: input.username, password: input.password });
    for (let i = 0; i < LOGIN_LIMITS.perAccount; i++) await fail();
  });

  it('limits failures per IP across accounts', async () => {
    const ip = ipFor(14);
    const { caller } = callerFor(db, null, { ip });
    for (let i = 0; i < LOGIN_LIMITS.perIp; i++) {
      await expect(
        caller.auth.login({ username: `spray-${i}`, password: 'wrong-password' }),
      ).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    }
    await expect(
      caller.auth.login({ username: 'spray-fresh', password: 'wrong-password' }),
    ).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
    });
    // Another address is not affected.
    await expect(
      callerFor(db, null, { ip: ipFor(15) }).caller.auth.login({
        username: 'spray-fresh',
        password: 'wrong-password',
      }),
    ).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
  });

  it('does not let parallel guesses from one address slip past the account limit', async () => {
    const input = account();
    await callerFor(db, null).caller.auth.register(input);
    const attempts = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) =>
        callerFor(db, null, { ip: ipFor(30) }).caller.auth.login({
          username: input.username,
          password: `guess-${i}`,
        }),
      ),
    );
    const codes = attempts.map((a) => (a.status === 'rejected' ? (a.reason as { code: string }).code : 'OK'));
    expect(codes.filter((c) => c === 'UNAUTHORIZED')).toHaveLength(LOGIN_LIMITS.perAccount);
    expect(codes.filter((c) => c === 'TOO_MANY_REQUESTS')).toHaveLength(12 - LOGIN_LIMITS.perAccount);
  });
});

describe('concurrent logins', () => {
  it('never deadlock on the shared counters: parallel login loops on one account from one address all succeed', async () => {
    const input = account();
    await callerFor(db, null).caller.auth.register(input);
    const failures: unknown[] = [];
    // As many loops as the account limit allows in flight at once, each logging in again and again.
    const loop = async () => {
      for (let i = 0; i < 20; i++) {
        await callerFor(db, null, { ip: ipFor(50) })
          .caller.auth.login({ username: input.username, password: input.password })
          .catch((err: unknown) => failures.push(err));
      }
    };
    await Promise.all(Array.from({ length: LOGIN_LIMITS.perAccount }, loop));
    expect(failures).toEqual([]);
  });
});

describe('auth.me and auth.logout', () => {
  it('me answers the signed-in user, and 401 for a visitor', async () => {
    const user = await callerFor(db, null).caller.auth.register(account());
    await expect(callerFor(db, user).caller.auth.me()).resolves.toEqual(user);
    await expect(callerFor(db, null).caller.auth.me()).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      message: 'Authentication required',
    });
  });

  it('logout deletes the session on the server and clears the cookie', async () => {
    const reg = callerFor(db, null);
    const user = await reg.caller.auth.register(account());
    const sessionId = sessionIdFromToken(reg.cookies.set[0]?.token ?? '');
    const { caller, cookies } = callerFor(db, user, { sessionId });
    await expect(caller.auth.logout({})).resolves.toEqual({ success: true });
    expect(cookies.cleared).toBe(1);
    expect(await db.sql('select 1 from sessions where id = $1', [sessionId])).toHaveLength(0);
    // Without a session it is a harmless no-op.
    await expect(callerFor(db, null).caller.auth.logout()).resolves.toEqual({ success: true });
  });
});
