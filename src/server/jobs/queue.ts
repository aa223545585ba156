import type { EntityManager } from '@mikro-orm/postgresql';
import { fromKysely, PgBoss, type JobWithMetadata } from 'pg-boss';
import { isConnectionFault, resilientPgOptions } from '../db/pool.ts';
import { log } from '../logger.ts';
import { JOBS, type TJobData, type TJobInput, type TJobName } from './registry.ts';

export { JOB_SCHEDULES, QUEUES } from './registry.ts';

/**
 * The PostgreSQL job queue (pg-boss, in its own `pgboss` schema of the app's database). Every instance
 * that runs workers (the server by default, `npm run worker`) fetches from the same tables: pg-boss hands
 * each job, and each scheduled occurrence, to one of them only.
 */
export async function startQueue(
  databaseUrl: string,
  opts: { work: boolean } = { work: true },
): Promise<PgBoss> {
  const boss = new PgBoss({
    // The same connect, statement and keep-alive limits as the ORM's pool, so no worker waits for good
    // on a connection that died in an outage.
    ...resilientPgOptions(),
    connectionString: databaseUrl,
    schema: 'pgboss',
    max: 4,
    // A send-only instance (a web server with RUN_JOBS=false) neither supervises nor schedules.
    supervise: opts.work,
    schedule: opts.work,
    // Workers wake the moment a job commits instead of at their next poll.
    useListenNotify: opts.work,
  });
  boss.on('error', (err: unknown) => log.error('job queue error', { err: String(err) }));
  await boss.start();
  return boss;
}

/** What a handler learns of its job besides the data: for a dead letter, how the original job ended. */
export interface TJobInfo {
  /** The output of the failed job a dead letter stands for (its error), null for other jobs. */
  sourceOutput: unknown;
}

/** A handler for every job of the registry, each typed by its job's parsed payload. */
export type TJobHandlers = {
  [K in TJobName]: (data: TJobData<K>, job: TJobInfo) => Promise<void>;
};

export interface TQueueTuning {
  /** Seconds between fetches when idle (JOB_POLL_SECONDS; retries wait for the next poll). */
  pollingIntervalSeconds: number;
}

/** The queue jobs are sent to; set while this process holds a queue, null otherwise (tests without one). */
let sender: PgBoss | null = null;

/**
 * Whether a job's workers are woken by NOTIFY: those requests send, and those on a schedule (pg-boss's
 * scheduler sends each occurrence as a job). Only a dead letter arrives without a send of its own.
 */
export function wakesOnNotify(key: TJobName): boolean {
  const spec: { notify?: boolean; cron?: string } = JOBS[key];
  return spec.notify === true || spec.cron !== undefined;
}

/**
 * How often an idle worker of a scheduled job still looks, with NOTIFY waking it for each occurrence: a
 * backstop for a notification lost while the listener reconnected, and for a failed run's retry. Polling
 * the twelve scheduled queues every 2 s was most of an idle server's database work.
 */
const SCHEDULED_BACKSTOP_SECONDS = 30;

/** Creates the jobs' queues, so a send-only instance can send to them before any worker ran. */
export async function createQueues(boss: PgBoss, jobs: readonly TJobName[]): Promise<void> {
  for (const key of jobs) {
    const { queue: name, deadLetter } = JOBS[key];
    const notify = wakesOnNotify(key);
    // A dead letter queue must exist before the queue that names it.
    if (deadLetter) await boss.createQueue(deadLetter);
    await boss.createQueue(name, { notify, ...(deadLetter ? { deadLetter } : {}) });
    // A queue created by an older version keeps its options: bring them in line.
    if (notify || deadLetter) await boss.updateQueue(name, { notify, ...(deadLetter ? { deadLetter } : {}) });
  }
}

/** Jobs sent from now on go to `boss` (in the caller's transaction). */
export function useQueueForSending(boss: PgBoss): void {
  sender = boss;
  // A queue stopped without stopSendingJobs (a test's own, an aborted start) must not stay the sender:
  // a later send would reach a closed pool ('Database not opened') instead of the outbox's sweep.
  boss.once('stopped', () => {
    if (sender === boss) sender = null;
  });
}

