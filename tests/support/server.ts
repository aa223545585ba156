import { startServer, type TRunningServer } from '../../src/server/server.ts';
import type { TEnv } from '../../src/server/env.ts';
import { createTestDatabase, testEnv, type TTestDb } from './db.ts';

export interface TTestServer {
  url: string;
  db: TTestDb;
  server: TRunningServer;
  env: TEnv;
  close(): Promise<void>;
}

/** The real HTTP server on its own fresh database and media folder, on a free port. */
export async function startTestServer(overrides: Partial<TEnv> = {}): Promise<TTestServer> {
  const db = await createTestDatabase();
  const env = testEnv({ port: 0, host: '127.0.0.1', databaseUrl: db.url, ...overrides });
  const server = await startServer(env, { seed: false });
  return {
    url: server.url,
    db,
    server,
    env,
    async close() {
      await server.close();
      await db.drop();
    },
  };
}

/**
 * A test server that runs its jobs and delivers email to `smtpUrl` (a test's SmtpSink): jobs polled every
 * half second and the first retry after one, so a test sees retries in seconds.
 */
export function startMailingTestServer(smtpUrl: string): Promise<TTestServer> {
  return startTestServer({
    runJobs: true,
    sendJobs: true,
    smtpUrl,
    mailFrom: 'StayHub <bookings@stayhub.example>',
    jobPollSeconds: 0.5,
    emailRetryDelaySeconds: 1,
  });
}

/** fetch against the test server, JSON in and out. */
export async function api(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each test asserts on the body shape it expects
): Promise<{ status: number; body: any; headers: Headers }> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = text;
  }
  return { status: res.status, body: parsed, headers: res.headers };
}
