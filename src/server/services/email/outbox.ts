import type { EntityManager } from '@mikro-orm/postgresql';
import type { TEmailSource } from '../../entities/outbox-email.entity.ts';
import { dispatchJobs, dispatchSoon, QUEUES, sendJob, sendJobs } from '../../jobs/queue.ts';
import {
  claimQueuedEmail,
  insertEmails,
  isEmailQueued,
  markEmailAttemptFailed,
  markEmailDelivered,
  markEmailGivenUp,
  resetFailedEmail,
  staleQueuedEmails,
  type TNewEmail,
  type TOutboxKey,
} from '../../repositories/emails.ts';
import { renderEmailHtml } from './render.ts';
import type { TMailTransport } from './transport.ts';

/** Attempts before an email is marked failed (the first try and its retries, with exponential backoff). */
export const EMAIL_ATTEMPTS = 5;

/** The first retry's delay in seconds, doubling each time (EMAIL_RETRY_DELAY_SECONDS; short in tests). */
let retryDelaySeconds = 15;

export function setEmailRetryDelay(seconds: number): void {
  retryDelaySeconds = seconds;
}

function retryOptions() {
  return {
    retryLimit: EMAIL_ATTEMPTS - 1,
    retryDelay: retryDelaySeconds,
    retryBackoff: true,
    retryDelayMax: 3600,
  };
}

let baseUrl = 'http://localhost:3000';

/** Where links in emails point: PUBLIC_URL, or the server's own address. Set once at start-up. */
export function setEmailBaseUrl(url: string): void {
  baseUrl = url.replace(/\/+$/, '');
}

export function absoluteUrl(pathname: string): string {
  return `${baseUrl}${pathname}`;
}

/**
 * The delivery job's id, made from the row's id and creation time (a UUID of version 8, "custom"): the
 * dispatch after commit and the sweep name the same job, so pg-boss keeps only the first, and a
 * database whose ids started again cannot meet an old job.
 */
export function emailJobId(key: TOutboxKey): string {
  const ms = BigInt(key.createdMs).toString(16).padStart(12, '0');
  const id = BigInt(key.id).toString(16).padStart(12, '0');
  return `${ms.slice(0, 8)}-${ms.slice(8)}-8000-8000-${id}`;
}

const emailJobs = (keys: TOutboxKey[]) => keys.map((k) => ({ id: emailJobId(k), data: { emailId: k.id } }));

/** Sends the jobs of committed rows, soon and grouped (dispatchSoon), without the caller waiting. */
function dispatchEmails(keys: TOutboxKey[]): void {
  dispatchSoon(QUEUES.email, emailJobs(keys), retryOptions());
}

/** The rows each open transaction wrote, dispatched when that transaction commits. */
const pendingByTransaction = new WeakMap<object, TOutboxKey[]>();

/**
 * Writes emails into the outbox inside `em`'s transaction (DECISIONS 17): the rows exist exactly when
 * the change that caused them commits, in one multi-row insert; the HTML is rendered when sent.
 *
 * Their delivery jobs go to pg-boss after the commit, grouped, without the caller waiting: in the
 * transaction they cost the booking a second insert and a NOTIFY, whose commit-time lock every notifying
 * transaction queues for (bench emails: 18.0 ms p95 against 10.3 ms without emails). A job lost between
 * the commit and its dispatch (a crash) is sent again by the sweep, every minute (requeueStaleEmails).
 */
export async function queueEmails(em: EntityManager, emails: TNewEmail[]): Promise<number[]> {
  const keys = await insertEmails(em, emails);
  await outboxWritten(em, keys);
  return keys.map((k) => k.id);
}

/**
 * Outbox rows were written through `em` (by insertEmails, or in the statement of the change that caused
 * them): their jobs go once they are committed. Outside a transaction that is now; inside one, when it
 * commits (nothing when it rolls back).
 */
export async function outboxWritten(em: EntityManager, keys: TOutboxKey[]): Promise<void> {
  if (keys.length === 0) return;
  const trx = em.getTransactionContext<object>();
  if (!trx) {
    // Outside a transaction the insert has committed already.
    dispatchEmails(keys);
  } else if ('savepointName' in trx) {
    // A nested transaction's commit is only a savepoint: the jobs go with the rows, in the transaction.
    await sendJobs(em, QUEUES.email, emailJobs(keys), retryOptions());
  } else {
    let pending = pendingByTransaction.get(trx);
    if (!pending) {
      const rows: TOutboxKey[] = [];
      pending = rows;
      pendingByTransaction.set(trx, rows);
      // The fork em.transactional runs in has its own event manager: the hook lives as long as it.
      em.getEventManager().registerSubscriber({
        afterTransactionCommit: ({ transaction }) => {
          if (transaction === trx) dispatchEmails(rows);
        },
      });
    }
    pending.push(...keys);
  }
}

