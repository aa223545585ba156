import type { EntityManager } from '@mikro-orm/postgresql';
import type { TEmailSource } from '../../entities/outbox-email.entity.ts';
import { dispatchJobs, dispatchOnCommit, rowJobId, sendJob } from '../../jobs/queue.ts';
import { bookingsWithEmailsDue } from '../../repositories/bookings.ts';
import { isConnectionFault } from '../../db/pool.ts';
import { log } from '../../logger.ts';
import { emailsFailed, emailsSent } from '../../metrics.ts';
import {
  claimQueuedEmail,
  emailClaimState,
  failUncertainEmails,
  insertEmails,
  markClaimedAttemptFailed,
  markEmailAttemptFailed,
  markEmailDelivered,
  markEmailGivenUp,
  resetFailedEmail,
  staleQueuedEmails,
  type TNewEmail,
  type TOutboxKey,
} from '../../repositories/emails.ts';
import { renderEmailHtml } from './render.ts';
import { findDocument } from '../../repositories/documents.ts';
import { moneyDocumentPdf } from '../payments/invoice-pdf.ts';
import { getSettings } from '../settings/settings.ts';
import { isPermanentSmtpFailure, type TMailFrom, type TMailTransport } from './transport.ts';

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
  await dispatchOnCommit(em, 'bookingEmails', bookingEmailsJobs([booking]), retryOptions());
}

/**
 * Writes emails into the outbox inside `em`'s transaction (docs/decisions.md#emails): the rows exist exactly when
 * the change that caused them commits, in one multi-row insert; the HTML is rendered when sent.
 *
 * Their delivery jobs go to pg-boss after the commit, grouped, without the caller waiting: in the
 * transaction they cost the booking a second insert and a NOTIFY, whose commit-time lock every notifying
 * transaction queues for (bench emails: 18.0 ms p95 against 10.3 ms without emails). A job lost between
 * the commit and its dispatch (a crash) is sent again by the sweep, every minute (requeueStaleEmails).
 */
export async function queueEmails(em: EntityManager, emails: TNewEmail[]): Promise<number[]> {
  const keys = await insertEmails(em, emails);
  await dispatchOnCommit(em, 'email', emailJobs(keys), retryOptions());
  return keys.map((k) => k.id);
}

/**
 * Delivers one queued email (docs/resilience.md, "Email delivery"). Three steps, none inside a
 * transaction: the row is claimed for this attempt in a statement that commits on its own (so two
 * workers never send one email), the message goes to the transport with the row's stable Message-ID,
 * and the outcome is recorded against the attempt, retried while the database is away. A send that
 * failed is queued again for the queue's next retry, or failed at once when the SMTP server refused it
 * for good (a 5xx reply). Only a worker that dies between its send and that record leaves the attempt
 * uncertain; the sweep then marks it failed rather than sending it again (failUncertainEmails).
 */
export async function deliverEmail(
  em: EntityManager,
  transport: TMailTransport,
  from: TMailFrom,
  emailId: number,
): Promise<void> {
  let row;
  try {
    row = await claimQueuedEmail(em, emailId, domainOf(from));
  } catch (err) {
    // Nothing was claimed or sent: count the attempt when the database lets us, and let the queue retry.
    await markEmailAttemptFailed(em, emailId, errorMessage(err), EMAIL_ATTEMPTS).catch(() => false);
    throw asError(err);
  }
  if (!row) {
    // Its job is the only one it has (emailJobId), so it must not end while the email is unsent: a row
    // locked by another transaction is retried with the queue's backoff. A row another attempt claimed
    // is that attempt's to record (or the sweep's to settle); any other is done.
    if ((await emailClaimState(em, emailId)) === 'free')
      throw new Error('the email is locked, retried later');
    return;
  }
  const claimed = row;
  let html = claimed.html;
  try {
    html ??= await renderStored(claimed);
    await transport.send(from, {
      to: claimed.to_address,
      subject: claimed.subject,
      html,
      text: claimed.text,
      replyTo: claimed.reply_to,
      messageId: claimed.message_id,
      attachments: await attachmentsOf(em, claimed.source),
    });
  } catch (err) {
    emailsFailed.inc({ template: claimed.template });
    const status = await untilRecorded(() =>
      markClaimedAttemptFailed(em, claimed.id, claimed.attempt_id, {
        error: errorMessage(err),
        permanent: isPermanentSmtpFailure(err),
        maxAttempts: EMAIL_ATTEMPTS,
        html,
      }),
    );
    // Thrown once the failure is recorded, so the queue retries with backoff; a failed email is done.
    if (status === 'queued') throw asError(err);
    return;
  }
  const sentHtml = html;
  emailsSent.inc({ template: claimed.template });
  await untilRecorded(() => markEmailDelivered(em, claimed.id, claimed.attempt_id, transport.kind, sentHtml));
}

/** How long a worker keeps trying to record a send's outcome while the database is away. */
const RECORD_FOR_MS = 120_000;
/** A claimed email with no outcome this long after its claim is uncertain (the sweep settles it). */
export const UNCERTAIN_AFTER_SECONDS = 300;

/**
 * Runs `record` until the database takes it: a send's outcome must not be lost to an outage, or the
 * email would look unsent (and be settled as uncertain). Errors PostgreSQL answered are not retried.
 */
async function untilRecorded<T>(record: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + RECORD_FOR_MS;
  for (let delay = 100; ; delay = Math.min(delay * 2, 5_000)) {
    try {
      return await record();
    } catch (err) {
      if (!isConnectionFault(err) || Date.now() + delay > deadline) throw err;
      await new Promise((r) => setTimeout(r, delay));
    }
  }
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

/** The PDFs an email carries: its booking's issued documents, made from what was stored when issued. */
async function attachmentsOf(em: EntityManager, source: TEmailSource | null) {
  const files = [];
  for (const a of source?.attachments ?? []) {
    const doc = await findDocument(em, a.bookingId, a.number);
    if (!doc) throw new Error(`the email's document ${a.number} is not issued`);
    files.push({
      filename: `${a.number}.pdf`,
      content: await moneyDocumentPdf(doc),
      contentType: 'application/pdf',
    });
  }
  return files;
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
  const uncertain = await failUncertainEmails(em, UNCERTAIN_AFTER_SECONDS);
  if (uncertain.length > 0) log.warn('emails whose delivery is uncertain marked failed', { ids: uncertain });
  const [emails, bookings] = await Promise.all([staleQueuedEmails(em), bookingsWithEmailsDue(em)]);
  const [sent, written] = await Promise.all([
    dispatchJobs('email', emailJobs(emails), retryOptions()),
    dispatchJobs('bookingEmails', bookingEmailsJobs(bookings), retryOptions()),
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
    await sendJob(tx, 'email', { emailId }, retryOptions());
    return true;
  });
}
