import type { EntityManager } from '@mikro-orm/postgresql';
import type { TEmailSource } from '../../entities/outbox-email.entity.ts';
import { QUEUES, sendJob, sendJobs } from '../../jobs/queue.ts';
import {
  claimQueuedEmail,
  insertEmails,
  markEmailAttemptFailed,
  markEmailDelivered,
  resetFailedEmail,
  staleQueuedEmailIds,
  type TNewEmail,
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
 * Writes emails into the outbox inside `em`'s transaction and sends their delivery jobs in the same
 * transaction (DECISIONS 17): they exist exactly when the change that caused them commits. Two
 * statements whatever the count (one multi-row insert each); the HTML is rendered when sent.
 */
export async function queueEmails(em: EntityManager, emails: TNewEmail[]): Promise<number[]> {
  const ids = await insertEmails(em, emails);
  await sendJobs(
    em,
    QUEUES.email,
    ids.map((emailId) => ({ emailId })),
    retryOptions(),
  );
  return ids;
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
  // The row stays locked while it is sent, so two workers can never send the same email.
  await em.transactional(async (tx) => {
    const row = await claimQueuedEmail(tx, emailId);
    if (!row) return;
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
      const final = row.attempts + 1 >= EMAIL_ATTEMPTS;
      const error = err instanceof Error ? err.message : String(err);
      await markEmailAttemptFailed(tx, emailId, error, final, html);
      if (!final) failure = err instanceof Error ? err : new Error(String(err));
    }
  });
  // Thrown after the failure is recorded, so the queue retries with backoff.
  if (failure) throw failure;
}

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
