import type { EntityManager } from '@mikro-orm/postgresql';
import { fromKysely, PgBoss } from 'pg-boss';
import { log } from '../logger.ts';

/**
 * The PostgreSQL job queue (pg-boss, in its own `pgboss` schema of the app's database). Every server
 * instance runs workers; pg-boss hands each job, and each scheduled occurrence, to one of them only.
 */
export async function startQueue(databaseUrl: string): Promise<PgBoss> {
  const boss = new PgBoss({ connectionString: databaseUrl, schema: 'pgboss', max: 4 });
  boss.on('error', (err: unknown) => log.error('job queue error', { err: String(err) }));
  await boss.start();
  return boss;
}

/** The guests' queues (issue 13): email delivery, its safety sweep, the account purge, review invitations. */
export const QUEUES = {
  email: 'email',
  emailSweep: 'email-sweep',
  purgeAccounts: 'purge-accounts',
  reviewInvitations: 'review-invitations',
} as const;

export type TJobHandlers = Record<string, (data: Record<string, unknown>) => Promise<void>>;

/** The queue jobs are sent to; set while this process runs the queue, null otherwise (tests, RUN_JOBS=false). */
let sender: PgBoss | null = null;

/** Creates the queues and schedules and starts their workers; jobs sent from now on go to `boss`. */
export async function registerJobs(
  boss: PgBoss,
  handlers: TJobHandlers,
  schedules: { name: string; cron: string }[],
): Promise<void> {
  for (const name of Object.keys(handlers)) await boss.createQueue(name);
  for (const s of schedules) await boss.schedule(s.name, s.cron, null, { tz: 'UTC' });
  for (const [name, handler] of Object.entries(handlers)) {
    await boss.work<Record<string, unknown>>(name, { pollingIntervalSeconds: 2 }, async (jobs) => {
      for (const job of jobs) await handler(job.data ?? {});
    });
  }
  sender = boss;
}

export function stopSendingJobs(): void {
  sender = null;
}

/**
 * Sends a job inside `em`'s transaction (so a rolled-back change leaves no job). Without a running queue
 * nothing is sent: the outbox row alone records the email, and the sweep of a running instance delivers it.
 */
export async function sendJob(
  em: EntityManager,
  name: string,
  data: Record<string, unknown>,
  options: { retryLimit?: number; retryDelay?: number; retryBackoff?: boolean } = {},
): Promise<void> {
  if (!sender) return;
  await sender.send(name, data, { ...options, db: fromKysely(em.getKysely()) });
}
