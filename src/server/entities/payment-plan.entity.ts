import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { createdAtProperty } from './base.entity.ts';
import { Booking } from './booking.entity.ts';

/**
 * A booking's payment schedule as it was when the booking was made (docs/payments.md#snapshot), written by
 * the `bookings_payment_plan` trigger in the booking's own statement. The two charges due (deposit,
 * balance) live here; amounts are in the currency's smallest unit.
 */
export const PaymentPlan = defineEntity({
  name: 'PaymentPlan',
  tableName: 'payment_plans',
  properties: {
    booking: () => p.manyToOne(Booking).primary().deleteRule('cascade'),
    currency: p.string().length(3),
    totalAmount: p.integer(),
    depositAmount: p.integer(),
    depositPercent: p.integer(),
    balanceAmount: p.integer(),
    /** The day the balance falls due; null when the whole amount is due at booking. */
    balanceDueOn: p.date().nullable(),
    methods: p.array<string>().columnType('text[]'),
    bankInstructions: p.text(),
    /** An unpaid deposit past this instant is handled by `deadlineAction`; null: no deadline. */
    depositDeadlineAt: p.datetime().nullable(),
    deadlineAction: p.string().length(10),
    /** When the deadline job flagged the booking for the operator. */
    flaggedAt: p.datetime().nullable(),
    reminderSentAt: p.datetime().nullable(),
    finalNoticeSentAt: p.datetime().nullable(),
    /** The card saved at checkout for later charges (docs/payments.md#automatic-balance). */
    stripeCustomer: p.string().length(100).nullable(),
    stripePaymentMethod: p.string().length(100).nullable(),
    /** When the balance was charged to the saved card (tried once), and when that charge failed, with why. */
    balanceChargeAt: p.datetime().nullable(),
    balanceChargeFailedAt: p.datetime().nullable(),
    balanceChargeError: p.string().length(200).nullable(),
    createdAt: createdAtProperty(),
  },
  indexes: [
    {
      name: 'payment_plans_auto_charge_idx',
      expression: `create index "payment_plans_auto_charge_idx" on "payment_plans" ("balance_due_on") where "stripe_payment_method" is not null and "balance_charge_at" is null`,
    },
  ],
});
export type IPaymentPlan = InferEntity<typeof PaymentPlan>;
