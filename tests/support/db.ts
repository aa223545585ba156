import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { inject } from 'vitest';
import { ormConfig } from '../../mikro-orm.config.ts';
import type { TContext, TServerDeps } from '../../src/server/context.ts';
import { readEnv, type TEnv } from '../../src/server/env.ts';
import { createCaller } from '../../src/server/router.ts';
import type { TSessionUser } from '../../src/server/services/auth/sessions.ts';
import { localMediaStore } from '../../src/server/services/media/store.ts';
import { TEMPLATE_DB, TEST_ADMIN } from './constants.ts';
import { tempDir } from './tmp.ts';

export interface TTestDb {
  name: string;
  url: string;
  orm: MikroORM;
  em: () => EntityManager;
  sql: <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;
  drop(): Promise<void>;
}

/** A fresh database for one test file, cloned from the migrated template in a few milliseconds. */
export async function createTestDatabase(): Promise<TTestDb> {
  const serverUrl = inject('pgServerUrl');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${TEMPLATE_DB}`);
  } finally {
    await admin.end();
  }
  const url = `${serverUrl}/${name}`;
  const orm = await MikroORM.init(ormConfig(url, { debug: false }));
  return {
    name,
    url,
    orm,
    em: () => orm.em.fork(),
    sql: async <T>(text: string, params: unknown[] = []) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        return (await client.query(text, params)).rows as T[];
      } finally {
        await client.end();
      }
    },
    async drop() {
      await orm.close(true);
      const c = new pg.Client({ connectionString: `${serverUrl}/postgres` });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
      await c.end();
    },
  };
}

export function testEnv(overrides: Partial<TEnv> = {}): TEnv {
  const dataDir = tempDir('data-');
  return {
    ...readEnv({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      ADMIN_USERNAME: TEST_ADMIN.username,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      // Suites book many stays from one address; the limit has its own tests.
      GUEST_BOOKINGS_PER_HOUR: '0',
    }),
    ...overrides,
  };
}

export interface TRecordedCookies {
  set: { token: string; expiresAt: Date }[];
  cleared: number;
}

/**
 * A tRPC caller on the real routers and database, acting as `user` (null for a visitor). The session user
 * is `user` too, unless the call is a demo-mode one (`directAdmin`), where it is `opts.sessionUser`.
 * Records cookie writes so tests can read the session token a login issued.
 */
export function callerFor(
  db: TTestDb,
  user: TSessionUser | null,
  opts: {
    env?: TEnv;
    directAdmin?: boolean;
    ip?: string;
    sessionId?: string | null;
    sessionUser?: TSessionUser | null;
  } = {},
) {
  const env = opts.env ?? testEnv();
  const deps: TServerDeps = { orm: db.orm, env, media: localMediaStore(env.mediaDir) };
  const cookies: TRecordedCookies = { set: [], cleared: 0 };
  const ctx: TContext = {
    deps,
    em: db.em(),
    sessionUser: opts.sessionUser !== undefined ? opts.sessionUser : opts.directAdmin ? null : user,
    actingUser: user,
    sessionId: opts.sessionId ?? null,
    directAdmin: opts.directAdmin ?? false,
    ip: opts.ip ?? '127.0.0.1',
    cookies: {
      setSession: (token, expiresAt) => cookies.set.push({ token, expiresAt }),
      clearSession: () => {
        cookies.cleared += 1;
      },
    },
    req: undefined,
    res: undefined,
  };
  return { caller: createCaller(ctx), cookies, ctx };
}

/** The seeded admin of the template database, as a session user. */
export async function seededAdmin(db: TTestDb): Promise<TSessionUser> {
  const rows = await db.sql<{ id: number; username: string; email: string; name: string | null }>(
    'select id, username, email, name from users where username = $1',
    [TEST_ADMIN.username],
  );
  const row = rows[0];
  if (!row) throw new Error('the template has no admin');
  return { ...row, isAdmin: true };
}
