import type { EntityManager } from '@mikro-orm/postgresql';
import { QUEUES, sendJob } from '../../jobs/queue.ts';
import {
  claimQueuedEmail,
  insertEmail,
  markEmailAttemptFailed,
  markEmailDelivered,
  resetFailedEmail,
  staleQueuedEmailIds,
} from '../../repositories/emails.ts';
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

export interface TOutgoingEmail {
  to: string;
  subject: string;
  template: string;
  html: string;
  text: string;
  replyTo: string | null;
  /** The booking the email is about: the admin's booking drawer lists its emails. */
  bookingId?: number | undefined;
}

/**
 * Writes the email into the outbox inside `em`'s transaction and sends its delivery job in the same
 * transaction (DECISIONS 17): it exists exactly when the change that caused it commits.
 */
export async function queueEmail(em: EntityManager, email: TOutgoingEmail): Promise<number> {
  const id = await insertEmail(em, email);
  await sendJob(em, QUEUES.email, { emailId: id }, retryOptions());
  return id;
}

/**
 * Delivers one queued email. A failure is recorded on the row and thrown, so the queue retries it with
 * backoff; the last failed attempt marks it failed. A sent email is never sent again (status check).
 */
export async function deliverEmail(
  em: EntityManager,
  transport: TMailTransport,
  from: string,
  emailId: number,
): Promise<void> {
  let failure: Error | undefined;
  // The row stays locked while it is sent, so two workers can never send the same email.
  await em.transactional(async (tx) => {
    const row = await claimQueuedEmail(tx, emailId);
    if (!row) return;
    try {
      const messageId = await transport.send(from, {
        to: row.to_address,
        subject: row.subject,
        html: row.html,
        text: row.text,
        replyTo: row.reply_to,
        messageId: `<stayhub.${row.id}.${row.created_ms}@${domainOf(from)}>`,
      });
      await markEmailDelivered(tx, emailId, transport.kind, messageId);
    } catch (err) {
      const final = row.attempts + 1 >= EMAIL_ATTEMPTS;
      await markEmailAttemptFailed(tx, emailId, err instanceof Error ? err.message : String(err), final);
      if (!final) failure = err instanceof Error ? err : new Error(String(err));
    }
  });
  // Thrown after the failure is recorded, so the queue retries with backoff.
  if (failure) throw failure;
}

/** The sender's domain, for Message-IDs. */
function domainOf(from: string): string {
  return /@([A-Za-z0-9.-]+)/.exec(from)?.[1] ?? 'stayhub.local';
}

/** Emails whose job never ran (written while no queue was running): each gets its job again. */
export async function requeueStaleEmails(em: EntityManager): Promise<number> {
  const ids = await staleQueuedEmailIds(em);
  for (const id of ids) await sendJob(em, QUEUES.email, { emailId: id }, retryOptions());
  return ids.length;
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
