import type { EntityManager } from '@mikro-orm/postgresql';
import { QUEUES, sendJob } from '../../jobs/queue.ts';
import {
  claimQueuedEmail,
  insertEmail,
  markEmailAttemptFailed,
  markEmailDelivered,
  staleQueuedEmailIds,
} from '../../repositories/emails.ts';
import type { TMailTransport } from './transport.ts';

/** Attempts before an email is marked failed (the first try and its retries, with exponential backoff). */
export const EMAIL_ATTEMPTS = 5;

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
  /** The booking the email is about: the admin's booking drawer lists its emails. */
  bookingId?: number | undefined;
}

/**
 * Writes the email into the outbox inside `em`'s transaction and sends its delivery job in the same
 * transaction (DECISIONS 17): it exists exactly when the change that caused it commits.
 */
export async function queueEmail(em: EntityManager, email: TOutgoingEmail): Promise<number> {
  const id = await insertEmail(em, email);
  await sendJob(
    em,
    QUEUES.email,
    { emailId: id },
    { retryLimit: EMAIL_ATTEMPTS - 1, retryDelay: 15, retryBackoff: true },
  );
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

/** Emails whose job never ran (written while no queue was running): each gets its job again. */
export async function requeueStaleEmails(em: EntityManager): Promise<number> {
  const ids = await staleQueuedEmailIds(em);
  for (const id of ids) await sendJob(em, QUEUES.email, { emailId: id }, { retryLimit: EMAIL_ATTEMPTS - 1 });
  return ids.length;
}
