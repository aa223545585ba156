import { z } from 'zod';
import {
  DEADLINE_ACTIONS,
  LEDGER_KINDS,
  MANUAL_METHODS,
  OFFERED_METHODS,
  PAY_PARTS,
  PAYMENT_LIST_VIEWS,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
} from '../payments.ts';
import { DAMAGE_DEPOSIT_STATUSES } from '../damage-deposit.ts';
import { MONEY_DOCUMENT_KINDS } from '../invoices.ts';
import { withDefault, zBool, zIdOf, zInt, zLine, zPageNumber, zPageSize, zText } from './common.ts';
import { ZManageToken } from './manage.ts';

/** A calendar date (yyyy-MM-dd) or an ISO 8601 instant. */
const zIsoDateOrTime = (label: string) =>
  zLine(label)
    .trim()
    .refine(
      (v) => /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2}))?$/.test(v) && !Number.isNaN(Date.parse(v)),
      {
        error: `${label} must be a date (yyyy-MM-dd) or an ISO 8601 time`,
      },
    );

/** The operator's payment schedule (docs/payments.md#schedule). */
export const ZPaymentSettings = z
  .object({
    depositPercent: zInt(
      z
        .number({ error: 'Deposit must be a percentage from 0 to 100.' })
        .int({ error: 'Deposit must be a whole percentage.' })
        .min(0, { error: 'Deposit must be a percentage from 0 to 100.' })
        .max(100, { error: 'Deposit must be a percentage from 0 to 100.' }),
    ),
    balanceDaysBefore: zInt(
      z
        .number({ error: 'Balance due must be 0 to 365 days before check-in.' })
        .int({ error: 'Balance due must be a whole number of days.' })
        .min(0, { error: 'Balance due must be 0 to 365 days before check-in.' })
        .max(365, { error: 'Balance due must be 0 to 365 days before check-in.' }),
    ),
    offerCard: zBool('offerCard must be true or false'),
    offerBankTransfer: zBool('offerBankTransfer must be true or false'),
    bankInstructions: zText('Bank transfer instructions').trim().max(2000),
    offerPayOnArrival: zBool('offerPayOnArrival must be true or false'),
    depositDeadlineHours: zInt(
      z
        .number({ error: 'Deposit deadline must be 0 to 720 hours.' })
        .int({ error: 'Deposit deadline must be a whole number of hours.' })
        .min(0, { error: 'Deposit deadline must be 0 to 720 hours.' })
        .max(720, { error: 'Deposit deadline must be 0 to 720 hours.' }),
    ),
    depositDeadlineAction: z.enum(DEADLINE_ACTIONS, {
      error: 'When a deposit is late, choose cancel or flag.',
    }),
    /** Left out: kept as they are (docs/payments.md#damage-deposit). */
    depositHoldDaysBefore: zInt(
      z
        .number({ error: 'The damage deposit hold must be placed 0 to 7 days before check-in.' })
        .int({ error: 'The damage deposit hold must be placed 0 to 7 days before check-in.' })
        .min(0, { error: 'The damage deposit hold must be placed 0 to 7 days before check-in.' })
        .max(7, { error: 'The damage deposit hold must be placed 0 to 7 days before check-in.' }),
    ).optional(),
    depositReleaseDaysAfter: zInt(
      z
        .number({ error: 'The damage deposit must be released 0 to 30 days after check-out.' })
        .int({ error: 'The damage deposit must be released 0 to 30 days after check-out.' })
        .min(0, { error: 'The damage deposit must be released 0 to 30 days after check-out.' })
        .max(30, { error: 'The damage deposit must be released 0 to 30 days after check-out.' }),
    ).optional(),
  })
  .refine((s) => s.offerCard || s.offerBankTransfer || s.offerPayOnArrival, {
    error: 'Offer at least one payment method.',
    path: ['offerBankTransfer'],
  })
  .refine((s) => !s.offerBankTransfer || s.bankInstructions.length >= 10, {
    error: 'Bank transfer needs instructions of at least 10 characters.',
    path: ['bankInstructions'],
  });
export type TPaymentSettings = z.infer<typeof ZPaymentSettings>;

export const ZPaymentSettingsView = z.object({
  depositPercent: z.number().int(),
  balanceDaysBefore: z.number().int(),
  offerCard: z.boolean(),
  offerBankTransfer: z.boolean(),
  bankInstructions: z.string(),
  offerPayOnArrival: z.boolean(),
  depositDeadlineHours: z.number().int(),
  depositDeadlineAction: z.enum(DEADLINE_ACTIONS),
  depositHoldDaysBefore: z.number().int(),
  depositReleaseDaysAfter: z.number().int(),
  /** Stripe is configured on the server (STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET): card can be offered. */
  cardAvailable: z.boolean(),
});
export type TPaymentSettingsView = z.infer<typeof ZPaymentSettingsView>;

/** An amount in the currency's smallest unit (cents). */
export const zAmount = (label = 'Amount') =>
  zInt(
    z
      .number({ error: `${label} must be a number of cents` })
      .int({ error: `${label} must be a whole number of cents` })
      .positive({ error: `${label} must be more than zero` })
      .max(100_000_000, { error: `${label} is too large` }),
  );

