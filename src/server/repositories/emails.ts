import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import type { TEmailSource } from '../entities/outbox-email.entity.ts';
import type { TAdminEmail } from '#shared/schemas/emails.ts';
import { db, isoTimestamp } from './db.ts';
import { inHomes, type THomeScope } from './home-scope.ts';

export interface TNewEmail {
  to: string;
  subject: string;
  template: string;
  text: string;
  source: TEmailSource;
  replyTo: string | null;
  bookingId?: number | undefined;
}

/** An outbox row's identity: its id and creation time (milliseconds), which name its job and Message-ID. */
export interface TOutboxKey {
  id: number;
  createdMs: string;
}

/** The outbox key of the `emails` row a statement selects or returns. */
const createdMs = sql<string>`(extract(epoch from created_at) * 1000)::bigint::text`.as('createdMs');

/** Writes emails into the outbox in one multi-row insert (a booking writes two); answers their keys in order. */
export async function insertEmails(em: EntityManager, emails: TNewEmail[]): Promise<TOutboxKey[]> {
  if (emails.length === 0) return [];
  return db(em)
    .insertInto('emails')
    .values(
      emails.map((m) => ({
        to_address: m.to,
        subject: m.subject,
        template: m.template,
        text: m.text,
        source: sql<TEmailSource>`${JSON.stringify(m.source)}::jsonb`,
        reply_to: m.replyTo,
        booking_id: m.bookingId ?? null,
      })),
    )
    .returning(['id', createdMs])
    .execute();
}

export interface TClaimedEmail {
  id: number;
  to_address: string;
  subject: string;
  template: string;
  html: string | null;
  text: string;
  source: TEmailSource | null;
  reply_to: string | null;
  attempts: number;
  message_id: string;
  attempt_id: string;
}

/**
 * Claims a queued email for one send attempt, in one statement that commits on its own (no transaction
 * is held across the send): a fresh attempt id, the time, and the row's Message-ID (stable: its id and
 * creation time at `domain`, kept from any earlier claim). Null when the row is not queued, is claimed
 * by another attempt, or is locked by another transaction (emailClaimState tells which).
 */
export async function claimQueuedEmail(
  em: EntityManager,
  id: number,
  domain: string,
): Promise<TClaimedEmail | null> {
  const row = await db(em)
    .with('free', (d) =>
      d
        .selectFrom('emails')
        .select('id')
        .where('id', '=', id)
        .where('status', '=', 'queued')
        .where('attempt_id', 'is', null)
        .forUpdate()
        .skipLocked(),
    )
    .updateTable('emails as e')
    .from('free')
    .set({
      attempt_id: sql<string>`gen_random_uuid()`,
      claimed_at: sql<Date>`now()`,
      message_id: sql<string>`coalesce(e.message_id, '<stayhub.' || e.id || '.' || (extract(epoch from e.created_at) * 1000)::bigint || '@' || ${domain} || '>')`,
    })
    .whereRef('e.id', '=', 'free.id')
    .returning([
      'e.id',
      'e.to_address',
      'e.subject',
      'e.template',
      'e.html',
      'e.text',
      'e.source',
      'e.reply_to',
      'e.attempts',
      sql<string>`e.message_id`.as('message_id'),
      sql<string>`e.attempt_id::text`.as('attempt_id'),
    ])
    .executeTakeFirst();
  return row ?? null;
}

/** Why an email could not be claimed: 'claimed' (an attempt holds it), 'free' (a lock held it), 'done'. */
export async function emailClaimState(em: EntityManager, id: number): Promise<'claimed' | 'free' | 'done'> {
  const row = await db(em)
    .selectFrom('emails')
    .select(sql<boolean>`attempt_id is not null`.as('claimed'))
    .where('id', '=', id)
    .where('status', '=', 'queued')
    .executeTakeFirst();
  if (!row) return 'done';
  return row.claimed ? 'claimed' : 'free';
}

/**
 * Records that an attempt's message was accepted, keeping the HTML it was sent with (the source is not
 * needed any more). Also over a 'failed' verdict the sweep gave while this attempt was uncertain: the
 * truth wins. False when the attempt no longer owns the row (the admin retried it meanwhile).
 */
