import { z } from 'zod';
import { ZMoney } from './common.ts';

/**
 * Where a booking's payments stand for its guest (money-facts.ts `guestPayment`), on the trip page and
 * in My bookings. Null for a request not accepted (nothing is asked) or a booking without a payment plan.
 */
export const ZGuestPayment = z
  .object({
    state: z.enum(['paid', 'deposit_paid', 'balance_due', 'unpaid', 'refund_due', 'refunded']),
    /** The state in words ('Balance due Dec 20, 2026'), written once by guestPaymentLabel. */
    label: z.string(),
    /** The day the balance is due, for `deposit_paid` and `balance_due`. */
    balanceDueOn: z.string().nullable(),
    /** What is to be paid next; `dueOn` null means now. */
    next: z
      .object({ part: z.enum(['deposit', 'balance']), amount: ZMoney, dueOn: z.string().nullable() })
      .nullable(),
  })
  .nullable();
export type TGuestPaymentView = z.infer<typeof ZGuestPayment>;
