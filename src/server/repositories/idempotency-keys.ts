import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { db } from './db.ts';

/** The rows behind Idempotency-Keys (services/idempotency.ts, docs/resilience.md#idempotency). */

export interface TKeyClaim {
  keyHash: string;
  procedure: string;
  fingerprint: string;
  claim: string;
}

export interface TKeyRecord {
  fingerprint: string;
  answer: string | null;
  resourceId: number | null;
}

/**
 * Takes the key for this attempt: a new key, or one whose earlier attempt neither answered nor let go of
 * it within `staleSeconds` (its process died). False when another attempt holds or has answered it.
 */
export async function claimKey(em: EntityManager, c: TKeyClaim, staleSeconds: number): Promise<boolean> {
  const row = await db(em)
    .insertInto('idempotency_keys')
    .values({
      key_hash: c.keyHash,
      procedure: c.procedure,
      fingerprint: c.fingerprint,
      claim: c.claim,
      claimed_at: sql<Date>`now()`,
      created_at: sql<Date>`now()`,
    })
    .onConflict((oc) =>
      oc
        .column('key_hash')
        .doUpdateSet({
          fingerprint: (eb) => eb.ref('excluded.fingerprint'),
          claim: (eb) => eb.ref('excluded.claim'),
          claimed_at: sql<Date>`now()`,
        })
        .where('idempotency_keys.answer', 'is', null)
        .where('idempotency_keys.claimed_at', '<', sql<Date>`now() - make_interval(secs => ${staleSeconds})`),
    )
    .returning('claim')
    .executeTakeFirst();
  return row?.claim === c.claim;
}

export async function findKey(em: EntityManager, keyHash: string): Promise<TKeyRecord | null> {
  const row = await db(em)
    .selectFrom('idempotency_keys')
    .select(['fingerprint', 'answer', 'resource_id'])
    .where('key_hash', '=', keyHash)
    .executeTakeFirst();
  return row ? { fingerprint: row.fingerprint, answer: row.answer, resourceId: row.resource_id } : null;
}

/** Stores the sealed answer of the attempt that holds the key. */
export async function recordAnswer(
  em: EntityManager,
  c: Pick<TKeyClaim, 'keyHash' | 'claim'>,
  answer: string,
): Promise<void> {
  await db(em)
    .updateTable('idempotency_keys')
    .set({ answer })
    .where('key_hash', '=', c.keyHash)
    .where('claim', '=', c.claim)
    .execute();
}

/** Lets go of a key whose attempt failed (it did nothing), so a retry runs afresh; an answered key stays. */
export async function releaseKey(em: EntityManager, c: Pick<TKeyClaim, 'keyHash' | 'claim'>): Promise<void> {
  await db(em)
    .deleteFrom('idempotency_keys')
    .where('key_hash', '=', c.keyHash)
    .where('claim', '=', c.claim)
    .where('answer', 'is', null)
    .execute();
}

/** Keys made before `before`: their clients gave up on those attempts long ago. */
export async function deleteKeysBefore(em: EntityManager, before: Date): Promise<number> {
  const result = await db(em)
    .deleteFrom('idempotency_keys')
    .where('created_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * The booking statement's part (insertPendingBooking): the answer, sealed, and the booking's id, written
 * to the key in the same statement as the booking, so a committed booking always has its answer.
 */
export function answerUpdateFrom(
  resultAlias: string,
  c: Pick<TKeyClaim, 'keyHash' | 'claim'>,
  answer: string,
): { sql: string; params: unknown[] } {
  return {
    sql: `update idempotency_keys k set answer = ?, resource_id = ${resultAlias}.id from ${resultAlias}
           where k.key_hash = ? and k.claim = ?`,
    params: [answer, c.keyHash, c.claim],
  };
}
