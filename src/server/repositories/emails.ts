import type { EntityManager } from '@mikro-orm/postgresql';
import type { TEmailSource } from '../entities/outbox-email.entity.ts';
import type { TAdminEmail } from '#shared/schemas/emails.ts';
import { homesClause, type THomeScope } from './home-scope.ts';

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

const OUTBOX_KEY = `id, (extract(epoch from created_at) * 1000)::bigint::text as "createdMs"`;

/**
 * Writes emails into the outbox in one multi-row insert (a booking writes two); answers their keys in
 * order. Raw SQL, as it runs inside the booking's transaction and the QueryBuilder was slower there
 * (bench `emails`).
 */
export async function insertEmails(em: EntityManager, emails: TNewEmail[]): Promise<TOutboxKey[]> {
  if (emails.length === 0) return [];
  const values = emails.map(() => '(?, ?, ?, ?, ?::jsonb, ?, ?)').join(', ');
  return em.execute<TOutboxKey[]>(
    `insert into emails (to_address, subject, template, text, source, reply_to, booking_id) values ${values} returning ${OUTBOX_KEY}`,
    emails.flatMap((m) => [
      m.to,
      m.subject,
      m.template,
      m.text,
      JSON.stringify(m.source),
      m.replyTo,
      m.bookingId ?? null,
    ]),
  );
}

/**
 * The outbox insert as one data-modifying CTE of a larger statement: a row per email, each pointing at
 * the `id` the CTE named `source` answers (nothing is written when it answers no row). Its RETURNING gives
 * the keys (OUTBOX_KEY); `outboxKeysOf` reads them back as JSON in the statement's answer.
 */
export function outboxInsertFrom(source: string, emails: TNewEmail[]): { sql: string; params: unknown[] } {
  const values = emails.map(() => '(?, ?, ?, ?, ?, ?)').join(', ');
  return {
    sql: `insert into emails (to_address, subject, template, text, source, reply_to, booking_id)
          select v.to_address, v.subject, v.template, v.text, v.source::jsonb, v.reply_to, ${source}.id
            from ${source}, (values ${values}) v(to_address, subject, template, text, source, reply_to)
          returning ${OUTBOX_KEY}`,
    params: emails.flatMap((m) => [m.to, m.subject, m.template, m.text, JSON.stringify(m.source), m.replyTo]),
  };
}

/** The keys an `outboxInsertFrom` CTE named `cte` wrote, as one JSON array column, in id order. */
export function outboxKeysOf(cte: string): string {
  return `coalesce((select json_agg(json_build_object('id', ${cte}.id, 'createdMs', ${cte}."createdMs") order by ${cte}.id) from ${cte}), '[]')`;
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
  const rows = await em.execute<TClaimedEmail[]>(
    `with free as (select id from emails where id = ? and status = 'queued' and attempt_id is null for update skip locked)
     update emails e set attempt_id = gen_random_uuid(), claimed_at = now(),
            message_id = coalesce(e.message_id, '<stayhub.' || e.id || '.' || (extract(epoch from e.created_at) * 1000)::bigint || '@' || ? || '>')
       from free where e.id = free.id
     returning e.id, e.to_address, e.subject, e.template, e.html, e.text, e.source, e.reply_to, e.attempts,
               e.message_id, e.attempt_id::text as attempt_id`,
    [id, domain],
  );
  return rows[0] ?? null;
}

/** Why an email could not be claimed: 'claimed' (an attempt holds it), 'free' (a lock held it), 'done'. */
export async function emailClaimState(em: EntityManager, id: number): Promise<'claimed' | 'free' | 'done'> {
  const rows = await em.execute<{ claimed: boolean }[]>(
    `select attempt_id is not null as claimed from emails where id = ? and status = 'queued'`,
    [id],
  );
  const row = rows[0];
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
  const rows = await em.execute<{ id: number }[]>(
    `update emails set status = ?, html = ?, source = null, sent_at = now(), attempts = attempts + 1, last_error = null,
            attempt_id = null, claimed_at = null
      where id = ? and attempt_id = ?::uuid and status in ('queued', 'failed') returning id`,
    [status, html, id, attemptId],
  );
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
  const rows = await em.execute<{ status: 'failed' | 'queued' }[]>(
    `update emails set attempts = attempts + 1, last_error = ?, html = coalesce(?, html), attempt_id = null, claimed_at = null,
            status = case when ? or attempts + 1 >= ? then 'failed' else 'queued' end
      where id = ? and attempt_id = ?::uuid and status in ('queued', 'failed') returning status`,
    [errorText(failure.error), failure.html, failure.permanent, failure.maxAttempts, id, attemptId],
  );
  return rows[0]?.status ?? null;
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
  const rows = await em.execute<{ failed: boolean }[]>(
    `update emails set attempts = attempts + 1, last_error = ?,
            status = case when attempts + 1 >= ? then 'failed' else status end
      where id = ? and status = 'queued' and attempt_id is null returning status = 'failed' as failed`,
    [errorText(error), maxAttempts, id],
  );
  return rows[0]?.failed ?? false;
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
  const rows = await em.execute<{ id: number }[]>(
    `update emails set status = 'failed', last_error = coalesce(?, last_error, 'delivery failed on every attempt')
      where id = ? and status = 'queued' and attempt_id is null returning id`,
    [error === null ? null : errorText(error), id],
  );
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
  const rows = await em.execute<{ id: number }[]>(
    `update emails set status = 'failed', last_error = ?
      where status = 'queued' and attempt_id is not null and claimed_at < now() - make_interval(secs => ?) returning id`,
    [UNCERTAIN_DELIVERY, olderThanSeconds],
  );
  return rows.map((r) => r.id);
}

