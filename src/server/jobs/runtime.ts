import path from 'node:path';
import type { PgBoss } from 'pg-boss';
import type { TDatabase } from '../db/database.ts';
import type { TEnv } from '../env.ts';
import { setEmailRetryDelay } from '../services/email/outbox.ts';
import { createMailTransport } from '../services/email/transport.ts';
import { cardReach } from '../services/payments/terms.ts';
import { JOB_SCHEDULES, jobHandlers } from './handlers.ts';
import { ICAL_SYNC_JOB } from './ical-queue.ts';
import { registerIcalSync } from './ical-sync.ts';
import {
  createQueues,
  QUEUES,
  registerJobs,
  setDispatchWindow,
  startQueue,
  stopSendingJobs,
  useQueueForSending,
} from './queue.ts';

export interface TJobRuntime {
  boss: PgBoss;
  stop(): Promise<void>;
}

/**
 * The job queue of one process. With workers (the server by default, `npm run worker`): the scheduled
 * iCal import (docs/features.md#operator-calendar), email delivery, purges and review invitations (docs/features.md#guest-self-service). Without (a web server
 * with RUN_JOBS=false): it only sends jobs, in the transactions that cause them, for a worker to run.
 */
export async function startJobRuntime(db: TDatabase, env: TEnv): Promise<TJobRuntime | null> {
  setEmailRetryDelay(env.emailRetryDelaySeconds);
  setDispatchWindow(env.jobDispatchMs);
  if (!env.runJobs && !env.sendJobs) return null;
  const boss = await startQueue(db.url, { work: env.runJobs });
  const transport = createMailTransport({ smtpUrl: env.smtpUrl, mailDir: path.join(env.dataDir, 'mail') });
  try {
    if (env.runJobs) {
      await registerIcalSync(boss, { orm: db.orm, env });
      await registerJobs(boss, jobHandlers(db.orm, transport, env.mailFrom, cardReach(env)), JOB_SCHEDULES, {
        pollingIntervalSeconds: env.jobPollSeconds,
      });
    } else {
      await createQueues(boss, [QUEUES.email, QUEUES.bookingEmails, ICAL_SYNC_JOB]);
      useQueueForSending(boss);
    }
  } catch (err) {
    await boss.stop({ graceful: false });
    transport.close();
    throw err;
  }
  return {
    boss,
    async stop() {
      await stopSendingJobs();
      await boss.stop({ graceful: true, timeout: 10_000 });
      transport.close();
    },
  };
}