/**
 * Delivers one queued email, rendering its HTML first when it has none yet (the HTML it was sent with
 * is kept). A failure is recorded on the row and thrown, so the queue retries it with backoff; the last
 * failed attempt marks it failed. A sent email is never sent again (status check).
 */
export async function deliverEmail(
  em: EntityManager,
  transport: TMailTransport,
  from: string,
  emailId: number,
): Promise<void> {
  let failure: Error | undefined;
  try {
    // The row stays locked while it is sent, so two workers can never send the same email.
    await em.transactional(async (tx) => {
      const row = await claimQueuedEmail(tx, emailId);
      if (!row) {
        // Its job is the only one it has (emailJobId), so it must not end while the email is unsent: a
        // row held by another transaction (being sent, or updated) is retried with the queue's backoff.
        if (await isEmailQueued(tx, emailId)) failure = new Error('the email is locked, retried later');
        return;
      }
      let html = row.html;
      try {
        html ??= await renderStored(row);
        const messageId = await transport.send(from, {
          to: row.to_address,
          subject: row.subject,
          html,
          text: row.text,
          replyTo: row.reply_to,
          // Stable across attempts (the row's id and time), so a resent message is recognisably the same.
          messageId: `<stayhub.${row.id}.${row.created_ms}@${domainOf(from)}>`,
        });
        await markEmailDelivered(tx, emailId, transport.kind, messageId, html);
      } catch (err) {
        const final = await markEmailAttemptFailed(tx, emailId, errorMessage(err), EMAIL_ATTEMPTS, html);
        if (!final) failure = asError(err);
      }
    });
  } catch (err) {
    // The attempt broke where it could not be recorded (the transaction rolled back): record it on its own.
    // When even that fails, the job fails, and once its last attempt has, its dead letter marks the email
    // failed (emailGivenUp), so no email stays queued for good.
    const final = await markEmailAttemptFailed(em, emailId, errorMessage(err), EMAIL_ATTEMPTS, null);
    if (!final) throw asError(err);
  }
  // Thrown after the failure is recorded, so the queue retries with backoff.
  if (failure) throw failure;
}

/** The queue gave up on an email's job (its dead letter): a still-queued email is marked failed. */
export async function emailGivenUp(
  em: EntityManager,
  emailId: number,
  error: string | null,
): Promise<boolean> {
  return markEmailGivenUp(em, emailId, error);
}

const errorMessage = (err: unknown) => (err instanceof Error ? err.message : String(err));
const asError = (err: unknown) => (err instanceof Error ? err : new Error(String(err)));

/** An email's HTML: as stored, or rendered from its source (emails are stored unrendered until sent). */
export async function renderStored(email: {
  html: string | null;
  source: TEmailSource | null;
}): Promise<string> {
  if (email.html !== null) return email.html;
  if (!email.source) throw new Error('the email has neither HTML nor a source to render it from');
  return renderEmailHtml(email.source);
}

/** The sender's domain, for Message-IDs. */
function domainOf(from: string): string {
  return /@([A-Za-z0-9.-]+)/.exec(from)?.[1] ?? 'stayhub.local';
}

/**
 * The safety net of the dispatch after commit, run by the email-sweep schedule every minute: queued
 * emails never tried and older than a minute get their job again. One that still has its job is skipped
 * (same job id), so this answers only the jobs that were really missing.
 */
export async function requeueStaleEmails(em: EntityManager): Promise<number> {
  return dispatchJobs(QUEUES.email, emailJobs(await staleQueuedEmails(em)), retryOptions());
}

/**
 * The admin's Retry: a failed email is queued again with a fresh round of attempts, and its job is sent
 * in the same transaction. Answers false when the email is not (or no longer) failed.
 */
export async function requeueFailedEmail(em: EntityManager, emailId: number): Promise<boolean> {
  return em.transactional(async (tx) => {
    if (!(await resetFailedEmail(tx, emailId))) return false;
    await sendJob(tx, QUEUES.email, { emailId }, retryOptions());
    return true;
  });
}
