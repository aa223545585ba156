import type { EntityManager } from '@mikro-orm/postgresql';
import type { TEmailSource } from '../entities/outbox-email.entity.ts';
import type { TAdminEmail } from '../../shared/schemas/emails.ts';

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
 * order. Raw SQL, as it runs inside the booking's transaction: bench emails (400 bookings, loaded
 * machine) measured this insert at a median of 1.2–1.9 ms, against 2.1–3.0 ms through the QueryBuilder.
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

export interface TQueuedEmail {
  id: number;
  to_address: string;
  subject: string;
  html: string | null;
  text: string;
  source: TEmailSource | null;
  reply_to: string | null;
  attempts: number;
  created_ms: string;
}

/** Claims a queued email for this transaction; null when another worker holds it or it is done. */
export async function claimQueuedEmail(em: EntityManager, id: number): Promise<TQueuedEmail | null> {
  const rows = await em.execute<TQueuedEmail[]>(
    `select id, to_address, subject, html, text, source, reply_to, attempts,
            (extract(epoch from created_at) * 1000)::bigint::text as created_ms from emails
      where id = ? and status = 'queued' for update skip locked`,
    [id],
  );
  return rows[0] ?? null;
}

/** Whether an email is still waiting to be sent (true while another transaction holds its row). */
export async function isEmailQueued(em: EntityManager, id: number): Promise<boolean> {
  const rows = await em.execute<{ id: number }[]>(
    `select id from emails where id = ? and status = 'queued'`,
    [id],
  );
  return rows.length > 0;
}

/** Marks an email delivered, keeping the HTML it was sent with (its source is not needed any more). */
export async function markEmailDelivered(
  em: EntityManager,
  id: number,
  status: 'sent' | 'delivered_locally',
  messageId: string,
  html: string,
): Promise<void> {
  await em.execute(
    `update emails set status = ?, message_id = ?, html = ?, source = null, sent_at = now(), attempts = attempts + 1, last_error = null
      where id = ?`,
    [status, messageId, html, id],
  );
}

/** An error as a text column takes it: no NUL (PostgreSQL refuses it) or other control characters, bounded. */
function errorText(error: string): string {
  // eslint-disable-next-line no-control-regex -- exactly the control characters are replaced
  return error.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, ' ').slice(0, 2000);
}

/**
 * Records a failed attempt of a queued email, and the HTML when it was rendered before the send failed
 * (for the preview); the attempt that reaches `maxAttempts` marks it failed. Answers whether it did.
 */
export async function markEmailAttemptFailed(
  em: EntityManager,
  id: number,
  error: string,
  maxAttempts: number,
  html: string | null,
): Promise<boolean> {
  const rows = await em.execute<{ failed: boolean }[]>(
    `update emails set attempts = attempts + 1, last_error = ?, html = coalesce(?, html),
            status = case when attempts + 1 >= ? then 'failed' else status end
      where id = ? and status = 'queued' returning status = 'failed' as failed`,
    [errorText(error), html, maxAttempts, id],
  );
  return rows[0]?.failed ?? false;
}

/**
 * The queue gave up on a queued email (its job's last attempt failed, whatever broke it): it is marked
 * failed with that error (or the last one recorded), so the admin sees it and can retry. False when it
 * was not queued any more.
 */
export async function markEmailGivenUp(
  em: EntityManager,
  id: number,
  error: string | null,
): Promise<boolean> {
  const rows = await em.execute<{ id: number }[]>(
    `update emails set status = 'failed', last_error = coalesce(?, last_error, 'delivery failed on every attempt')
      where id = ? and status = 'queued' returning id`,
    [error === null ? null : errorText(error), id],
  );
  return rows.length > 0;
}

/** A failed email goes back to the queue with a fresh round of attempts; false when it is not failed. */
export async function resetFailedEmail(em: EntityManager, id: number): Promise<boolean> {
  const rows = await em.execute<{ id: number }[]>(
    `update emails set status = 'queued', attempts = 0 where id = ? and status = 'failed' returning id`,
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
      where status = 'queued' and attempts = 0 and created_at < now() - interval '1 minute' order by id limit 200`,
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

export async function listEmails(
  em: EntityManager,
  limit: number,
  offset: number,
): Promise<TAdminEmailRecord[]> {
  const rows = await em.execute<TAdminEmailRow[]>(`${SELECT_ADMIN_EMAIL} order by id desc limit ? offset ?`, [
    limit,
    offset,
  ]);
  return rows.map(toAdminEmail);
}

export async function findEmail(em: EntityManager, id: number): Promise<TAdminEmailRecord | null> {
  const rows = await em.execute<TAdminEmailRow[]>(`${SELECT_ADMIN_EMAIL} where id = ?`, [id]);
  return rows[0] ? toAdminEmail(rows[0]) : null;
}

export async function countEmails(em: EntityManager): Promise<number> {
  const rows = await em.execute<{ n: number }[]>('select count(*)::int as n from emails');
  return rows[0]?.n ?? 0;
}
