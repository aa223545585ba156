import type { TBookingStatus } from '#shared/constants.ts';
import { percentOf } from '#shared/money.ts';
import type { TQuoteLine } from '#shared/pricing.ts';
import type { TStatementStay } from '#shared/schemas/owners.ts';

/** A stay's figures on a statement, in minor units (docs/owner-statements.md#figures). */
export type TStayAmounts = Pick<
  TStatementStay,
  'gross' | 'rent' | 'fees' | 'taxes' | 'refunds' | 'commission' | 'net'
>;

export const AMOUNT_KEYS = ['gross', 'rent', 'fees', 'taxes', 'refunds', 'commission', 'net'] as const;

const FEE_KINDS: ReadonlySet<string> = new Set(['cleaningFee', 'extraGuestFee', 'petFee']);
const TAX_KINDS: ReadonlySet<string> = new Set(['gst', 'touristTax']);

/** What a statement needs to know about one booking, every amount in minor units. */
export interface TStayFacts {
  status: TBookingStatus;
  totalPrice: number;
  taxAmount: number;
  /** Fees, discounts and taxes; null on a booking priced before lines were kept. */
  priceLines: readonly Pick<TQuoteLine, 'kind' | 'amount'>[] | null;
  /** The fee a cancelled stay kept; null when none. */
  cancellationFee: number | null;
  /** From the ledger: received and given back. */
  paid: number;
  refunded: number;
}

/**
 * One stay's figures for its owner. A live stay earns its snapshot: fees and taxes are its kept lines (a
 * booking from before lines were kept has its GST only) and rent the rest, so the parts add up to what the
 * guest was charged. A cancelled or declined stay earns only the fee it kept, as rent; a pending one
 * nothing. A refund counts against the stay only for money the stay had earned: a cancelled stay's
 * refund of what was paid beyond its fee takes nothing from the owner. Commission is the home's
 * percentage of rent and fees after refunds, never of taxes.
 */
export function stayAmounts(f: TStayFacts, commissionPercent: number): TStayAmounts {
  let rent = 0;
  let fees = 0;
  let taxes = 0;
  if (f.status === 'confirmed') {
    const lines = f.priceLines;
    fees = lines ? lines.filter((l) => FEE_KINDS.has(l.kind)).reduce((s, l) => s + l.amount, 0) : 0;
    taxes = lines
      ? lines.filter((l) => TAX_KINDS.has(l.kind)).reduce((s, l) => s + l.amount, 0)
      : f.taxAmount;
    rent = f.totalPrice - fees - taxes;
  } else if (f.status === 'cancelled' || f.status === 'declined') {
    rent = f.cancellationFee ?? 0;
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
