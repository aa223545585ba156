import type { EntityManager } from '@mikro-orm/postgresql';
import type { TEmailSource } from '../../entities/outbox-email.entity.ts';
import { dispatchJobs, dispatchOnCommit, QUEUES, rowJobId, sendJob } from '../../jobs/queue.ts';
import { bookingsWithEmailsDue } from '../../repositories/bookings.ts';
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
import { getSettings } from '../settings/settings.ts';
import type { TMailFrom, TMailTransport } from './transport.ts';

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

/** The delivery job's id, made from the row's id and creation time (rowJobId). */
export function emailJobId(key: TOutboxKey): string {
  return rowJobId(0, key);
}

const emailJobs = (keys: TOutboxKey[]) => keys.map((k) => ({ id: emailJobId(k), data: { emailId: k.id } }));

/** The booking-emails job's id, made from the booking's id and creation time (rowJobId). */
export function bookingEmailsJobId(booking: TOutboxKey): string {
  return rowJobId(1, booking);
}

const bookingEmailsJobs = (bookings: TOutboxKey[]) =>
  bookings.map((b) => ({ id: bookingEmailsJobId(b), data: { bookingId: b.id } }));

/**
 * A booking whose emails are due was written through `em` (its row holds their token): the job that
 * writes them into the outbox goes once the booking commits. On the booking's hot path the row is the
 * outbox entry: writing the two emails in the booking's statement cost it ~0.5–0.7 ms of its ~1.3 ms
 * (bench emails: +18 to +45 % on the booking's p95; the column costs nothing measurable).
 */
export async function bookingEmailsDue(em: EntityManager, booking: TOutboxKey): Promise<void> {
  await dispatchOnCommit(em, QUEUES.bookingEmails, bookingEmailsJobs([booking]), retryOptions());
}

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
  await dispatchOnCommit(em, QUEUES.email, emailJobs(keys), retryOptions());
  return keys.map((k) => k.id);
}

/**
 * Delivers one queued email, rendering its HTML first when it has none yet (the HTML it was sent with
 * is kept). A failure is recorded on the row and thrown, so the queue retries it with backoff; the last
 * failed attempt marks it failed. A sent email is never sent again (status check).
 */
export async function deliverEmail(
  em: EntityManager,
  transport: TMailTransport,
  from: TMailFrom,
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
function domainOf(from: TMailFrom): string {
  const address = typeof from === 'string' ? (/<([^>]*)>\s*$/.exec(from)?.[1] ?? from) : from.address;
  return /@([A-Za-z0-9.-]+)/.exec(address)?.[1] ?? 'stayhub.local';
}

/** The From of every email when MAIL_FROM is not set: the site's name, quoted by nodemailer, and its support address. */
export async function siteSender(em: EntityManager): Promise<TMailFrom> {
  const s = await getSettings(em);
  return { name: s.siteName, address: s.supportEmail };
}

/**
 * The safety net of the dispatch after commit, run by the email-sweep schedule every minute: queued
 * emails never tried and older than a minute get their job again, as do bookings whose emails are
 * still due a minute after they were made. One that still has its job is skipped
 * (same job id), so this answers only the jobs that were really missing.
 */
export async function requeueStaleEmails(em: EntityManager): Promise<number> {
  const [emails, bookings] = await Promise.all([staleQueuedEmails(em), bookingsWithEmailsDue(em)]);
  const [sent, written] = await Promise.all([
    dispatchJobs(QUEUES.email, emailJobs(emails), retryOptions()),
    dispatchJobs(QUEUES.bookingEmails, bookingEmailsJobs(bookings), retryOptions()),
  ]);
  return sent + written;
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
