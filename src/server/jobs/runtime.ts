import path from 'node:path';
import type { PgBoss } from 'pg-boss';
import type { TDatabase } from '../db/database.ts';
import type { TEnv } from '../env.ts';
import { setEmailRetryDelay } from '../services/email/outbox.ts';
import { createMailTransport } from '../services/email/transport.ts';
import { cardReach } from '../services/payments/terms.ts';
import { privateMediaStore } from '../services/media/private-store.ts';
import { jobHandlers } from './handlers.ts';
import {
  createQueues,
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
      const handlers = jobHandlers({
        orm: db.orm,
        transport,
        mailFrom: env.mailFrom,
        reach: cardReach(env),
        stripe: env.stripe,
        icalAllowPrivateHosts: env.icalAllowPrivateHosts,
        privateMedia: privateMediaStore(env),
      });
      await registerJobs(boss, handlers, { pollingIntervalSeconds: env.jobPollSeconds });
    } else {
      // The jobs requests send, so they can be sent before a worker has created their queues.
      await createQueues(boss, ['email', 'bookingEmails', 'icalSync']);
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