/** A failed email goes back to the queue with a fresh round of attempts; false when it is not failed. */
export async function resetFailedEmail(em: EntityManager, id: number): Promise<boolean> {
  const rows = await em.execute<{ id: number }[]>(
    `update emails set status = 'queued', attempts = 0, attempt_id = null, claimed_at = null where id = ? and status = 'failed' returning id`,
    [id],
  );
  return rows.length > 0;
}

/**
 * Queued emails never tried, older than a minute: their job may be missing (the process stopped between
 * the commit and the job's dispatch, or no queue ran where they were written). Oldest first.
 */
export async function staleQueuedEmails(em: EntityManager): Promise<TOutboxKey[]> {
  return em.execute<TOutboxKey[]>(
    `select ${OUTBOX_KEY} from emails
      where status = 'queued' and attempts = 0 and attempt_id is null and created_at < now() - interval '1 minute' order by id limit 200`,
  );
}

interface TAdminEmailRow {
  id: number;
  to_address: string;
  subject: string;
  template: string;
  status: TAdminEmail['status'];
  attempts: number;
  last_error: string | null;
  created_at: Date;
  sent_at: Date | null;
  html: string | null;
  source: TEmailSource | null;
}

/** An email as the admin lists it; `html` is null until sent, and `source` renders the preview then. */
export type TAdminEmailRecord = Omit<TAdminEmail, 'html'> & {
  html: string | null;
  source: TEmailSource | null;
};

const SELECT_ADMIN_EMAIL = `select id, to_address, subject, template, status, attempts, last_error, created_at, sent_at, html,
                                  case when html is null then source end as source from emails`;

function toAdminEmail(r: TAdminEmailRow): TAdminEmailRecord {
  return {
    id: r.id,
    to: r.to_address,
    subject: r.subject,
    template: r.template,
    status: r.status,
    attempts: r.attempts,
    lastError: r.last_error,
    createdAt: new Date(r.created_at).toISOString(),
    sentAt: r.sent_at ? new Date(r.sent_at).toISOString() : null,
    html: r.html,
    source: r.source,
  };
}

/** A person limited to some homes sees the emails about their homes' bookings only (docs/staff.md#per-home-access). */
function emailsOfHomes(homes: THomeScope): { sql: string; params: unknown[] } {
  const scope = homesClause('b.property_id', homes);
  if (!scope.sql) return { sql: '', params: [] };
  return {
    sql: ` where booking_id in (select b.id from bookings b where true${scope.sql})`,
    params: scope.params,
  };
}

export async function listEmails(
  em: EntityManager,
  limit: number,
  offset: number,
  homes: THomeScope = null,
): Promise<TAdminEmailRecord[]> {
  const where = emailsOfHomes(homes);
  const rows = await em.execute<TAdminEmailRow[]>(
    `${SELECT_ADMIN_EMAIL}${where.sql} order by id desc limit ? offset ?`,
    [...where.params, limit, offset],
  );
  return rows.map(toAdminEmail);
}

export async function findEmail(em: EntityManager, id: number): Promise<TAdminEmailRecord | null> {
  const rows = await em.execute<TAdminEmailRow[]>(`${SELECT_ADMIN_EMAIL} where id = ?`, [id]);
  return rows[0] ? toAdminEmail(rows[0]) : null;
}

export async function countEmails(em: EntityManager, homes: THomeScope = null): Promise<number> {
  const where = emailsOfHomes(homes);
  const rows = await em.execute<{ n: number }[]>(
    `select count(*)::int as n from emails${where.sql}`,
    where.params,
  );
  return rows[0]?.n ?? 0;
}
