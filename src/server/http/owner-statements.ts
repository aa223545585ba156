import { statementPdf } from '../services/owners/statement-pdf.ts';
import { statementCsv } from '../services/owners/monthly-statement.ts';
import { getSettings } from '../services/settings/settings.ts';
import { fileRoute, type TCreateContext } from './file-route.ts';

/** The statement as a file (`/api/admin/owners/:id/statements.pdf|.csv?month=YYYY-MM`). */
export const statementFileHandler = (createContext: TCreateContext, format: 'pdf' | 'csv') =>
  fileRoute(createContext, 'statement file', async (caller, ctx, req) => {
    const statement = await caller.owners.statement({
      id: String(req.params.id ?? ''),
      month: req.query.month,
    } as never);
    const name = `statement-${statement.month}-owner-${statement.owner.id}${statement.number ? `-${statement.number}` : ''}`;
    if (format === 'csv')
      return { body: statementCsv(statement), type: 'text/csv; charset=utf-8', filename: `${name}.csv` };
    const settings = await getSettings(ctx.em);
    const pdf = await statementPdf(statement, {
      name: settings.siteName,
      address: settings.businessAddress,
      email: settings.supportEmail,
    });
    return { body: pdf, type: 'application/pdf', filename: `${name}.pdf`, inline: true };
  });
