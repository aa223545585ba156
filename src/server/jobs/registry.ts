import { z } from 'zod';

/**
 * Every job of the queue in one registry (docs/resilience.md#jobs): its queue's name, the zod schema of
 * its payload, and its schedule when it runs on one. Senders are typed by it (queue.ts sendJob and the
 * dispatches take a job's key and its payload's input type, so a wrong payload does not compile), each
 * worker parses its payload with it before its handler runs, and handlers.ts must give every key a handler
 * typed by the parsed payload. The handlers live apart because they need the services, which send jobs:
 * this file imports nothing of the app.
 */

/** A table's id as a job carries it: a positive integer that fits the int4 column. */
const zRowId = z.int().positive().max(2_147_483_647);

/** Scheduled runs carry no data (pg-boss sends null): their payload is an empty object. */
const NO_DATA = z.object({});

interface TJobSpec<P extends z.ZodType> {
  queue: string;
  payload: P;
  /** Cron, in UTC, for a job that runs on a schedule. */
  cron?: string;
  /**
   * Sent from requests: its workers wake on NOTIFY instead of their next poll. A job on a schedule wakes
   * its workers the same way (the schedule's occurrence is a send): see `wakesOnNotify`.
   */
  notify?: boolean;
  /** The queue that receives a job whose last attempt failed (pg-boss's dead letter). */
  deadLetter?: string;
}

const job = <P extends z.ZodType>(spec: TJobSpec<P>) => spec;

export const JOBS = {
  /** Delivers one outbox email. */
  email: job({
    queue: 'email',
    payload: z.object({ emailId: zRowId }),
    notify: true,
    deadLetter: 'email-failed',
  }),
  /** Writes a new booking's emails into the outbox from the booking (its row records that they are due). */
  bookingEmails: job({ queue: 'booking-emails', payload: z.object({ bookingId: zRowId }), notify: true }),
  /** An email job that failed its last attempt, whatever broke it (the dead letter of `email`). */
  emailFailed: job({ queue: 'email-failed', payload: z.object({ emailId: zRowId }) }),
  /** Every minute: email and booking-emails jobs lost between a commit and its dispatch. */
  emailSweep: job({ queue: 'email-sweep', payload: NO_DATA, cron: '* * * * *' }),
  /** Daily: deleted accounts past their grace period, and day-old Idempotency-Keys. */
  purgeAccounts: job({ queue: 'purge-accounts', payload: NO_DATA, cron: '17 3 * * *' }),
  /** Hourly: review invitations, the day after check-out. */
  reviewInvitations: job({ queue: 'review-invitations', payload: NO_DATA, cron: '5 * * * *' }),
  /** The automated messages that are due (docs/messaging.md#automated-messages). */
  scheduledMessages: job({ queue: 'scheduled-messages', payload: NO_DATA, cron: '* * * * *' }),
  /** Balance reminders and final notices, and unpaid deposits past their deadline (docs/payments.md). */
  paymentNotices: job({ queue: 'payment-notices', payload: NO_DATA, cron: '*/15 * * * *' }),
  /** The balance charged on its date to the card saved at checkout (docs/payments.md#automatic-balance). */
  balanceCharges: job({ queue: 'balance-charges', payload: NO_DATA, cron: '7,37 * * * *' }),
  /** Damage deposit holds placed before arrival and released after check-out (docs/payments.md#damage-deposit). */
  depositHolds: job({ queue: 'deposit-holds', payload: NO_DATA, cron: '22,52 * * * *' }),
  /** Tells the operator of turnovers not done 2 hours before the next check-in (docs/staff.md#late-tasks). */
  lateTasks: job({ queue: 'late-tasks', payload: NO_DATA, cron: '*/5 * * * *' }),
  /** Declines the requests to book not answered in time (docs/booking-operations.md#booking-modes). */
  bookingRequests: job({ queue: 'booking-requests', payload: NO_DATA, cron: '* * * * *' }),
  /** Hourly: the online check-in reminder, the home's set days before arrival (docs/check-in.md). */
  checkInReminders: job({ queue: 'check-in-reminders', payload: NO_DATA, cron: '25 * * * *' }),
  /** Hourly: guests' ID photos past their keeping time after check-out are deleted (docs/privacy.md). */
  idPhotoDeletion: job({ queue: 'id-photo-deletion', payload: NO_DATA, cron: '45 * * * *' }),
  /**
   * The iCal import (docs/features.md#calendar-hub): every 5 minutes, the shortest interval Settings
   * allow, a run syncs the feeds that are due; a new feed's first sync names its feed.
   */
  icalSync: job({
    queue: 'ical-sync',
    payload: z.union([z.object({ feedId: zRowId, propertyId: zRowId }), NO_DATA]),
    cron: '*/5 * * * *',
  }),
};

export type TJobName = keyof typeof JOBS;
/** What a sender gives a job. */
export type TJobInput<K extends TJobName> = z.input<(typeof JOBS)[K]['payload']>;
/** What its handler gets, parsed. */
export type TJobData<K extends TJobName> = z.output<(typeof JOBS)[K]['payload']>;

export const JOB_NAMES = Object.keys(JOBS) as TJobName[];

/** Each job's queue name, by its key. */
export const QUEUES = Object.fromEntries(JOB_NAMES.map((k) => [k, JOBS[k].queue])) as {
  [K in TJobName]: (typeof JOBS)[K]['queue'];
};

/** The scheduled jobs: queue and cron. */
export const JOB_SCHEDULES = JOB_NAMES.flatMap((k) => {
  const cron: string | undefined = JOBS[k].cron;
  return cron ? [{ name: JOBS[k].queue, cron }] : [];
});
