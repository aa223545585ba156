import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { DAMAGE_DEPOSIT_STATUSES } from '#shared/damage-deposit.ts';
import { oneOf, createdAtProperty } from './base.entity.ts';
import { Booking } from './booking.entity.ts';

/**
 * A booking's damage deposit (docs/payments.md#damage-deposit), snapshot from its home's pricing by the
 * `payment_plans_damage_deposit` trigger. It is never revenue and never a ledger line: only a claim on it
 * enters the ledger, as a damage charge and the payment that settles it. Cents.
 */
export const DamageDeposit = defineEntity({
  name: 'DamageDeposit',
  tableName: 'damage_deposits',
  properties: {
    booking: () => p.manyToOne(Booking).primary().deleteRule('cascade'),
    amount: p.integer(),
    currency: p.string().length(3),
    status: p.string().length(12).default('due'),
    /** How it was taken: `card` (a hold), or the manual method it was received by. */
    method: p.string().length(20).nullable(),
    reference: p.string().length(200).nullable(),
    /** The card hold: a PaymentIntent with manual capture. */
    paymentIntent: p.string().length(100).nullable(),
    heldAt: p.datetime().nullable(),
    receivedAt: p.datetime().nullable(),
    claimedAmount: p.integer().default(0),
    claimReason: p.string().length(200).nullable(),
    claimedAt: p.datetime().nullable(),
    /** When the rest went back: the hold released, or the money returned. */
    settledAt: p.datetime().nullable(),
    /** Why the card hold failed, for the operator. */
    error: p.string().length(200).nullable(),
    createdAt: createdAtProperty(),
  },
  indexes: [
    {
      name: 'damage_deposits_open_idx',
      expression: `create index "damage_deposits_open_idx" on "damage_deposits" ("status") where "status" in ('due', 'held')`,
    },
  ],
  checks: [
    {
      name: 'damage_deposits_amount_check',
      expression: 'amount > 0 and claimed_amount between 0 and amount',
    },
    { name: 'damage_deposits_status_check', expression: oneOf('status', DAMAGE_DEPOSIT_STATUSES) },
  ],
});
export type IDamageDeposit = InferEntity<typeof DamageDeposit>;
