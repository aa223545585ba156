import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRouter } from '../../src/server/router.ts';
import { SESSION_COOKIE, sessionIdFromToken } from '../../src/server/services/auth/sessions.ts';
import { LOGIN_LIMITS } from '../../src/server/services/auth/rate-limit.ts';
import { TEST_ADMIN } from '../support/constants.ts';
import { api, startTestServer, type TTestServer } from '../support/server.ts';

let srv: TTestServer;
let seq = 0;

function newAccount() {
  seq += 1;
  return { username: `rest${seq}`, email: `rest${seq}@example.com`, password: 'secret-pw' };
}

/** The session cookie a response sets, with its attributes. */
function sessionCookie(headers: Headers): { token: string; attrs: string[] } | undefined {
  const raw = headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (!raw) return undefined;
  const [pair, ...attrs] = raw.split(';').map((s) => s.trim());
  return { token: decodeURIComponent((pair ?? '').slice(SESSION_COOKIE.length + 1)), attrs };
}

function cookieHeader(token: string): Record<string, string> {
  return { cookie: `${SESSION_COOKIE}=${token}` };
}

/** Each rate-limit test speaks from its own address (the server trusts X-Forwarded-For from loopback only). */
function from(ip: string): Record<string, string> {
  return { 'x-forwarded-for': ip };
}

async function register(account = newAccount()) {
  const res = await api(srv.url, 'POST', '/api/auth/register', account);
  expect(res.status).toBe(200);
  const cookie = sessionCookie(res.headers);
  if (!cookie) throw new Error('register set no session cookie');
  return { account, user: res.body as { id: number; username: string }, token: cookie.token };
}

beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(async () => {
  await srv.close();
});

describe('REST auth paths', () => {
  it('register answers the user, never a hash, ignores isAdmin and sets a safe session cookie', async () => {
    const account = newAccount();
    const res = await api(srv.url, 'POST', '/api/auth/register', {
      ...account,
      name: 'Grace',
      isAdmin: true,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: expect.any(Number),
      username: account.username,
      email: account.email,
      name: 'Grace',
      isAdmin: false,
    });
    expect(JSON.stringify(res.body)).not.toMatch(/argon|password/i);

    const cookie = sessionCookie(res.headers);
    expect(cookie).toBeDefined();
    const attrs = cookie!.attrs.map((a) => a.toLowerCase());
    expect(attrs).toContain('httponly');
    expect(attrs).toContain('samesite=lax');
    expect(attrs).toContain('path=/');
    expect(attrs.some((a) => a.startsWith('expires='))).toBe(true);
    // Not Secure outside production (tests and local development run on plain http).
    expect(attrs).not.toContain('secure');
    // The database holds the token's SHA-256, never the token.
    const rows = await srv.db.sql<{ id: string }>('select id from sessions where user_id = $1', [
      res.body.id,
    ]);
    expect(rows.map((r) => r.id)).toEqual([sessionIdFromToken(cookie!.token)]);

    const me = await api(srv.url, 'GET', '/api/auth/me', undefined, cookieHeader(cookie!.token));
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ username: account.username, isAdmin: false });
  });

  it('me answers 401 when nobody is signed in, or the cookie is not a session', async () => {
    const res = await api(srv.url, 'GET', '/api/auth/me');
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Authentication required');
    const forged = await api(srv.url, 'GET', '/api/auth/me', undefined, cookieHeader('a'.repeat(32)));
    expect(forged.status).toBe(401);
  });

  it('issues a new session at login and retires the one the browser came with', async () => {
    const { account, token: before } = await register();
    const res = await api(
      srv.url,
      'POST',
      '/api/auth/login',
      { username: account.username, password: account.password },
      cookieHeader(before),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ username: account.username, isAdmin: false });
    const after = sessionCookie(res.headers)?.token;
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
    expect((await api(srv.url, 'GET', '/api/auth/me', undefined, cookieHeader(before))).status).toBe(401);
    expect((await api(srv.url, 'GET', '/api/auth/me', undefined, cookieHeader(after!))).status).toBe(200);
  });

  it('logout takes an empty object, ends the session on the server and clears the cookie', async () => {
    const { token } = await register();
    const res = await api(srv.url, 'POST', '/api/auth/logout', {}, cookieHeader(token));
    expect(res.status).toBe(200);
    const cleared = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970/);
    // Replaying the old cookie does not bring the session back.
    const replay = await api(srv.url, 'GET', '/api/auth/me', undefined, cookieHeader(token));
    expect(replay.status).toBe(401);
    expect(
      await srv.db.sql('select 1 from sessions where id = $1', [sessionIdFromToken(token)]),
    ).toHaveLength(0);
  });

  it('refuses an expired session, idle or absolute', async () => {
    const idle = await register();
    await srv.db.sql(`update sessions set expires_at = now() - interval '1 second' where id = $1`, [
      sessionIdFromToken(idle.token),
    ]);
    expect((await api(srv.url, 'GET', '/api/auth/me', undefined, cookieHeader(idle.token))).status).toBe(401);

    const old = await register();
    await srv.db.sql(`update sessions set absolute_expires_at = now() - interval '1 second' where id = $1`, [
      sessionIdFromToken(old.token),
    ]);
    expect((await api(srv.url, 'GET', '/api/auth/me', undefined, cookieHeader(old.token))).status).toBe(401);
  });

  it('answers 409 with a clear message for a taken username or email', async () => {
    const { account } = await register();
    const sameName = await api(srv.url, 'POST', '/api/auth/register', {
      ...newAccount(),
      username: account.username.toUpperCase(),
    });
    expect(sameName.status).toBe(409);
    expect(sameName.body.message).toBe('Username already exists');
    const sameEmail = await api(srv.url, 'POST', '/api/auth/register', {
      ...newAccount(),
      email: account.email,
    });
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body.message).toBe('Email already registered');
  });

  it('answers a 400 with the first rule broken', async () => {
    const res = await api(srv.url, 'POST', '/api/auth/register', {
      username: 'ab',
      email: 'x@example.com',
      password: 'secret-pw',
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Username must be at least 3 characters');
  });
});