export async function markEmailDelivered(
  em: EntityManager,
  id: number,
  attemptId: string,
  status: 'sent' | 'delivered_locally',
  html: string,
): Promise<boolean> {
  const rows = await db(em)
    .updateTable('emails')
    .set((eb) => ({
      status,
      html,
      source: null,
      sent_at: sql<Date>`now()`,
      attempts: eb('attempts', '+', 1),
      last_error: null,
      attempt_id: null,
      claimed_at: null,
    }))
    .where('id', '=', id)
    .where('attempt_id', '=', sql<string>`${attemptId}::uuid`)
    .where('status', 'in', ['queued', 'failed'])
    .returning('id')
    .execute();
  return rows.length > 0;
}

/** An error as a text column takes it: no NUL (PostgreSQL refuses it) or other control characters, bounded. */
function errorText(error: string): string {
  // eslint-disable-next-line no-control-regex -- exactly the control characters are replaced
  return error.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, ' ').slice(0, 2000);
}

/**
 * Records an attempt whose send failed, and the HTML when it was rendered (for the preview), releasing
 * the claim: the email is queued again for its next attempt, or failed when the failure is permanent or
 * this attempt was the last. Answers 'failed', 'queued', or null when the attempt no longer owns the row.
 */
export async function markClaimedAttemptFailed(
  em: EntityManager,
  id: number,
  attemptId: string,
  failure: { error: string; permanent: boolean; maxAttempts: number; html: string | null },
): Promise<'failed' | 'queued' | null> {
  const row = await db(em)
    .updateTable('emails')
    .set((eb) => ({
      attempts: eb('attempts', '+', 1),
      last_error: errorText(failure.error),
      html: sql<string | null>`coalesce(${failure.html}, html)`,
      attempt_id: null,
      claimed_at: null,
      status: sql<
        'failed' | 'queued'
      >`case when ${failure.permanent} or attempts + 1 >= ${failure.maxAttempts} then 'failed' else 'queued' end`,
    }))
    .where('id', '=', id)
    .where('attempt_id', '=', sql<string>`${attemptId}::uuid`)
    .where('status', 'in', ['queued', 'failed'])
    .returning(sql<'failed' | 'queued'>`status`.as('status'))
    .executeTakeFirst();
  return row?.status ?? null;
}

/**
 * Records a failed attempt of a queued, unclaimed email (one that broke before it could claim it); the
 * attempt that reaches `maxAttempts` marks it failed. Answers whether it did.
 */
export async function markEmailAttemptFailed(
  em: EntityManager,
  id: number,
  error: string,
  maxAttempts: number,
): Promise<boolean> {
  const row = await db(em)
    .updateTable('emails')
    .set((eb) => ({
      attempts: eb('attempts', '+', 1),
      last_error: errorText(error),
      status: sql<
        'failed' | 'queued'
      >`case when attempts + 1 >= ${maxAttempts} then 'failed' else status end`,
    }))
    .where('id', '=', id)
    .where('status', '=', 'queued')
    .where('attempt_id', 'is', null)
    .returning(sql<boolean>`status = 'failed'`.as('failed'))
    .executeTakeFirst();
  return row?.failed ?? false;
}

/**
 * The queue gave up on a queued email (its job's last attempt failed, whatever broke it): it is marked
 * failed with that error (or the last one recorded), so the admin sees it and can retry. False when it
 * was not queued any more, or an attempt holds it (the sweep settles that one).
 */
export async function markEmailGivenUp(
  em: EntityManager,
  id: number,
  error: string | null,
): Promise<boolean> {
  const rows = await db(em)
    .updateTable('emails')
    .set({
      status: 'failed',
      last_error: sql<string>`coalesce(${error === null ? null : errorText(error)}, last_error, 'delivery failed on every attempt')`,
    })
    .where('id', '=', id)
    .where('status', '=', 'queued')
    .where('attempt_id', 'is', null)
    .returning('id')
    .execute();
  return rows.length > 0;
}

