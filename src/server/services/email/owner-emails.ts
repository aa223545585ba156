import type { EntityManager } from '@mikro-orm/postgresql';
import type { TStatement } from '#shared/schemas/owners.ts';
import { getSettings } from '../settings/settings.ts';
import { queueComposed } from './compose.ts';
import { absoluteUrl } from './outbox.ts';
import { paragraph, rows, usd } from './render.ts';

/** The owner's statement is published (docs/owner-statements.md): its totals and a link to sign in and read it. */
export async function emailOwnerStatement(tx: EntityManager, s: TStatement): Promise<void> {
  const settings = await getSettings(tx);
  await queueComposed(tx, settings, [
    {
      to: s.owner.email,
      subject: `Your ${settings.siteName} statement for ${s.month}`,
      template: 'owner-statement',
      heading: `Statement for ${s.month}`,
      blocks: [
        paragraph(
          `Hello ${s.owner.name}, your statement for ${s.month}${s.number ? ` (${s.number})` : ''} is ready.`,
        ),
        rows([
          ['Stays', s.totals.stays],
          ['Nights', s.totals.nights],
          ['Gross', usd(s.totals.gross)],
          ['Fees', usd(s.totals.fees)],
          ['Taxes', usd(s.totals.taxes)],
          ['Refunds', usd(s.totals.refunds)],
          ['Commission', usd(s.totals.commission)],
          ['Adjustments from earlier months', usd(s.totals.adjustments)],
          ['Expenses', usd(s.totals.expenses)],
          ['Net to you', usd(s.totals.ownerNet)],
          ['Paid out', usd(s.totals.payouts)],
          ['Still to pay you', usd(s.totals.balance)],
        ]),
      ],
      action: { label: 'Read the statement', url: absoluteUrl(`/admin/statements?month=${s.month}`) },
    },
  ]);
}
