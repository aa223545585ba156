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
        paragraph(`Hello ${s.owner.name}, your statement for ${s.month} is ready.`),
        rows([
          ['Stays', s.totals.stays],
          ['Nights', s.totals.nights],
          ['Gross', usd(s.totals.gross)],
          ['Fees', usd(s.totals.fees)],
          ['Taxes', usd(s.totals.taxes)],
          ['Commission', usd(s.totals.commission)],
          ['Net to you', usd(s.totals.net)],
        ]),
      ],
      action: { label: 'Read the statement', url: absoluteUrl(`/admin/statements?month=${s.month}`) },
    },
  ]);
}
