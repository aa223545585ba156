import type { EntityManager } from '@mikro-orm/postgresql';

/** Requests to book and their answers (docs/booking-operations.md#booking-modes). */

/** Requests whose answer deadline has passed, oldest deadline first (the partial index on respond_by). */
export async function requestsPastDeadline(em: EntityManager, now: Date, limit = 200): Promise<number[]> {
  const rows = await em.execute<{ id: number }[]>(
    `select id from bookings where status = 'requested' and respond_by <= ? order by respond_by, id limit ?`,
    [now, limit],
  );
  return rows.map((r) => r.id);
}

/** A request's deadline, read under the booking's lock; null when it has none. */
export async function respondByOf(tx: EntityManager, bookingId: number): Promise<Date | null> {
  const rows = await tx.execute<{ respond_by: Date | null }[]>(
    'select respond_by from bookings where id = ?',
    [bookingId],
  );
  const at = rows[0]?.respond_by;
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
  await tx.execute(
    `update payment_plans pp set deposit_deadline_at = pp.deposit_deadline_at + (?::timestamptz - b.created_at)
       from bookings b
      where b.id = pp.booking_id and pp.booking_id = ? and pp.deposit_deadline_at is not null`,
    [acceptedAt, bookingId],
  );
}
