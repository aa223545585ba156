import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import type { TDamageDepositStatus } from '#shared/damage-deposit.ts';
import { DamageDeposit, type IDamageDeposit } from '../entities/damage-deposit.entity.ts';
import { db, isoTimestamp } from './db.ts';

/** Damage deposits (docs/payments.md#damage-deposit) and the saved card's scheduled charges. */

export async function findDeposit(em: EntityManager, bookingId: number) {
  const r = await db(em)
    .selectFrom('damage_deposits')
    .select([
      'booking_id',
      'amount',
      'currency',
      'status',
      'method',
      'reference',
      'payment_intent',
      isoTimestamp<string | null>('held_at').as('held_at'),
      isoTimestamp<string | null>('received_at').as('received_at'),
      'claimed_amount',
      'claim_reason',
      isoTimestamp<string | null>('claimed_at').as('claimed_at'),
      isoTimestamp<string | null>('settled_at').as('settled_at'),
      'error',
    ])
    .where('booking_id', '=', bookingId)
    .executeTakeFirst();
  return r ? { ...r, status: r.status as TDamageDepositStatus } : null;
}
export type TDepositRow = NonNullable<Awaited<ReturnType<typeof findDeposit>>>;

/** Marks what was done with a deposit. */
export async function updateDeposit(
  tx: EntityManager,
  bookingId: number,
  set: Partial<Omit<IDamageDeposit, 'booking' | 'amount' | 'currency' | 'createdAt'>>,
): Promise<void> {
  await tx.nativeUpdate(DamageDeposit, { booking: bookingId }, set);
}

/**
 * Deposits whose card hold falls due by `today` (check-in within `daysBefore` days, the stay not over),
 * on live bookings with a saved card; a batch at a time.
 */
export async function depositsDueForHold(
  em: EntityManager,
  today: string,
  daysBefore: number,
): Promise<number[]> {
  const rows = await db(em)
    .selectFrom('damage_deposits as d')
    .innerJoin('bookings as b', 'b.id', 'd.booking_id')
    .innerJoin('payment_plans as pp', 'pp.booking_id', 'd.booking_id')
    .select('d.booking_id')
    .where('d.status', '=', 'due')
    .where('b.status', 'in', ['pending', 'confirmed'])
    .where('pp.stripe_payment_method', 'is not', null)
    .where(sql<boolean>`b.check_in - ${daysBefore}::int <= ${today}::date`)
    .where(sql<boolean>`b.check_out > ${today}::date`)
    .orderBy('d.booking_id')
    .limit(200)
    .execute();
  return rows.map((r) => r.booking_id);
}

/**
 * Card holds to release by `today`: `daysAfter` days after check-out, or at once when the booking was
 * cancelled or declined; a batch at a time.
 */
export async function depositsDueForRelease(
  em: EntityManager,
  today: string,
  daysAfter: number,
): Promise<number[]> {
  const rows = await db(em)
    .selectFrom('damage_deposits as d')
    .innerJoin('bookings as b', 'b.id', 'd.booking_id')
    .select('d.booking_id')
    .where('d.status', '=', 'held')
    .where((w) =>
      w.or([
        w('b.status', 'in', ['cancelled', 'declined']),
        sql<boolean>`b.check_out + ${daysAfter}::int <= ${today}::date`,
      ]),
    )
    .orderBy('d.booking_id')
    .limit(200)
    .execute();
  return rows.map((r) => r.booking_id);
}

/** Live bookings whose balance date has come by `today`, with a saved card, not charged yet; a batch at a time. */
export async function plansDueForAutoCharge(em: EntityManager, today: string): Promise<number[]> {
  const rows = await db(em)
    .selectFrom('payment_plans as pp')
    .innerJoin('bookings as b', 'b.id', 'pp.booking_id')
    .select('pp.booking_id')
    .where('pp.stripe_payment_method', 'is not', null)
    .where('pp.balance_charge_at', 'is', null)
    .where('pp.balance_due_on', '<=', sql<string>`${today}::date`)
    .where('b.status', 'in', ['pending', 'confirmed'])
    .where('b.check_out', '>', sql<string>`${today}::date`)
    .orderBy('pp.booking_id')
    .limit(200)
    .execute();
  return rows.map((r) => r.booking_id);
}
