import { z } from 'zod';
import { ZMoneyFigure, zDecimal, zIdOf, zLine, zPageNumber, zPageSize } from './common.ts';

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

export const ZStatementStay = z.object({
  bookingId: z.number(),
  confirmationNumber: z.string(),
  propertyId: z.number(),
  propertyTitle: z.string(),
  guestName: z.string(),
  checkIn: z.string(),
  checkOut: z.string(),
  nights: z.number(),
  /** What the guest paid: rent + fees + taxes. */
  gross: ZMoneyFigure,
  /** The nights after discounts. */
  rent: ZMoneyFigure,
  fees: ZMoneyFigure,
  taxes: ZMoneyFigure,
  commissionPercent: z.number(),
  commission: ZMoneyFigure,
  /** gross − taxes − commission. */
  net: ZMoneyFigure,
});
export type TStatementStay = z.infer<typeof ZStatementStay>;

export const ZStatementTotals = z.object({
  stays: z.number(),
  nights: z.number(),
  gross: ZMoneyFigure,
  rent: ZMoneyFigure,
  fees: ZMoneyFigure,
  taxes: ZMoneyFigure,
  commission: ZMoneyFigure,
  net: ZMoneyFigure,
});

export const ZStatement = z.object({
  owner: z.object({ id: z.number(), name: z.string(), email: z.string() }),
  month: z.string(),
  currency: z.literal('USD'),
  homes: z.array(z.object({ id: z.number(), title: z.string(), commissionPercent: z.number() })),
  stays: z.array(ZStatementStay),
  totals: ZStatementTotals,
});
export type TStatement = z.infer<typeof ZStatement>;

export const ZPublishResult = z.object({ ok: z.literal(true), emailedTo: z.string() });
