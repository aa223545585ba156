import { randomInt } from 'node:crypto';
import type { TQuote } from '#shared/pricing.ts';
import { AppError } from '../../errors.ts';
import type { TPriceSnapshot } from '../../repositories/operator-bookings.ts';

/**
 * What every new booking is made of, the guest's and the operator's alike (docs/booking-operations.md#one-booking-path):
 * its price snapshot from the quote, and a confirmation number (docs/product.md#guest-constants) drawn and
 * retried one way. The insert itself is repositories/bookings.ts insertBooking.
 */

/** 'BIC' and a random number of up to 6 digits, made on the server so it can be looked up. */
export function newConfirmationNumber(): string {
  return `BIC${randomInt(100_000, 1_000_000)}`;
}

/** A fresh number is drawn on the rare clash with an existing one; this many draws in a row cannot all clash in practice. */
export const CONFIRMATION_ATTEMPTS = 8;

export const CONFIRMATION_UNAVAILABLE = 'Could not issue a confirmation number. Please try again.';

/**
 * Runs `insert` with a confirmation number until one is free: `insert` answers null when its number was
 * taken (and wrote nothing). `known` are numbers already checked as free, tried first.
 */
export async function withConfirmationNumber<T>(
  insert: (confirmationNumber: string) => Promise<T | null>,
  known: readonly string[] = [],
): Promise<T> {
  for (let attempt = 0; attempt < CONFIRMATION_ATTEMPTS; attempt++) {
    const written = await insert(known[attempt] ?? newConfirmationNumber());
    if (written !== null) return written;
  }
  throw new AppError('UNAVAILABLE', CONFIRMATION_UNAVAILABLE);
}

/** The snapshot a booking keeps: the quote's, or the operator's total with the difference as its own line. */
export function snapshotOf(quote: TQuote, override?: { total: number; reason: string }): TPriceSnapshot {
  const lines = [...quote.lines];
  if (override && override.total !== quote.total) {
    lines.push({
      kind: 'priceOverride',
      label: `Price set by the operator (${override.reason})`,
      amount: override.total - quote.total,
    });
  }
  return {
    totalPrice: override?.total ?? quote.total,
    nightlyPrice: quote.nightlyPrice,
    nights: quote.nights,
    taxRate: quote.taxRate,
    taxAmount: quote.tax,
    nightPrices: quote.nightly.map((n) => n.price),
    priceLines: lines,
  };
}
