import type { EntityManager } from '@mikro-orm/postgresql';
import { describe, expect, it } from 'vitest';
import type { jobHandlers } from '../../src/server/jobs/handlers.ts';
import { dispatchOnCommit, sendJob, wakesOnNotify, type TJobHandlers } from '../../src/server/jobs/queue.ts';
import { JOB_NAMES, JOB_SCHEDULES, JOBS } from '../../src/server/jobs/registry.ts';

/**
 * The typed job registry (docs/resilience.md#jobs). The compile-time half: `npm test`'s typecheck fails on
 * each @ts-expect-error below that stops being an error, so a sender with a wrong payload cannot compile.
 */
export function wrongPayloadsDoNotCompile(em: EntityManager) {
  // @ts-expect-error an email's job names its email by a number
  void sendJob(em, 'email', { emailId: '7' });
  // @ts-expect-error a booking's emails need the booking
  void sendJob(em, 'bookingEmails', {});
  // @ts-expect-error no such job
  void sendJob(em, 'emails', { emailId: 7 });
  // @ts-expect-error a first sync names its home too
  void dispatchOnCommit(em, 'icalSync', [{ id: 'x', data: { feedId: 1 } }]);
  void sendJob(em, 'email', { emailId: 7 });
  void dispatchOnCommit(em, 'icalSync', [{ id: 'x', data: { feedId: 1, propertyId: 2 } }]);
}

/** Every job has a handler: jobHandlers must return the full, typed set. */
type TMissing = Exclude<keyof TJobHandlers, keyof ReturnType<typeof jobHandlers>>;
const everyJobHandled: TMissing extends never ? true : false = true;

describe('the job registry', () => {
  it('gives each job its own queue, and schedules the scheduled ones', () => {
    const queues = JOB_NAMES.map((k) => JOBS[k].queue);
    expect(new Set(queues).size).toBe(queues.length);
    expect(everyJobHandled).toBe(true);
    expect(JOB_SCHEDULES).toContainEqual({ name: 'email-sweep', cron: '* * * * *' });
    expect(JOB_SCHEDULES).toContainEqual({ name: 'ical-sync', cron: '*/5 * * * *' });
    expect(JOB_SCHEDULES.map((s) => s.name)).not.toContain('email');
  });

  it('wakes the workers of every job that is sent, scheduled ones too; only the dead letter waits for a poll', () => {
    // The calendar-jobs integration test sends a scheduled job and sees it run well inside the backstop poll.
    expect(JOB_NAMES.filter((k) => !wakesOnNotify(k))).toEqual(['emailFailed']);
  });

  it('parses payloads before a handler sees them: wrong ones are refused with the field named', () => {
    expect(JOBS.email.payload.parse({ emailId: 12 })).toEqual({ emailId: 12 });
    const bad = JOBS.email.payload.safeParse({ emailId: '12' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual(['emailId']);
    expect(JOBS.email.payload.safeParse({ emailId: 2 ** 31 }).success).toBe(false);
    // A scheduled run carries nothing; a first sync its feed and home.
    expect(JOBS.icalSync.payload.parse({})).toEqual({});
    expect(JOBS.icalSync.payload.parse({ feedId: 3, propertyId: 4 })).toEqual({ feedId: 3, propertyId: 4 });
  });
});