export const ZLedgerLine = z.object({
  id: z.number().int(),
  kind: z.enum(LEDGER_KINDS),
  method: z.enum(PAYMENT_METHODS),
  amount: z.number().int(),
  currency: z.string(),
  reference: z.string().nullable(),
  reason: z.string().nullable(),
  occurredAt: z.string(),
  recordedByName: z.string(),
});
export type TLedgerLine = z.infer<typeof ZLedgerLine>;

export const ZLedgerTotals = z.object({
  /** Adjustments after booking, signed: credits negative, extra charges positive. */
  adjustments: z.number().int(),
  /** What the booking charges: its total plus its adjustments. */
  charged: z.number().int(),
  paid: z.number().int(),
  refunded: z.number().int(),
  net: z.number().int(),
  retained: z.number().int(),
  balanceDue: z.number().int(),
  refundDue: z.number().int(),
  depositDue: z.number().int(),
  status: z.enum(PAYMENT_STATUSES),
});

export const ZPaymentSchedule = z.object({
  currency: z.string(),
  total: z.number().int(),
  depositPercent: z.number().int(),
  deposit: z.number().int(),
  balance: z.number().int(),
  /** Null when the whole amount was due at booking. */
  balanceDueOn: z.string().nullable(),
  /** What the guest should pay today: the unpaid deposit, or everything due once the balance date has come. */
  dueNow: z.number().int(),
  depositDeadlineAt: z.string().nullable(),
  deadlineAction: z.enum(DEADLINE_ACTIONS),
  /** The methods offered now: card only while Stripe is configured. */
  methods: z.array(z.enum(OFFERED_METHODS)),
  bankInstructions: z.string().nullable(),
  /** The damage deposit asked of this booking, apart from its total and never revenue; null: none. */
  securityDeposit: z.number().int().nullable(),
});

/** Where a booking's damage deposit stands (docs/payments.md#damage-deposit); cents. */
export const ZDamageDeposit = z.object({
  amount: z.number().int(),
  status: z.enum(DAMAGE_DEPOSIT_STATUSES),
  /** `card` for a hold on the saved card; else the manual method it was received by, or null. */
  method: z.string().nullable(),
  /** Whether the deposit is taken by a card hold (a saved card and Stripe set up), else by hand. */
  byCard: z.boolean(),
  heldAt: z.string().nullable(),
  receivedAt: z.string().nullable(),
  claimedAmount: z.number().int(),
  claimReason: z.string().nullable(),
  claimedAt: z.string().nullable(),
  settledAt: z.string().nullable(),
  /** What can still be claimed: the hold, or what was received, while neither is settled. */
  claimable: z.number().int(),
  error: z.string().nullable(),
});
export type TDamageDeposit = z.infer<typeof ZDamageDeposit>;

/** One line of what a booking charges, as its invoice states it (docs/invoices.md). */
export const ZChargeLine = z.object({
  kind: z.string(),
  label: z.string(),
  quantity: z.number().int().nullable(),
  unitAmount: z.number().int().nullable(),
  amount: z.number().int(),
});

export const ZBookingPayments = z.object({
  bookingId: z.number().int(),
  confirmationNumber: z.string(),
  bookingStatus: z.string(),
  schedule: ZPaymentSchedule,
  lines: z.array(ZLedgerLine),
  /**
   * What the booking charges, line by line (runs of nights, discounts, fees, taxes, adjustments), from the
   * money facts: the invoice's lines, summing to totals.charged.
   */
  charges: z.array(ZChargeLine),
  totals: ZLedgerTotals,
  /** What cancelling now would give back of what was paid (the policy's fee kept); null when it cannot be cancelled. */
  refundOnCancel: z.number().int().nullable(),
  /**
   * The same refund by where it goes (money-facts refundRoutes): `toCard` back to the cards through Stripe
   * at once, `byOperator` paid back by hand; null when it cannot be cancelled.
   */
  cancelRefund: z
    .object({ refund: z.number().int(), toCard: z.number().int(), byOperator: z.number().int() })
    .nullable(),
  flaggedAt: z.string().nullable(),
  damageDeposit: ZDamageDeposit.nullable(),
  /** The balance's charge to the saved card failed (docs/payments.md#automatic-balance), while it is still due. */
  balanceChargeFailed: z.object({ at: z.string(), reason: z.string().nullable() }).nullable(),
  /** A card is saved for later charges (the balance, the damage deposit hold). */
  cardSaved: z.boolean(),
  /** The booking's invoice number once it is issued (docs/invoices.md); null before. */
  invoiceNumber: z.string().nullable(),
  /** Every invoice and credit note issued for the booking, in the order they were issued. */
  documents: z.array(
    z.object({
      kind: z.enum(MONEY_DOCUMENT_KINDS),
      number: z.string(),
      issuedAt: z.string(),
      total: z.number().int(),
    }),
  ),
});
export type TBookingPayments = z.infer<typeof ZBookingPayments>;

