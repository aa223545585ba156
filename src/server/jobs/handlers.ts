import type { MikroORM, EntityManager } from '@mikro-orm/postgresql';
import { log } from '../logger.ts';
import { purgeDeletedAccounts } from '../services/auth/account-settings.ts';
import { writeBookingReceivedEmails } from '../services/email/guest-emails.ts';
import { deliverEmail, emailGivenUp, requeueStaleEmails, siteSender } from '../services/email/outbox.ts';
import type { TMailTransport } from '../services/email/transport.ts';
import { enforceDepositDeadlines, sendBalanceNotices } from '../services/payments/jobs.ts';
import { sendReviewInvitations } from '../services/reviews/invitations.ts';
import type { TCardReach } from '../services/payments/terms.ts';
import { sendDueMessages } from '../services/messaging/automated.ts';
import { alertLateTasks } from '../services/housekeeping/tasks.ts';
import { expireRequests } from '../services/bookings/requests.ts';
import { purgeIdempotencyKeys } from '../services/idempotency.ts';
import { QUEUES, type TJobHandlers } from './queue.ts';

/** Queue handlers stay thin: each forks an EntityManager and calls one service. */
export function jobHandlers(
  orm: MikroORM,
  transport: TMailTransport,
  mailFrom: string | undefined,
  reach: TCardReach,
): TJobHandlers {
  const em = () => orm.em.fork() as EntityManager;
  return {
    [QUEUES.email]: async (data) => {
      const emailId = Number(data.emailId);
      if (!Number.isInteger(emailId)) return;
      const fork = em();
      const from = mailFrom ?? (await siteSender(fork));
      await deliverEmail(fork, transport, from, emailId);
    },
    [QUEUES.bookingEmails]: async (data) => {
      const bookingId = Number(data.bookingId);
      if (!Number.isInteger(bookingId)) return;
      await writeBookingReceivedEmails(em(), bookingId, reach);
    },
    [QUEUES.emailFailed]: async (data, job) => {
      const emailId = Number(data.emailId);
      if (!Number.isInteger(emailId)) return;
      if (await emailGivenUp(em(), emailId, failureMessage(job.sourceOutput)))
        log.warn('email failed on its last attempt', { emailId });
    },
    [QUEUES.emailSweep]: async () => {
      const n = await requeueStaleEmails(em());
      if (n > 0) log.info('re-queued emails', { count: n });
    },
    [QUEUES.purgeAccounts]: async () => {
      const n = await purgeDeletedAccounts(em());
      if (n > 0) log.info('purged deleted accounts', { count: n });
      const keys = await purgeIdempotencyKeys(em());
      if (keys > 0) log.info('purged idempotency keys', { count: keys });
    },
    [QUEUES.reviewInvitations]: async () => {
      const n = await sendReviewInvitations(em());
      if (n > 0) log.info('review invitations', { count: n });
    },
    [QUEUES.scheduledMessages]: async () => {
      const n = await sendDueMessages(em());
      if (n > 0) log.info('automated messages sent', { count: n });
    },
    [QUEUES.lateTasks]: async () => {
      const n = await alertLateTasks(em());
      if (n > 0) log.info('late turnover alerts', { count: n });
    },
    [QUEUES.paymentNotices]: async () => {
      const deadlines = await enforceDepositDeadlines(em());
      const notices = await sendBalanceNotices(em(), new Date(), reach);
      if (deadlines + notices > 0) log.info('payment notices', { deadlines, notices });
    },
    [QUEUES.bookingRequests]: async () => {
      const n = await expireRequests(em());
      if (n > 0) log.info('requests declined unanswered', { count: n });
    },
  };
}

/** The error a failed job recorded (registerJobs fails it with `{ message }`), when it has one. */
function failureMessage(output: unknown): string | null {
  if (output && typeof output === 'object' && 'message' in output && typeof output.message === 'string')
    return output.message;
  return null;
}

/** Every minute: email and booking-emails jobs lost between a commit and its dispatch; daily: the purge of deleted accounts and day-old Idempotency-Keys; hourly: review invitations (the day after check-out). */
export const JOB_SCHEDULES = [
  { name: QUEUES.emailSweep, cron: '* * * * *' },
  { name: QUEUES.purgeAccounts, cron: '17 3 * * *' },
  { name: QUEUES.reviewInvitations, cron: '5 * * * *' },
  { name: QUEUES.scheduledMessages, cron: '* * * * *' },
  { name: QUEUES.paymentNotices, cron: '*/15 * * * *' },
  { name: QUEUES.lateTasks, cron: '*/5 * * * *' },
  { name: QUEUES.bookingRequests, cron: '* * * * *' },
];
