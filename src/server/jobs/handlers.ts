import type { MikroORM, EntityManager } from '@mikro-orm/postgresql';
import { log } from '../logger.ts';
import { purgeDeletedAccounts } from '../services/auth/account-settings.ts';
import { writeBookingReceivedEmails } from '../services/email/guest-emails.ts';
import { deliverEmail, emailGivenUp, requeueStaleEmails, siteSender } from '../services/email/outbox.ts';
import type { TMailTransport } from '../services/email/transport.ts';
import { enforceDepositDeadlines, sendBalanceNotices } from '../services/payments/jobs.ts';
import { sendReviewInvitations } from '../services/reviews/invitations.ts';
import type { TCardReach } from '../services/payments/terms.ts';
import { chargeDueBalances } from '../services/payments/auto-charge.ts';
import { placeDepositHolds, releaseDepositHolds } from '../services/payments/deposit.ts';
import type { TEnv } from '../env.ts';
import { sendDueMessages } from '../services/messaging/automated.ts';
import { alertLateTasks } from '../services/housekeeping/tasks.ts';
import { expireRequests } from '../services/bookings/requests.ts';
import { purgeIdempotencyKeys } from '../services/idempotency.ts';
import { syncAllFeeds, syncOneFeed } from '../services/calendar/ical-import.ts';
import { queueConflictEmail } from '../services/email/calendar-conflicts.ts';
import { getSettings } from '../services/settings/settings.ts';
import { SETTINGS_DEFAULTS } from '#shared/constants.ts';
import { deleteExpiredIdPhotos, sendCheckInReminders } from '../services/bookings/check-in.ts';
import type { TMediaStore } from '../services/media/store.ts';
import type { TJobHandlers } from './queue.ts';

/** What the handlers need of the process: the database, the mail transport and the card settings. */
export interface TJobDeps {
  orm: MikroORM;
  transport: TMailTransport;
  mailFrom: string | undefined;
  reach: TCardReach;
  /** Stripe's settings, for the charges made without the guest (the balance, the deposit hold). */
  stripe?: TEnv['stripe'];
  icalAllowPrivateHosts: boolean;
  /** The private store of guests' ID photos (docs/privacy.md). */
  privateMedia: TMediaStore;
}

/**
 * The handler of every job in the registry (registry.ts), typed by its parsed payload; leaving one out
 * does not compile. Handlers stay thin: each forks an EntityManager and calls one service.
 */
export function jobHandlers({
  orm,
  transport,
  mailFrom,
  reach,
  stripe,
  icalAllowPrivateHosts,
  privateMedia,
}: TJobDeps): TJobHandlers {
  const em = () => orm.em.fork() as EntityManager;
  const icalOptions = { allowPrivateHosts: icalAllowPrivateHosts, onConflicts: queueConflictEmail };
  return {
    email: async ({ emailId }) => {
      const fork = em();
      const from = mailFrom ?? (await siteSender(fork));
      await deliverEmail(fork, transport, from, emailId);
    },
    bookingEmails: async ({ bookingId }) => {
      await writeBookingReceivedEmails(em(), bookingId, reach);
    },
    emailFailed: async ({ emailId }, job) => {
      if (await emailGivenUp(em(), emailId, failureMessage(job.sourceOutput)))
        log.warn('email failed on its last attempt', { emailId });
    },
    emailSweep: async () => {
      const n = await requeueStaleEmails(em());
      if (n > 0) log.info('re-queued emails', { count: n });
    },
    purgeAccounts: async () => {
      const n = await purgeDeletedAccounts(em());
      if (n > 0) log.info('purged deleted accounts', { count: n });
      const keys = await purgeIdempotencyKeys(em());
      if (keys > 0) log.info('purged idempotency keys', { count: keys });
    },
    reviewInvitations: async () => {
      const n = await sendReviewInvitations(em());
      if (n > 0) log.info('review invitations', { count: n });
    },
    scheduledMessages: async () => {
      const n = await sendDueMessages(em());
      if (n > 0) log.info('automated messages sent', { count: n });
    },
    lateTasks: async () => {
      const n = await alertLateTasks(em());
      if (n > 0) log.info('late turnover alerts', { count: n });
    },
    paymentNotices: async () => {
      const deadlines = await enforceDepositDeadlines(em());
      const notices = await sendBalanceNotices(em(), new Date(), reach);
      if (deadlines + notices > 0) log.info('payment notices', { deadlines, notices });
    },
    balanceCharges: async () => {
      const { charged, failed } = await chargeDueBalances(em(), { stripe });
      if (charged + failed > 0) log.info('balances charged', { charged, failed });
    },
    depositHolds: async () => {
      const held = await placeDepositHolds(em(), { stripe });
      const released = await releaseDepositHolds(em(), { stripe });
      if (held + released > 0) log.info('damage deposit holds', { held, released });
    },
    checkInReminders: async () => {
      const n = await sendCheckInReminders(em());
      if (n > 0) log.info('check-in reminders', { count: n });
    },
    idPhotoDeletion: async () => {
      const n = await deleteExpiredIdPhotos(em(), privateMedia);
      if (n > 0) log.info('ID photos deleted', { count: n });
    },
    bookingRequests: async () => {
      const n = await expireRequests(em());
      if (n > 0) log.info('requests declined unanswered', { count: n });
    },
    icalSync: async (data) => {
      // A new feed's first sync names its feed; the scheduled run names none and syncs those due.
      if ('feedId' in data) {
        await syncOneFeed(em(), data.propertyId, data.feedId, icalOptions);
        return;
      }
      const settings = await getSettings(em());
      const totals = await syncAllFeeds(em, {
        ...icalOptions,
        dueMinutes: settings.icalSyncMinutes ?? SETTINGS_DEFAULTS.icalSyncMinutes,
      });
      log.info('ical feeds synced', totals);
    },
  };
}

/** The error a failed job recorded (registerJobs fails it with `{ message }`), when it has one. */
function failureMessage(output: unknown): string | null {
  if (output && typeof output === 'object' && 'message' in output && typeof output.message === 'string')
    return output.message;
  return null;
}
