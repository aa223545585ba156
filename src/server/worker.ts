import { migrate, openDatabase } from './db/database.ts';
import { readEnv } from './env.ts';
import { startJobRuntime } from './jobs/runtime.ts';
import { log } from './logger.ts';
import { setEmailBaseUrl } from './services/email/outbox.ts';

/**
 * `npm run worker`: the job queue's workers (emails, iCal sync, purges, invitations) in a process of their
 * own, for deployments that run web servers with RUN_JOBS=false. Any number may run on one database:
 * pg-boss gives each job to one worker. It needs DATABASE_URL: the embedded database belongs to the server.
 */
const env = { ...readEnv(), runJobs: true, sendJobs: true };
if (!env.databaseUrl) {
  log.error('npm run worker needs DATABASE_URL: the embedded PostgreSQL belongs to the server process.');
  process.exit(1);
}
// Links in emails written here (review invitations, conflict alerts) point at the public site.
setEmailBaseUrl(env.publicUrl ?? `http://localhost:${env.port}`);

const db = await openDatabase(env);
const jobs = await (async () => {
  await migrate(db.orm, db.url);
  return startJobRuntime(db, env);
})().catch(async (err: unknown) => {
  log.error('worker start-up failed', { err: String(err instanceof Error ? err.message : err) });
  await db.close();
  process.exit(1);
});
log.info('worker running', { pollSeconds: env.jobPollSeconds, smtp: Boolean(env.smtpUrl) });

let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    log.info('worker shutting down', { signal });
    void (async () => {
      await jobs?.stop();
      await db.close();
      process.exit(0);
    })().catch((err: unknown) => {
      log.error('worker shutdown failed', { err: String(err) });
      process.exit(1);
    });
  });
}