describe('failed logins', () => {
  it('answers one 401 message for a wrong password and an unknown user', async () => {
    const { account } = await register();
    const wrong = await api(
      srv.url,
      'POST',
      '/api/auth/login',
      { username: account.username, password: 'not-the-password' },
      from('10.2.0.1'),
    );
    const unknown = await api(
      srv.url,
      'POST',
      '/api/auth/login',
      { username: 'nobody-at-all', password: 'not-the-password' },
      from('10.2.0.1'),
    );
    expect([wrong.status, unknown.status]).toEqual([401, 401]);
    expect(wrong.body.message).toBe('Invalid username or password');
    expect(unknown.body.message).toBe(wrong.body.message);
    expect(sessionCookie(wrong.headers)).toBeUndefined();
  });

  it('answers the 6th rapid failure on an account with 429 and Retry-After', async () => {
    const { account } = await register();
    const attempt = (password: string) =>
      api(srv.url, 'POST', '/api/auth/login', { username: account.username, password }, from('10.2.0.2'));
    for (let i = 0; i < LOGIN_LIMITS.perAccount; i++)
      expect((await attempt('not-the-password')).status).toBe(401);
    const blocked = await attempt('not-the-password');
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/^Too many login attempts\. Please try again in \d+ minutes\.$/);
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(LOGIN_LIMITS.windowMinutes * 60);
    // Even the right password waits now: the lock is on the account.
    expect((await attempt(account.password)).status).toBe(429);
  });

  it('limits failures per IP address too', async () => {
    const ip = '10.2.0.3';
    for (let i = 0; i < LOGIN_LIMITS.perIp; i++) {
      const res = await api(
        srv.url,
        'POST',
        '/api/auth/login',
        { username: `sprayed-${i}`, password: 'not-the-password' },
        from(ip),
      );
      expect(res.status).toBe(401);
    }
    const blocked = await api(
      srv.url,
      'POST',
      '/api/auth/login',
      { username: 'sprayed-new', password: 'not-the-password' },
      from(ip),
    );
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});

describe('cross-site and content-type defences', () => {
  it('refuses a POST from another site, by Origin or by Sec-Fetch-Site', async () => {
    const account = newAccount();
    const byOrigin = await api(srv.url, 'POST', '/api/auth/register', account, {
      origin: 'https://evil.example',
    });
    expect(byOrigin.status).toBe(403);
    const byFetchSite = await api(srv.url, 'POST', '/api/auth/register', account, {
      'sec-fetch-site': 'cross-site',
    });
    expect(byFetchSite.status).toBe(403);
    const viaTrpc = await api(
      srv.url,
      'POST',
      '/trpc/auth.register',
      { json: account },
      { origin: 'https://evil.example' },
    );
    expect(viaTrpc.status).toBe(403);
    expect(await srv.db.sql('select 1 from users where username = $1', [account.username])).toHaveLength(0);
  });

  it('refuses a body that is not JSON', async () => {
    const { account } = await register();
    for (const type of [
      'application/x-www-form-urlencoded',
      'text/plain',
      'multipart/form-data; boundary=x',
    ]) {
      const res = await fetch(`${srv.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': type },
        body: `username=${account.username}&password=${account.password}`,
      });
      expect(res.status, type).toBe(415);
      expect(res.headers.getSetCookie()).toEqual([]);
    }
  });

  it('sends security headers with a CSP that allows the map tiles and the geocoder', async () => {
    const res = await fetch(`${srv.url}/api/config`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain('https://*.tile.openstreetmap.org');
    expect(csp).toContain('https://nominatim.openstreetmap.org');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('x-powered-by')).toBeNull();
  });
});

/** Every GET path with no path parameter: the ones the flag could unlock without knowing an id. */
const plainGetPaths = Object.values(appRouter._def.procedures)
  .map(
    (p) =>
      (p as unknown as { _def: { meta?: { openapi?: { method: string; path: string } } } })._def.meta
        ?.openapi,
  )
  .filter((o): o is { method: string; path: string } => o?.method === 'GET' && !o.path.includes('{'))
  .map((o) => `/api${o.path}`);

describe('?directAdmin=true with demo mode off', () => {
  it('grants nothing: every GET path answers exactly as it does without the flag', async () => {
    expect(plainGetPaths).toContain('/api/auth/me');
    for (const path of plainGetPaths) {
      const plain = await api(srv.url, 'GET', path);
      const flagged = await api(srv.url, 'GET', `${path}?directAdmin=true`);
      const header = await api(srv.url, 'GET', path, undefined, { 'x-direct-admin': 'true' });
      expect([flagged.status, header.status], path).toEqual([plain.status, plain.status]);
    }
    const me = await api(srv.url, 'GET', '/api/auth/me?directAdmin=true');
    expect(me.status).toBe(401);
    const config = await api(srv.url, 'GET', '/api/config');
    expect(config.body.demoDirectAdmin).toBe(false);
  });
});

describe('?directAdmin=true in demo mode (DEMO_DIRECT_ADMIN=true)', () => {
  let demo: TTestServer;
  beforeAll(async () => {
    demo = await startTestServer({ demoDirectAdmin: true });
  });
  afterAll(async () => {
    await demo.close();
  });

  it('acts as the seeded admin for calls that carry the flag, and only those', async () => {
    expect((await api(demo.url, 'GET', '/api/config')).body.demoDirectAdmin).toBe(true);
    const flagged = await api(demo.url, 'GET', '/api/auth/me?directAdmin=true');
    expect(flagged.status).toBe(200);
    expect(flagged.body).toMatchObject({ username: TEST_ADMIN.username, isAdmin: true });
    const header = await api(demo.url, 'GET', '/api/auth/me', undefined, { 'x-direct-admin': 'true' });
    expect(header.status).toBe(200);
    expect((await api(demo.url, 'GET', '/api/auth/me')).status).toBe(401);
    // Every plain GET path that refuses a visitor opens with the flag.
    for (const path of plainGetPaths) {
      const plain = await api(demo.url, 'GET', path);
      if (plain.status !== 401 && plain.status !== 403) continue;
      const res = await api(demo.url, 'GET', `${path}?directAdmin=true`);
      // Past the access check: a path that needs a query (a report's range) then answers its 400.
      expect(res.status === 200 || res.status === 400, `${path}: ${res.status}`).toBe(true);
    }
  });
});
