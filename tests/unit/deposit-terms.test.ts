import { describe, expect, it } from 'vitest';
import { damageDepositSentence } from '../../src/shared/deposit-terms.ts';
import { formatMinor } from '../../src/shared/payments.ts';

/** The guest's words for a damage deposit (docs/payments.md#damage-deposit): never part of the price. */
describe('damageDepositSentence', () => {
  const d = { amount: 20000, byCard: true, claimedAmount: 0, claimReason: null };
  const money = (n: number) => formatMinor(n);
  it('says how the deposit is taken and what became of it', () => {
    expect(damageDepositSentence({ ...d, status: 'due' }, money)).toBe(
      'Damage deposit $200.00, not part of the price: it is held on the card you saved shortly before you arrive, and released after your stay.',
    );
    expect(damageDepositSentence({ ...d, byCard: false, status: 'due' }, money)).toBe(
      'Damage deposit $200.00, not part of the price: your host will ask for it before you arrive and return it after your stay.',
    );
    expect(
      damageDepositSentence(
        { ...d, status: 'claimed', claimedAmount: 7550, claimReason: 'Broken lamp' },
        money,
      ),
    ).toBe(
      '$75.50 of your damage deposit of $200.00 was kept for: Broken lamp. The rest is returned to you.',
    );
    expect(damageDepositSentence({ ...d, status: 'released' }, money)).toBe(
      'Your damage deposit of $200.00 was returned to you.',
    );
  });
});
