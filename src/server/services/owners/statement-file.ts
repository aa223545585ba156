import type { EntityManager } from '@mikro-orm/postgresql';
import type { TStatement } from '#shared/schemas/owners.ts';
import type { TFile } from '../../route-meta.ts';
import { getSettings } from '../settings/settings.ts';
import { statementCsv } from './monthly-statement.ts';
import { statementPdf } from './statement-pdf.ts';

/** An owner's statement as a file: the PDF (with the operator's letterhead) or the CSV. */
export async function statementFile(
  em: EntityManager,
  statement: TStatement,
  format: 'pdf' | 'csv',
): Promise<TFile> {
  const name = `statement-${statement.month}-owner-${statement.owner.id}${statement.number ? `-${statement.number}` : ''}`;
  if (format === 'csv') return { body: statementCsv(statement), type: 'text/csv', filename: `${name}.csv` };
  const settings = await getSettings(em);
  const pdf = await statementPdf(statement, {
    name: settings.siteName,
    address: settings.businessAddress,
    email: settings.supportEmail,
  });
  return { body: pdf, type: 'application/pdf', filename: `${name}.pdf`, inline: true };
}
