import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { Request, RequestHandler, Response } from 'express';
import type { TContext } from '../context.ts';
import { log } from '../logger.ts';
import { createCaller } from '../router.ts';

/**
 * `GET /api/bookings/export.csv`: the admin's filtered bookings as a file download. It calls the same
 * admin-only procedure as `GET /api/bookings/export` (same guard, same input rules, same errors), and only
 * changes the transport: the CSV goes out as text/csv with a file name instead of inside JSON.
 */
export function bookingsCsvHandler(
  createContext: (opts: { req: Request; res: Response }) => Promise<TContext>,
): RequestHandler {
  return (req, res) => {
    const run = async () => {
      const ctx = await createContext({ req, res });
      const out = await createCaller(ctx).bookings.export(req.query);
      res.setHeader('Cache-Control', 'no-store');
      res.attachment(out.filename);
      res.type('text/csv; charset=utf-8').send(out.csv);
    };
    run().catch((err: unknown) => {
      if (res.headersSent) return;
      if (err instanceof TRPCError && err.code !== 'INTERNAL_SERVER_ERROR') {
        res.status(getHTTPStatusCodeFromError(err)).json({ message: err.message, code: err.code });
        return;
      }
      log.error('bookings export failed', { err: String(err) });
      res.status(500).json({ message: 'Internal server error', code: 'INTERNAL_SERVER_ERROR' });
    });
  };
}
