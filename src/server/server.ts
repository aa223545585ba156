import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { PgBoss } from 'pg-boss';
import { migrate, openDatabase, type TDatabase } from './db/database.ts';
import type { TEnv } from './env.ts';
import { createApp } from './http/app.ts';
import { registerIcalSync } from './jobs/ical-sync.ts';
import { JOB_SCHEDULES, jobHandlers } from './jobs/handlers.ts';
import { registerJobs, startQueue, stopSendingJobs } from './jobs/queue.ts';
import { setEmailBaseUrl } from './services/email/outbox.ts';
import { createMailTransport } from './services/email/transport.ts';
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

/** The job queue and its workers: the scheduled iCal import (issue 14), emails, purges and review invitations (issue 13). */
async function startJobs(db: TDatabase, env: TEnv): Promise<PgBoss> {
  const boss = await startQueue(db.url);
  try {
    await registerIcalSync(boss, { orm: db.orm, env });
    const transport = createMailTransport({ smtpUrl: env.smtpUrl, mailDir: path.join(env.dataDir, 'mail') });
    await registerJobs(boss, jobHandlers(db.orm, transport, env.mailFrom), JOB_SCHEDULES);
  } catch (err) {
    await boss.stop({ graceful: false });
    throw err;
  }
  return boss;
}

export async function startServer(env: TEnv, opts: { seed?: boolean } = {}): Promise<TRunningServer> {
  if (env.demoDirectAdmin) {
    log.warn(
      'DEMO_DIRECT_ADMIN=true: any visitor with ?directAdmin=true acts as the admin. Never use this on a public server.',
    );
  }
  const db = await openDatabase(env);
  const media = mediaStoreFromEnv(env);
  let boss: PgBoss | undefined;
  try {
    await migrate(db.orm, db.url);
    if (opts.seed !== false) await seedDatabase(db, { ...env, demo: env.seedDemoContent && { media } });
    if (env.runJobs) boss = await startJobs(db, env);
  } catch (err) {
    await db.close();
    throw err;
  }
  const app = createApp({ orm: db.orm, env, media });
  const server = http.createServer(app);
  server.keepAliveTimeout = 5_000;
  server.headersTimeout = 10_000;
  server.requestTimeout = 120_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(env.port, env.host, () => resolve());
  });
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
        const force = setTimeout(() => server.closeAllConnections(), 10_000);
        await drained;
        clearInterval(sweep);
        clearTimeout(force);
        if (boss) stopSendingJobs();
        await boss?.stop({ graceful: true, timeout: 10_000 });
        await db.close();
      })();
      return closing;
    },
  };
}
