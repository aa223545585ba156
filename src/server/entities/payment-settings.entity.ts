import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { PAYMENT_SETTINGS_DEFAULTS as D } from '#shared/payments.ts';
import { oneOf } from './base.entity.ts';

/** The operator's payment schedule (docs/payments.md#schedule): one row, id 1, read by the booking trigger. */
export const PaymentSettings = defineEntity({
  name: 'PaymentSettings',
  tableName: 'payment_settings',
  properties: {
    id: p.integer().primary().autoincrement(false),
    depositPercent: p.integer().default(D.depositPercent),
    balanceDaysBefore: p.integer().default(D.balanceDaysBefore),
    offerCard: p.boolean().default(D.offerCard),
    offerBankTransfer: p.boolean().default(D.offerBankTransfer),
    bankInstructions: p.text().default(D.bankInstructions),
    offerPayOnArrival: p.boolean().default(D.offerPayOnArrival),
    /** 0: no deadline. */
    depositDeadlineHours: p.integer().default(D.depositDeadlineHours),
    depositDeadlineAction: p.string().length(10).default(D.depositDeadlineAction),
    /** The damage deposit's card hold is placed this many days before check-in, and released this many after check-out. */
    depositHoldDaysBefore: p.integer().default(D.depositHoldDaysBefore),
    depositReleaseDaysAfter: p.integer().default(D.depositReleaseDaysAfter),
    updatedAt: p
      .datetime()
      .defaultRaw('now()')
      .onUpdate(() => new Date()),
  },
  checks: [
    { name: 'payment_settings_singleton', expression: 'id = 1' },
    { name: 'payment_settings_deposit_check', expression: 'deposit_percent between 0 and 100' },
    {
      name: 'payment_settings_action_check',
      expression: oneOf('deposit_deadline_action', ['cancel', 'flag']),
    },
    {
      name: 'payment_settings_hold_days_check',
      expression: 'deposit_hold_days_before between 0 and 7 and deposit_release_days_after between 0 and 30',
    },
  ],
});
export type IPaymentSettings = InferEntity<typeof PaymentSettings>;
