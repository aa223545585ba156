import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { db } from './db.ts';

/** Requests to book and their answers (docs/booking-operations.md#booking-modes). */

/** Requests whose answer deadline has passed, oldest deadline first (the partial index on respond_by). */
export async function requestsPastDeadline(em: EntityManager, now: Date, limit = 200): Promise<number[]> {
  const rows = await db(em)
    .selectFrom('bookings')
    .select('id')
    .where('status', '=', 'requested')
    .where('respond_by', '<=', now)
    .orderBy('respond_by')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** A request's deadline, read under the booking's lock; null when it has none. */
export async function respondByOf(tx: EntityManager, bookingId: number): Promise<Date | null> {
  const row = await db(tx)
    .selectFrom('bookings')
    .select('respond_by')
    .where('id', '=', bookingId)
    .executeTakeFirst();
  const at = row?.respond_by;
  return at ? new Date(at) : null;
}

/**
 * An accepted request's deposit deadline counts from the acceptance, not from the request: the snapshot's
 * deadline moves on by the time the request waited, so the guest gets the whole deadline to pay.
 */
export async function startDepositDeadline(
  tx: EntityManager,
  bookingId: number,
  acceptedAt: Date,
): Promise<void> {
  await db(tx)
    .updateTable('payment_plans as pp')
    .from('bookings as b')
    .set({
      deposit_deadline_at: sql<Date>`pp.deposit_deadline_at + (${acceptedAt}::timestamptz - b.created_at)`,
    })
    .whereRef('b.id', '=', 'pp.booking_id')
    .where('pp.booking_id', '=', bookingId)
    .where('pp.deposit_deadline_at', 'is not', null)
    .execute();
}
