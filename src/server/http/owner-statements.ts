import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { Request, RequestHandler, Response } from 'express';
import type { TContext } from '../context.ts';
import { log } from '../logger.ts';
import { createCaller } from '../router.ts';
import { statementPdf } from '../services/owners/statement-pdf.ts';
import { statementCsv } from '../services/owners/statements.ts';
import { getSettings } from '../services/settings/settings.ts';

type TCreateContext = (opts: { req: Request; res: Response }) => Promise<TContext>;

/**
 * The statement as a file (`/api/admin/owners/:id/statements.pdf|.csv?month=YYYY-MM`): it first calls the
 * JSON procedure, so the roles, the owner's own-statement rule, the 404 and the 400 are its own.
 */
export function statementFileHandler(createContext: TCreateContext, format: 'pdf' | 'csv'): RequestHandler {
  return (req, res) => {
    const run = async () => {
      const ctx = await createContext({ req, res });
      const statement = await createCaller(ctx).owners.statement({
        id: String(req.params.id ?? ''),
        month: req.query.month,
      } as never);
      const name = `statement-${statement.month}-owner-${statement.owner.id}`;
      res.setHeader('Cache-Control', 'private, no-store');
      res.setHeader('X-Robots-Tag', 'noindex');
      if (format === 'csv') {
        res.attachment(`${name}.csv`);
        res.type('text/csv; charset=utf-8').send(statementCsv(statement));
        return;
      }
      const settings = await getSettings(ctx.em);
      const pdf = await statementPdf(statement, {
        name: settings.siteName,
        address: settings.businessAddress,
        email: settings.supportEmail,
      });
      res.setHeader('Content-Disposition', `inline; filename="${name}.pdf"`);
      res.type('application/pdf').send(pdf);
    };
    run().catch((err: unknown) => {
      if (res.headersSent) return;
      if (err instanceof TRPCError && err.code !== 'INTERNAL_SERVER_ERROR') {
        res.status(getHTTPStatusCodeFromError(err)).json({ message: err.message, code: err.code });
        return;
      }
      log.error('statement file failed', { err: String(err) });
      res.status(500).json({ message: 'Internal server error', code: 'INTERNAL_SERVER_ERROR' });
    });
  };
}
