import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
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
    createdAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
  },
});
export type IPaymentPlan = InferEntity<typeof PaymentPlan>;
