import type { TDamageDepositStatus } from './damage-deposit.ts';

/**
 * The damage deposit's words for the guest, kept apart from payment-terms.ts: only the manage page reads
 * them, so they stay out of the booking card's chunk.
 */
type TMoney = (minor: number) => string;

/** A booking's damage deposit as the guest reads it (docs/payments.md#damage-deposit): never part of the price. */
export function damageDepositSentence(
  d: {
    amount: number;
    status: TDamageDepositStatus;
    byCard: boolean;
    claimedAmount: number;
    claimReason: string | null;
  },
  money: TMoney,
): string {
  const head = `Damage deposit ${money(d.amount)}, not part of the price`;
  switch (d.status) {
    case 'due':
      return d.byCard
        ? `${head}: it is held on the card you saved shortly before you arrive, and released after your stay.`
        : `${head}: your host will ask for it before you arrive and return it after your stay.`;
    case 'hold_failed':
      return `${head}: your card could not hold it, so your host will ask for it another way.`;
    case 'held':
      return `${head}: held on your card, and released after your stay.`;
    case 'received':
      return `${head}: received, and returned after your stay.`;
    case 'claimed':
      return `${money(d.claimedAmount)} of your damage deposit of ${money(d.amount)} was kept for: ${d.claimReason ?? 'damage'}. The rest is returned to you.`;
    case 'released':
    case 'returned':
      return `Your damage deposit of ${money(d.amount)} was returned to you.`;
  }
}
