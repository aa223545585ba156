import type { PgBoss } from 'pg-boss';
import type { TServerDeps } from '../context.ts';
import { log } from '../logger.ts';
import { syncAllFeeds } from '../services/calendar/ical-import.ts';
import { queueConflictEmail } from '../services/email/calendar-conflicts.ts';

export const ICAL_SYNC_JOB = 'ical-sync';
/** Every 15 minutes (docs/features.md#operator-calendar). */
export const ICAL_SYNC_CRON = '*/15 * * * *';

/** Registers the scheduled import of every home's iCal feeds, and the worker that runs it. */
export async function registerIcalSync(boss: PgBoss, deps: Pick<TServerDeps, 'orm' | 'env'>): Promise<void> {
  await boss.createQueue(ICAL_SYNC_JOB);
  await boss.schedule(ICAL_SYNC_JOB, ICAL_SYNC_CRON, null, { tz: 'UTC' });
  await boss.work(ICAL_SYNC_JOB, async () => {
    const totals = await syncAllFeeds(() => deps.orm.em.fork(), {
      allowPrivateHosts: deps.env.icalAllowPrivateHosts,
      onConflicts: queueConflictEmail,
    });
    log.info('ical feeds synced', totals);
    return totals;
  });
}
