import type { TBookingStatus } from '#shared/constants.ts';
import { percentOf } from '#shared/money.ts';
import type { TStatementStay } from '#shared/schemas/owners.ts';

/** A stay's figures on a statement, in minor units (docs/owner-statements.md#figures). */
export type TStayAmounts = Pick<
  TStatementStay,
  'gross' | 'rent' | 'fees' | 'taxes' | 'refunds' | 'commission' | 'net'
>;

export const AMOUNT_KEYS = ['gross', 'rent', 'fees', 'taxes', 'refunds', 'commission', 'net'] as const;

/**
 * What a statement needs to know about one booking, every amount in minor units: the parts the reports
 * count (docs/reports.md#what-a-booking-earns), set on the booking's row from its snapshot, and its ledger.
 */
export interface TStayFacts {
  status: TBookingStatus;
  /** Room revenue: the nights, less discounts, with the extra-guest fee and any price override. */
  room: number;
  /** Pass-through fees (cleaning, pets). */
  fees: number;
  gst: number;
  touristTax: number;
  /** The fee a cancelled stay kept, with its GST; null when none. */
  cancellationFee: number | null;
  /** The kept fee without its GST: the reports' other revenue. */
  kept: number;
  /** From the ledger: received, given back, and charges (+) or credits (−) after booking. */
  paid: number;
  refunded: number;
  adjustments: number;
}

/**
 * One stay's figures for its owner, from the same parts as the reports. A confirmed stay earns its room
 * revenue as rent, with its fees and taxes apart; a cancelled or declined one the fee it kept (its GST as
 * tax); a pending one nothing. Adjustments after booking (an extra charge, a credit) count in rent, as the
 * reports count them in other revenue. A refund counts against the stay only for money the stay had
 * earned: a refund of what was paid beyond it (a cancelled stay's rest, a goodwill credit) takes nothing
 * more. Commission is the home's percentage of rent and fees after refunds, never of taxes.
 */
export function stayAmounts(f: TStayFacts, commissionPercent: number): TStayAmounts {
  let rent = 0;
  let fees = 0;
  let taxes = 0;
  if (f.status === 'confirmed') {
    rent = f.room + f.adjustments;
    fees = f.fees;
    taxes = f.gst + f.touristTax;
  } else if (f.status === 'cancelled' || f.status === 'declined') {
    rent = f.kept + f.adjustments;
    taxes = (f.cancellationFee ?? 0) - f.kept;
  }
  const gross = rent + fees + taxes;
  const overpaid = Math.max(0, f.paid - gross);
  const refunds = Math.max(0, f.refunded - overpaid);
  const commission = percentOf(rent + fees - refunds, commissionPercent);
  return { gross, rent, fees, taxes, refunds, commission, net: rent + fees - refunds - commission };
}

/** Whether a stay has anything to state: a pending stay, or a cancelled one that kept nothing, has not. */
export function hasAmounts(a: TStayAmounts): boolean {
  return AMOUNT_KEYS.some((k) => a[k] !== 0);
}

/** `a − b`, figure by figure: what changed since `b` was stated. */
export function amountsDelta(a: TStayAmounts, b: TStayAmounts): TStayAmounts {
  const out = { ...a };
  for (const k of AMOUNT_KEYS) out[k] = a[k] - b[k];
  return out;
}
