import { z } from 'zod';
import { ZIsoDate, zDecimal, zIdOf, zInt, zLine, zPageNumber, zPageSize } from './common.ts';

/** A statement's month, `YYYY-MM`. */
export const ZStatementMonth = zLine('Month')
  .refine((v) => /^\d{4}-(0[1-9]|1[0-2])$/.test(v), { error: 'Month must be in YYYY-MM format' })
  .meta({ example: '2026-11' });

export const ZStatementInput = z.object({
  id: zIdOf('Owner id'),
  month: ZStatementMonth,
});
export type TStatementInput = z.infer<typeof ZStatementInput>;

export const ZHomeOwnerInput = z.object({
  id: zIdOf('Home id'),
  /** Null: the home has no owner. */
  ownerId: zIdOf('Owner id').nullable(),
  commissionPercent: zDecimal(
    z
      .number({ error: 'Commission must be a number' })
      .min(0, { error: 'Commission cannot be negative' })
      .max(100, { error: 'Commission cannot exceed 100%' })
      .multipleOf(0.01, { error: 'Commission allows at most 2 decimals' }),
  ).optional(),
});

export const ZHomeOwner = z.object({
  propertyId: z.number(),
  ownerId: z.number().nullable(),
  commissionPercent: z.number().nullable(),
});

/** A home, to read its owner. */
export const ZHomeOwnerQuery = z.object({ id: zIdOf('Home id') });

/** The team's owners, for the pickers; a search matches name, username or e-mail. */
export const ZOwnerListInput = z
  .object({
    q: zLine('Search').trim().max(100, { error: 'Search must be at most 100 characters' }).optional(),
    page: zPageNumber(),
    pageSize: zPageSize(100, 50),
  })
  .prefault({});

export const ZOwnerSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  /** How many homes they own (within the caller's homes). */
  homes: z.number().int(),
});
export type TOwnerSummary = z.infer<typeof ZOwnerSummary>;