/**
 * Creates the queues and schedules of the jobs `handlers` names and starts their workers; jobs sent from
 * now on go to `boss`. Each job's payload is parsed by its registry schema first: one that does not parse
 * is logged and dropped (a retry would not mend it). Each job of a fetched batch succeeds or fails on its
 * own: a failed one is retried with its queue's backoff.
 */
export async function registerJobs(
  boss: PgBoss,
  handlers: Partial<TJobHandlers>,
  tuning: TQueueTuning = { pollingIntervalSeconds: 2 },
): Promise<void> {
  const keys = (Object.keys(handlers) as TJobName[]).filter((k) => handlers[k]);
  await createQueues(boss, keys);
  // Before the first worker starts: a job it runs at once (one left from before a restart) may send
  // jobs of its own, and with no sender yet they were dropped, to wait a minute for the outbox's sweep.
  useQueueForSending(boss);
  for (const key of keys) {
    const { queue: name, payload } = JOBS[key];
    const cron: string | undefined = JOBS[key].cron;
    if (cron) await boss.schedule(name, cron, null, { tz: 'UTC' });
    // A job requests send keeps the short poll while NOTIFY is up too: its retries (an email's) are due
    // between sends, and the poll is what finds them.
    const notifiedPoll = cron
      ? Math.max(SCHEDULED_BACKSTOP_SECONDS, tuning.pollingIntervalSeconds)
      : tuning.pollingIntervalSeconds;
    // One handler's type for every key: the registry ties each key's schema to its handler.
    const handler = handlers[key] as (data: unknown, job: TJobInfo) => Promise<void>;
    await boss.work(
      name,
      {
        pollingIntervalSeconds: tuning.pollingIntervalSeconds,
        notifyPollingIntervalSeconds: notifiedPoll,
        batchSize: 10,
        burstWhenBatchFull: true,
        includeMetadata: true,
      },
      async (jobs: JobWithMetadata<unknown>[]) => {
        // The jobs of a batch run side by side (an email holds only its own row lock).
        await Promise.all(
          jobs.map(async (job) => {
            const data = payload.safeParse(job.data ?? {});
            if (!data.success) {
              log.error('job with a payload that does not fit its queue dropped', {
                queue: name,
                jobId: job.id,
                issues: data.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`),
              });
              return;
            }
            try {
              await handler(data.data, { sourceOutput: job.sourceOutput });
            } catch (err) {
              // Only this job fails (and is retried); the rest of the batch completes.
              const message = err instanceof Error ? err.message : String(err);
              await whenAnswered(() => boss.fail(name, job.id, { message }));
            }
          }),
        );
      },
    );
  }
}

/** How long a worker keeps trying to record a job's failure while the database is away. */
const RECORD_FAILURE_FOR_MS = 120_000;

/**
 * Runs `record` until the database takes it. A handler that failed because the database went away
 * would otherwise leave its job active (its failure unrecorded) until pg-boss expires it, 15 minutes
 * on, and the email sweep skips a job that still exists (docs/resilience.md#email-after-an-outage).
 */
async function whenAnswered<T>(record: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + RECORD_FAILURE_FOR_MS;
  for (let delay = 250; ; delay = Math.min(delay * 2, 5_000)) {
    try {
      return await record();
    } catch (err) {
      if (!isConnectionFault(err) || Date.now() + delay > deadline) throw err;
      await new Promise((r) => setTimeout(r, delay));
    }
  }
}

/** Job inserts under way outside any transaction (dispatchJobs), awaited before the queue stops. */
const inFlight = new Set<Promise<unknown>>();

/** No more jobs go out from this process; answers once those waiting and under way have gone. */
export async function stopSendingJobs(): Promise<void> {
  await flushDispatches();
  sender = null;
  await Promise.allSettled([...inFlight]);
}

export interface TSendOptions {
  retryLimit?: number;
  retryDelay?: number;
  retryBackoff?: boolean;
  retryDelayMax?: number;
}

/**
 * Sends a job inside `em`'s transaction (so a rolled-back change leaves no job). Without a queue nothing
 * is sent: the outbox row alone records the email, and the sweep of a running worker delivers it.
 */
export async function sendJob<K extends TJobName>(
  em: EntityManager,
  job: K,
  data: TJobInput<K>,
  options: TSendOptions = {},
): Promise<void> {
  if (!sender) return;
  await sender.send(JOBS[job].queue, data as object, { ...options, db: fromKysely(em.getKysely()) });
}

export interface TJobToDispatch<K extends TJobName = TJobName> {
  /** A UUID derived from what the job is for: a job already sent with it is not sent twice. */
  id: string;
  data: TJobInput<K>;
}

/** Like sendJob for many jobs of one queue, in one multi-row insert (a job whose id exists is skipped). */
async function sendJobs(
  em: EntityManager,
  name: string,
  jobs: TJobToDispatch[],
  options: TSendOptions = {},
): Promise<void> {
  if (!sender || jobs.length === 0) return;
  await sender.insert(
    name,
    jobs.map((j) => ({ ...j, ...options })),
    { db: fromKysely(em.getKysely()) },
  );
}

/**
 * Sends jobs on the queue's own connections, outside any transaction, for rows that are already
 * committed (the outbox's dispatch after commit and its sweep). A job whose id exists is skipped, so
 * the two can race without sending one twice. Answers how many were new; 0 without a queue.
 */
export async function dispatchJobs<K extends TJobName>(
  job: K,
  jobs: TJobToDispatch<K>[],
  options: TSendOptions = {},
): Promise<number> {
  return dispatchToQueue(JOBS[job].queue, jobs, options);
}

async function dispatchToQueue(name: string, jobs: TJobToDispatch[], options: TSendOptions): Promise<number> {
  if (!sender || jobs.length === 0) return 0;
  const sent = sender.insert(
    name,
    jobs.map((j) => ({ ...j, ...options })),
    { returnId: true },
  );
  inFlight.add(sent);
  try {
    return (await sent)?.length ?? 0;
  } finally {
    inFlight.delete(sent);
  }
}

/**
 * How long jobs wait to be dispatched together (dispatchSoon, JOB_DISPATCH_MS): the bookings of a busy
 * second share one insert, commit and NOTIFY instead of each paying its own (bench `emails`; figures in
 * bench/RESULTS.md). A second is nothing to an email.
 */
let dispatchWindowMs = 1000;

/** Sets JOB_DISPATCH_MS for this process (startJobRuntime). */
export function setDispatchWindow(ms: number): void {
  dispatchWindowMs = ms;
}

const waiting = new Map<string, { jobs: TJobToDispatch[]; options: TSendOptions }>();
let flushTimer: NodeJS.Timeout | null = null;
/** The dispatch the timer will run, settled once its jobs have gone (or failed and been logged). */
let scheduled: { promise: Promise<void>; resolve: () => void } | null = null;

/**
 * Dispatches jobs of committed rows within the dispatch window, grouped with others of the same queue,
 * without the caller waiting. A failed dispatch is only logged: the queue's sweep sends those jobs later.
 */
export function dispatchSoon<K extends TJobName>(
  job: K,
  jobs: TJobToDispatch<K>[],
  options: TSendOptions = {},
): void {
  queueSoon(JOBS[job].queue, jobs, options);
}

function queueSoon(name: string, jobs: TJobToDispatch[], options: TSendOptions): void {
  if (!sender || jobs.length === 0) return;
  const group = waiting.get(name);
  if (group) group.jobs.push(...jobs);
  else waiting.set(name, { jobs: [...jobs], options });
  if (!flushTimer) armFlush(dispatchWindowMs);
}

function armFlush(ms: number): void {
  let resolve = () => {};
  const promise = new Promise<void>((r) => (resolve = r));
  scheduled = { promise, resolve };
  flushTimer = setTimeout(() => void flushDispatches(), ms).unref();
}

/**
 * Answers once the jobs asked for so far have been dispatched, at the end of their window as usual
 * (never sooner): for the bench, which keeps one round's dispatch out of the next round.
 */
export function dispatchesSettled(): Promise<void> {
  return scheduled?.promise ?? Promise.resolve();
}

/** How long a failed dispatch waits before the next try, at first and at most. */
const REDISPATCH_MS = { first: 500, max: 5_000 };
/** Jobs kept for another try; past this many, the rest are left to the sweep. */
const REDISPATCH_CAP = 20_000;
let redispatchDelayMs = REDISPATCH_MS.first;

async function flushDispatches(): Promise<void> {
  if (flushTimer) clearTimeout(flushTimer);
  flushTimer = null;
  const done = scheduled;
  scheduled = null;
  const groups = [...waiting];
  waiting.clear();
  let failed = false;
  await Promise.all(
    groups.map(async ([name, { jobs, options }]) => {
      try {
        await dispatchToQueue(name, jobs, options);
      } catch (err) {
        failed = true;
        log.warn('jobs not dispatched; tried again until the database answers', {
          queue: name,
          count: jobs.length,
          err: String(err),
        });
        // Tried again while this process lives (docs/resilience.md#email-after-an-outage): the jobs go
        // out within seconds of the database's return, not at the sweep's next look a minute or more
        // later. Their ids make a repeat harmless; the sweep remains the net for a process that dies.
        if (countWaiting() + jobs.length <= REDISPATCH_CAP) requeue(name, jobs, options);
      }
    }),
  );
  done?.resolve();
  if (failed) {
    if (!flushTimer && waiting.size > 0 && sender) armFlush(redispatchDelayMs);
    redispatchDelayMs = Math.min(redispatchDelayMs * 2, REDISPATCH_MS.max);
  } else {
    redispatchDelayMs = REDISPATCH_MS.first;
  }
}

const countWaiting = () => [...waiting.values()].reduce((n, g) => n + g.jobs.length, 0);

/** Puts jobs whose dispatch failed back with those waiting, for the next flush. */
function requeue(name: string, jobs: TJobToDispatch[], options: TSendOptions): void {
  const group = waiting.get(name);
  if (group) group.jobs.unshift(...jobs);
  else waiting.set(name, { jobs: [...jobs], options });
}

/** The jobs each open transaction asked for, by queue, dispatched when that transaction commits. */
const pendingByTransaction = new WeakMap<
  object,
  Map<string, { jobs: TJobToDispatch[]; options: TSendOptions }>
>();

/**
 * Jobs for rows written through `em`: they go once those rows are committed, soon and grouped
 * (dispatchSoon), without the caller waiting. Outside a transaction that is now; inside one, when it
 * commits (nothing when it rolls back); inside a nested transaction, whose commit is only a savepoint,
 * they are sent with the rows, in the transaction. A job lost between a commit and its dispatch (a
 * crash) is sent again by its queue's sweep.
 */
export async function dispatchOnCommit<K extends TJobName>(
  em: EntityManager,
  job: K,
  jobs: TJobToDispatch<K>[],
  options: TSendOptions = {},
): Promise<void> {
  if (jobs.length === 0) return;
  const name = JOBS[job].queue;
  const trx = em.getTransactionContext<object>();
  if (!trx) {
    queueSoon(name, jobs, options);
  } else if ('savepointName' in trx) {
    await sendJobs(em, name, jobs, options);
  } else {
    let pending = pendingByTransaction.get(trx);
    if (!pending) {
      const queues = new Map<string, { jobs: TJobToDispatch[]; options: TSendOptions }>();
      pending = queues;
      pendingByTransaction.set(trx, queues);
      // The fork em.transactional runs in has its own event manager: the hook lives as long as it.
      em.getEventManager().registerSubscriber({
        afterTransactionCommit: ({ transaction }) => {
          if (transaction !== trx) return;
          for (const [queue, group] of queues) queueSoon(queue, group.jobs, group.options);
        },
      });
    }
    const group = pending.get(name);
    if (group) group.jobs.push(...jobs);
    else pending.set(name, { jobs: [...jobs], options });
  }
}

/**
 * A job id (a UUID of version 8, "custom") made from a row's id and creation time: the dispatch after
 * commit and the sweep name the same job, so pg-boss keeps only the first, and a database whose ids
 * started again cannot meet an old job. `kind` tells apart the rows of different tables.
 */
export function rowJobId(kind: number, row: { id: number; createdMs: string }): string {
  const ms = BigInt(row.createdMs).toString(16).padStart(12, '0');
  const id = BigInt(row.id).toString(16).padStart(12, '0');
  return `${ms.slice(0, 8)}-${ms.slice(8)}-8000-${(0x8000 + kind).toString(16)}-${id}`;
}
