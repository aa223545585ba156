/**
 * The damage deposit's and the automatic balance charge's words and states (docs/payments.md#damage-deposit),
 * apart from payments.ts: the booking card's chunk reads that one, and these are for the back office and
 * the manage page only.
 */
/**
 * A damage deposit's life (docs/payments.md#damage-deposit): `due` until taken; by card `held` (or
 * `hold_failed`), then `released` or `claimed`; by hand `received`, then `returned` or `claimed`.
 */
export const DAMAGE_DEPOSIT_STATUSES = [
  'due',
  'held',
  'hold_failed',
  'received',
  'claimed',
  'released',
  'returned',
] as const;
export type TDamageDepositStatus = (typeof DAMAGE_DEPOSIT_STATUSES)[number];

export const DAMAGE_DEPOSIT_STATUS_LABELS: Record<TDamageDepositStatus, string> = {
  due: 'Not taken yet',
  held: 'Held on card',
  hold_failed: 'Card hold failed',
  received: 'Received',
  claimed: 'Claimed',
  released: 'Released',
  returned: 'Returned',
};

/** The badge of a booking whose balance could not be charged to its saved card. */
export const BALANCE_CHARGE_FAILED = 'Balance charge failed';