export const ZOwnerList = z.object({
  items: z.array(ZOwnerSummary),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

/** The operator's expense categories on a home. */
export const EXPENSE_CATEGORIES = ['repairs', 'supplies', 'cleaning', 'other'] as const;
export type TExpenseCategory = (typeof EXPENSE_CATEGORIES)[number];
export const EXPENSE_CATEGORY_LABELS: Record<TExpenseCategory, string> = {
  repairs: 'Repairs',
  supplies: 'Supplies',
  cleaning: 'Cleaning',
  other: 'Other',
};

export const STATEMENT_STATUSES = ['draft', 'published'] as const;
export type TStatementStatus = (typeof STATEMENT_STATUSES)[number];

/** Why an adjustment line is on a later month: what changed after its booking was stated (or first seen). */
export const ADJUSTMENT_REASONS = ['refund', 'cancellation', 'change', 'late'] as const;
export type TAdjustmentReason = (typeof ADJUSTMENT_REASONS)[number];

/**
 * An amount typed by the operator, in currency units with at most two decimals (`49.9`); stored in
 * minor units.
 */
export const zMoneyInput = (label: string) =>
  zDecimal(
    z
      .number({ error: `${label} must be a number` })
      .positive({ error: `${label} must be more than 0` })
      .max(1_000_000, { error: `${label} must be at most 1,000,000` })
      .multipleOf(0.01, { error: `${label} allows at most 2 decimals` }),
  );

/**
 * One line of a statement: a stay checked out in the month, or (kind `adjustment`) what changed on a
 * booking of an earlier, published month, as the difference from what was stated.
 */
export const ZStatementStay = z.object({
  kind: z.enum(['stay', 'adjustment']),
  bookingId: z.number(),
  confirmationNumber: z.string(),
  propertyId: z.number(),
  propertyTitle: z.string(),
  /**
   * The party's size: an owner sees who stayed only as a number and the dates, never a guest's name
   * (docs/staff.md#what-each-role-sees). Null on a line published before it was kept.
   */
  guests: z.number().nullable(),
  checkIn: z.string(),
  checkOut: z.string(),
  nights: z.number(),
  /** An adjustment's month of origin: where the booking was stated first (or, late, where it checked out). */
  originalMonth: z.string().nullable(),
  reason: z.enum(ADJUSTMENT_REASONS).nullable(),
  /** What the guest was charged: rent + fees + taxes. */
  gross: z.number(),
  /** The nights after discounts. */
  rent: z.number(),
  fees: z.number(),
  taxes: z.number(),
  /** Money given back that the stay had earned. */
  refunds: z.number(),
  commissionPercent: z.number(),
  commission: z.number(),
  /** gross − taxes − refunds − commission. */
  net: z.number(),
});
export type TStatementStay = z.infer<typeof ZStatementStay>;

export const ZStatementExpense = z.object({
  id: z.number(),
  date: z.string(),
  propertyId: z.number(),
  propertyTitle: z.string(),
  category: z.enum(EXPENSE_CATEGORIES),
  amount: z.number(),
  description: z.string(),
});
export type TStatementExpense = z.infer<typeof ZStatementExpense>;

export const ZStatementPayout = z.object({
  id: z.number(),
  date: z.string(),
  amount: z.number(),
  reference: z.string(),
});
export type TStatementPayout = z.infer<typeof ZStatementPayout>;

export const ZStatementTotals = z.object({
  stays: z.number(),
  nights: z.number(),
  gross: z.number(),
  rent: z.number(),
  fees: z.number(),
  taxes: z.number(),
  refunds: z.number(),
  commission: z.number(),
  /** The stays' and adjustments' net. */
  net: z.number(),
  /** The adjustments' share of `net`. */
  adjustments: z.number(),
  expenses: z.number(),
  /** net − expenses: what the month earned the owner. */
  ownerNet: z.number(),
  payouts: z.number(),
  /** ownerNet − payouts: what is still to be paid to the owner for the month. */
  balance: z.number(),
});
export type TStatementTotals = z.infer<typeof ZStatementTotals>;

export const ZStatement = z.object({
  owner: z.object({ id: z.number(), name: z.string(), email: z.string() }),
  month: z.string(),
  status: z.enum(STATEMENT_STATUSES),
  /** `OS-2027-0001`, once published. */
  number: z.string().nullable(),
  publishedAt: z.string().nullable(),
  currency: z.literal('USD'),
  homes: z.array(z.object({ id: z.number(), title: z.string(), commissionPercent: z.number() })),
  stays: z.array(ZStatementStay),
  adjustments: z.array(ZStatementStay),
  expenses: z.array(ZStatementExpense),
  payouts: z.array(ZStatementPayout),
  totals: ZStatementTotals,
});
export type TStatement = z.infer<typeof ZStatement>;

export const ZPublishResult = z.object({
  ok: z.literal(true),
  number: z.string(),
  emailedTo: z.string(),
});

/** An owner's statements of a year, month by month. */
export const ZStatementListInput = z.object({
  id: zIdOf('Owner id'),
  year: zInt(
    z
      .number({ error: 'Year must be a number' })
      .int({ error: 'Year must be a whole number' })
      .min(2000, { error: 'Year must be 2000 or later' })
      .max(2100, { error: 'Year must be 2100 or earlier' }),
  ).optional(),
});

export const ZStatementSummary = z.object({
  month: z.string(),
  status: z.enum(STATEMENT_STATUSES),
  number: z.string().nullable(),
  publishedAt: z.string().nullable(),
  /** A published statement's owner's net; null for a draft, whose figures are read on its own. */
  ownerNet: z.number().nullable(),
});
export const ZStatementList = z.object({
  year: z.number(),
  items: z.array(ZStatementSummary),
});

/** The month whose expenses or payouts to list. */
export const ZOwnerMonthInput = ZStatementInput;

export const ZExpenseInput = z.object({
  /** The home. */
  id: zIdOf('Home id'),
  date: ZIsoDate,
  category: z.enum(EXPENSE_CATEGORIES, { error: 'Choose a category' }),
  amount: zMoneyInput('Amount'),
  description: zLine('Description')
    .trim()
    .min(1, { error: 'Description is required' })
    .max(200, { error: 'Description must be at most 200 characters' }),
});
export type TExpenseInput = z.infer<typeof ZExpenseInput>;

export const ZPayoutInput = z.object({
  /** The owner. */
  id: zIdOf('Owner id'),
  date: ZIsoDate,
  amount: zMoneyInput('Amount'),
  reference: zLine('Reference')
    .trim()
    .min(1, { error: 'Reference is required' })
    .max(100, { error: 'Reference must be at most 100 characters' }),
});
export type TPayoutInput = z.infer<typeof ZPayoutInput>;

export const ZExpenseList = z.object({ items: z.array(ZStatementExpense) });
export const ZPayoutList = z.object({ items: z.array(ZStatementPayout) });