export const ZRecordPaymentInput = z.object({
  id: zIdOf('Booking id'),
  amount: zAmount(),
  method: z.enum(MANUAL_METHODS, { error: 'Method must be bank_transfer, cash or other' }),
  reference: zLine('Reference').trim().max(200).optional(),
  receivedAt: zIsoDateOrTime('Received at').optional(),
  /** One submission of the form: repeating it (a double click, two tabs) records one line. */
  requestId: zLine('Request id').trim().min(8).max(100).optional(),
});
export type TRecordPaymentInput = z.infer<typeof ZRecordPaymentInput>;

/** Why an adjustment or refund is made; short enough to be one line of an invoice. */
const zReason = () =>
  zLine('Reason')
    .trim()
    .min(2, { error: 'Reason is required' })
    .max(200, { error: 'Reason must be at most 200 characters' });

/**
 * A change to what the booking charges after it was made (docs/payments.md#adjustments), in cents: negative
 * a credit or discount, positive an extra charge (damage, late check-out, extra cleaning).
 */
export const ZAdjustmentInput = z.object({
  id: zIdOf('Booking id'),
  amount: zInt(
    z
      .number({ error: 'Amount must be a number of cents' })
      .int({ error: 'Amount must be a whole number of cents' })
      .refine((n) => n !== 0, { error: 'Amount must not be zero' })
      .refine((n) => Math.abs(n) <= 100_000_000, { error: 'Amount is too large' }),
  ),
  reason: zReason(),
  requestId: zLine('Request id').trim().min(8).max(100).optional(),
});
export type TAdjustmentInput = z.infer<typeof ZAdjustmentInput>;

export const ZRefundInput = z.object({
  id: zIdOf('Booking id'),
  amount: zAmount(),
  reason: zReason(),
  /** A goodwill refund: the booking is credited the same amount first, so nothing becomes due again. */
  goodwill: zBool('goodwill must be true or false').optional(),
  /** card: through Stripe; the others: a manual refund the operator made. Default: card when a card paid. */
  method: z.enum(PAYMENT_METHODS, { error: 'Method must be card, bank_transfer, cash or other' }).optional(),
  requestId: zLine('Request id').trim().min(8).max(100).optional(),
});
export type TRefundInput = z.infer<typeof ZRefundInput>;

/** A claim on the damage deposit: part or all of it kept, with why (docs/payments.md#damage-deposit). */
export const ZDepositClaimInput = z.object({
  id: zIdOf('Booking id'),
  amount: zAmount(),
  reason: zReason(),
});
export type TDepositClaimInput = z.infer<typeof ZDepositClaimInput>;

/** A damage deposit taken by hand: how it came (docs/payments.md#damage-deposit). */
export const ZDepositReceivedInput = z.object({
  id: zIdOf('Booking id'),
  method: z.enum(MANUAL_METHODS, { error: 'Method must be bank_transfer, cash or other' }),
  reference: zLine('Reference').trim().max(200).optional(),
});
export type TDepositReceivedInput = z.infer<typeof ZDepositReceivedInput>;

export const ZPayInput = z.object({
  token: ZManageToken,
  part: z.enum(PAY_PARTS, { error: "Part must be 'deposit', 'balance' or 'full'" }),
  /** card (Stripe Checkout) or bank_transfer (its instructions); by default card when it is offered. */
  method: z.enum(['card', 'bank_transfer'], { error: "Method must be 'card' or 'bank_transfer'" }).optional(),
});
export type TPayInput = z.input<typeof ZPayInput>;
export const ZPayResult = z.object({
  amount: z.number().int(),
  currency: z.string(),
  checkoutUrl: z.string().optional(),
  instructions: z.string().optional(),
  dueOn: z.string().nullable(),
});
export type TPayResult = z.infer<typeof ZPayResult>;

export { PAYMENT_LIST_VIEWS };
export const ZAdminPaymentsInput = z
  .object({
    view: withDefault(
      z.enum(PAYMENT_LIST_VIEWS, { error: 'View must be outstanding, overdue, received or refunds_due' }),
      'outstanding',
    ),
    method: z
      .enum(PAYMENT_METHODS, { error: 'Method must be card, bank_transfer, cash or other' })
      .optional(),
    from: zIsoDateOrTime('From').optional(),
    to: zIsoDateOrTime('To').optional(),
    page: zPageNumber(),
    pageSize: zPageSize(200, 50),
  })
  .prefault({});
export type TAdminPaymentsInput = z.infer<typeof ZAdminPaymentsInput>;

export const ZAdminPaymentRow = z.object({
  bookingId: z.number().int(),
  confirmationNumber: z.string(),
  guestName: z.string().nullable(),
  propertyTitle: z.string(),
  checkIn: z.string(),
  bookingStatus: z.string(),
  amount: z.number().int(),
  due: z.string().nullable(),
  method: z.string().nullable(),
  reference: z.string().nullable(),
  status: z.enum(PAYMENT_STATUSES),
});
export const ZAdminPayments = z.object({
  items: z.array(ZAdminPaymentRow),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  totals: z.object({ received: z.number().int(), refunded: z.number().int(), outstanding: z.number().int() }),
});
export type TAdminPayments = z.infer<typeof ZAdminPayments>;
