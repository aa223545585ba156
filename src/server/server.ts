import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { migrate, openDatabase, type TDatabase } from './db/database.ts';
import type { TEnv } from './env.ts';
import { createApp } from './http/app.ts';
import { startJobRuntime, type TJobRuntime } from './jobs/runtime.ts';
import { setEmailBaseUrl } from './services/email/outbox.ts';
import { log } from './logger.ts';
import { seedDatabase } from './seeders/seed.ts';
import { mediaStoreFromEnv } from './services/media/from-env.ts';

export interface TRunningServer {
  url: string;
  port: number;
  db: TDatabase;
  http: http.Server;
  /** Stops taking connections, lets in-flight requests finish, then closes the ORM and the embedded database. */
  close(): Promise<void>;
}

export async function startServer(env: TEnv, opts: { seed?: boolean } = {}): Promise<TRunningServer> {
  if (env.demoDirectAdmin) {
    log.warn(
      'DEMO_DIRECT_ADMIN=true: any visitor with ?directAdmin=true acts as the admin. Never use this on a public server.',
    );
  }
  const db = await openDatabase(env);
  const media = mediaStoreFromEnv(env);
  let jobs: TJobRuntime | null = null;
  try {
    await migrate(db.orm, db.url);
    if (opts.seed !== false) await seedDatabase(db, { ...env, demo: env.seedDemoContent && { media } });
    jobs = await startJobRuntime(db, env);
  } catch (err) {
    await db.close();
    throw err;
  }
  const app = createApp({ orm: db.orm, env, media });
  const server = http.createServer(app);
  // Idle keep-alive sockets stay open longer than clients keep theirs (docs/resilience.md#http-keep-alive):
  // a server that closes first races a client reusing the socket, which then sees ECONNRESET.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 10_000;
  server.requestTimeout = 120_000;
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(env.port, env.host, () => resolve());
    });
  } catch (err) {
    // A port in use: the process exits, and the database it started must not outlive it.
    await jobs?.stop();
    await db.close();
    throw err;
  }
  const { port } = server.address() as AddressInfo;
  const shownHost = env.host === '0.0.0.0' || env.host === '::' ? 'localhost' : env.host;
  setEmailBaseUrl(env.publicUrl ?? `http://${shownHost}:${port}`);
  let closing: Promise<void> | undefined;
  return {
    url: `http://${shownHost}:${port}`,
    port,
    db,
    http: server,
    close() {
      closing ??= (async () => {
        const drained = new Promise<void>((resolve) => server.close(() => resolve()));
        // A keep-alive client would otherwise go on sending requests on its open connection: close each
        // connection as soon as its in-flight request is answered, and every one after 10 s at most.
        server.closeIdleConnections();
        const sweep = setInterval(() => server.closeIdleConnections(), 25);
        const force = setTimeout(() => {
          log.warn('shutdown: closing connections still busy after 10 s');
          server.closeAllConnections();
        }, 10_000);
        await drained;
        clearInterval(sweep);
        clearTimeout(force);
        await jobs?.stop();
        await db.close();
      })();
      return closing;
    },
  };
}
