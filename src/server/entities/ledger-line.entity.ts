import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { LEDGER_KINDS, PAYMENT_METHODS } from '#shared/payments.ts';
import { oneOf, createdAtProperty } from './base.entity.ts';
import { Booking } from './booking.entity.ts';
import { User } from './user.entity.ts';

/**
 * One movement of money on a booking (docs/payments.md#ledger): a payment received, a refund made, or an
 * adjustment of what the booking charges (signed: negative a credit, positive an extra charge). Lines
 * are never updated or deleted; every total is derived from them. `dedupeKey` makes a repeated recording
 * (the same Stripe payment, the same bank reference, the same form submission) one line.
 */
export const LedgerLine = defineEntity({
  name: 'LedgerLine',
  tableName: 'ledger_lines',
  properties: {
    id: p.integer().primary().autoincrement(),
    booking: () => p.manyToOne(Booking).deleteRule('cascade').index(),
    kind: p.string().length(10),
    method: p.string().length(20),
    amount: p.integer(),
    currency: p.string().length(3),
    reference: p.string().length(200).nullable(),
    reason: p.string().length(500).nullable(),
    occurredAt: p.datetime(),
    recordedBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
    recordedByName: p.string().length(100),
    dedupeKey: p.string().length(200).nullable(),
    /** The card payment's PaymentIntent (payments and their refunds), for refunds through Stripe. */
    stripePaymentIntent: p.string().length(100).nullable(),
    createdAt: createdAtProperty(),
  },
  indexes: [
    {
      name: 'ledger_lines_dedupe_idx',
      expression: `create unique index "ledger_lines_dedupe_idx" on "ledger_lines" ("booking_id", "dedupe_key") where "dedupe_key" is not null`,
    },
    { name: 'ledger_lines_occurred_idx', properties: ['occurredAt', 'id'] },
    // The reports' other revenue reads adjustments alone (repositories/revenue.ts).
    {
      name: 'ledger_lines_adjustments_idx',
      expression: `create index "ledger_lines_adjustments_idx" on "ledger_lines" ("booking_id") include ("amount") where "kind" = 'adjustment'`,
    },
  ],
  checks: [
    { name: 'ledger_lines_kind_check', expression: oneOf('kind', LEDGER_KINDS) },
    { name: 'ledger_lines_method_check', expression: oneOf('method', PAYMENT_METHODS) },
    {
      name: 'ledger_lines_amount_check',
      expression: "amount > 0 or (kind = 'adjustment' and amount <> 0)",
    },
  ],
});
export type ILedgerLine = InferEntity<typeof LedgerLine>;
