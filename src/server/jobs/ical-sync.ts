import type { PgBoss } from 'pg-boss';
import type { TServerDeps } from '../context.ts';
import { log } from '../logger.ts';
import { syncAllFeeds, syncOneFeed } from '../services/calendar/ical-import.ts';
import { queueConflictEmail } from '../services/email/calendar-conflicts.ts';
import { getSettings } from '../services/settings/settings.ts';
import { SETTINGS_DEFAULTS } from '#shared/constants.ts';

import { ICAL_SYNC_JOB } from './ical-queue.ts';

export { ICAL_SYNC_JOB };
/**
 * Every 5 minutes, the shortest interval Settings allow; each run syncs the feeds whose interval
 * (Settings → calendar sync interval) has passed (docs/features.md#calendar-hub).
 */
export const ICAL_SYNC_CRON = '*/5 * * * *';

/** Registers the scheduled import of every home's iCal feeds, and the worker that runs it. */
export async function registerIcalSync(boss: PgBoss, deps: Pick<TServerDeps, 'orm' | 'env'>): Promise<void> {
  await boss.createQueue(ICAL_SYNC_JOB);
  await boss.schedule(ICAL_SYNC_JOB, ICAL_SYNC_CRON, null, { tz: 'UTC' });
  const options = { allowPrivateHosts: deps.env.icalAllowPrivateHosts, onConflicts: queueConflictEmail };
  await boss.work<{ feedId?: unknown; propertyId?: unknown } | null>(
    ICAL_SYNC_JOB,
    { pollingIntervalSeconds: deps.env.jobPollSeconds },
    async (jobs) => {
      // A new feed's first sync names its feed; the scheduled run names none.
      const firsts = jobs.flatMap((j) => {
        const feedId = Number(j.data?.feedId);
        const propertyId = Number(j.data?.propertyId);
        return Number.isInteger(feedId) && Number.isInteger(propertyId) ? [{ feedId, propertyId }] : [];
      });
      if (firsts.length > 0) {
        for (const f of firsts) await syncOneFeed(deps.orm.em.fork(), f.propertyId, f.feedId, options);
        return { feeds: firsts.length };
      }
      const settings = await getSettings(deps.orm.em.fork());
      const totals = await syncAllFeeds(() => deps.orm.em.fork(), {
        ...options,
        dueMinutes: settings.icalSyncMinutes ?? SETTINGS_DEFAULTS.icalSyncMinutes,
      });
      log.info('ical feeds synced', totals);
      return totals;
    },
  );
}