export const UNCERTAIN_DELIVERY =
  'Delivery uncertain: the sending worker stopped after handing the message to the SMTP server and before recording the answer. Not resent automatically; Retry sends it again with the same Message-ID.';

/**
 * Claimed emails whose attempt never recorded an outcome within `olderThanSeconds` (its worker died, or
 * could not reach the database for that long): the message may or may not have left. They are marked
 * failed, never resent blindly; the attempt id stays, so a worker that still records its outcome later
 * corrects the verdict. Answers their ids.
 */
export async function failUncertainEmails(em: EntityManager, olderThanSeconds: number): Promise<number[]> {
  const rows = await db(em)
    .updateTable('emails')
    .set({ status: 'failed', last_error: UNCERTAIN_DELIVERY })
    .where('status', '=', 'queued')
    .where('attempt_id', 'is not', null)
    .where('claimed_at', '<', sql<Date>`now() - make_interval(secs => ${olderThanSeconds})`)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** A failed email goes back to the queue with a fresh round of attempts; false when it is not failed. */
export async function resetFailedEmail(em: EntityManager, id: number): Promise<boolean> {
  const rows = await db(em)
    .updateTable('emails')
    .set({ status: 'queued', attempts: 0, attempt_id: null, claimed_at: null })
    .where('id', '=', id)
    .where('status', '=', 'failed')
    .returning('id')
    .execute();
  return rows.length > 0;
}

/**
 * Queued emails never tried, older than a minute: their job may be missing (the process stopped between
 * the commit and the job's dispatch, or no queue ran where they were written). Oldest first.
 */
export async function staleQueuedEmails(em: EntityManager): Promise<TOutboxKey[]> {
  return db(em)
    .selectFrom('emails')
    .select(['id', createdMs])
    .where('status', '=', 'queued')
    .where('attempts', '=', 0)
    .where('attempt_id', 'is', null)
    .where('created_at', '<', sql<Date>`now() - interval '1 minute'`)
    .orderBy('id')
    .limit(200)
    .execute();
}

/** An email as the admin lists it; `html` is null until sent, and `source` renders the preview then. */
export type TAdminEmailRecord = Omit<TAdminEmail, 'html'> & {
  html: string | null;
  source: TEmailSource | null;
};

/**
 * The admin's columns of `emails`, named as TAdminEmailRecord names them: the source only while there is
 * no HTML to show.
 */
function adminEmails(em: EntityManager) {
  return db(em)
    .selectFrom('emails')
    .select([
      'id',
      'to_address as to',
      'subject',
      'template',
      'status',
      'attempts',
      'last_error as lastError',
      isoTimestamp('created_at').as('createdAt'),
      isoTimestamp<string | null>('sent_at').as('sentAt'),
      'html',
      sql<TEmailSource | null>`case when html is null then source end`.as('source'),
    ]);
}

/** A person limited to some homes sees the emails about their homes' bookings only (docs/staff.md#per-home-access). */
function ofHomes(em: EntityManager, homes: THomeScope) {
  return sql<boolean>`booking_id in (${db(em).selectFrom('bookings as b').select('b.id').where(inHomes('b.property_id', homes))})`;
}

export async function listEmails(
  em: EntityManager,
  limit: number,
  offset: number,
  homes: THomeScope = null,
): Promise<TAdminEmailRecord[]> {
  let q = adminEmails(em);
  if (homes !== null) q = q.where(ofHomes(em, homes));
  return q.orderBy('id', 'desc').limit(limit).offset(offset).execute();
}

export async function findEmail(em: EntityManager, id: number): Promise<TAdminEmailRecord | null> {
  return (await adminEmails(em).where('id', '=', id).executeTakeFirst()) ?? null;
}

export async function countEmails(em: EntityManager, homes: THomeScope = null): Promise<number> {
  let q = db(em)
    .selectFrom('emails')
    .select(sql<number>`count(*)::int`.as('n'));
  if (homes !== null) q = q.where(ofHomes(em, homes));
  const row = await q.executeTakeFirst();
  return row?.n ?? 0;
}
