import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { Request, RequestHandler, Response } from 'express';
import type { TContext } from '../context.ts';
import { AppError, toTRPCError } from '../errors.ts';
import { log } from '../logger.ts';
import { createCaller } from '../router.ts';

export type TCreateContext = (opts: { req: Request; res: Response }) => Promise<TContext>;

export type TFile = {
  body: string | Buffer;
  /** `text/csv; charset=utf-8`, `application/pdf`. */
  type: string;
  filename: string;
  /** Shown in the browser (a PDF) rather than saved (a CSV). */
  inline?: boolean;
};

/**
 * A file at a private URL (docs/request-pipeline.md#files). `make` first calls the JSON procedure of the same
 * data through `caller`, so the roles, the per-home scope, the 400s and the 404 are that procedure's own;
 * only the transport differs. Never cached or indexed: each file is one caller's view.
 */
export function fileRoute(
  createContext: TCreateContext,
  what: string,
  make: (caller: ReturnType<typeof createCaller>, ctx: TContext, req: Request) => Promise<TFile>,
): RequestHandler {
  return (req, res) => {
    const run = async () => {
      const ctx = await createContext({ req, res });
      const file = await make(createCaller(ctx), ctx, req);
      res.setHeader('Cache-Control', 'private, no-store');
      res.setHeader('X-Robots-Tag', 'noindex');
      if (file.inline) res.setHeader('Content-Disposition', `inline; filename="${file.filename}"`);
      else res.attachment(file.filename);
      res.type(file.type).send(file.body);
    };
    run().catch((thrown: unknown) => {
      if (res.headersSent) return;
      // A service's own refusal (a 404 of the file itself) answers as the procedures' would.
      const err = thrown instanceof AppError ? toTRPCError(thrown) : thrown;
      if (err instanceof TRPCError && err.code !== 'INTERNAL_SERVER_ERROR') {
        res.status(getHTTPStatusCodeFromError(err)).json({ message: err.message, code: err.code });
        return;
      }
      log.error(`${what} failed`, { err: String(err) });
      res.status(500).json({ message: 'Internal server error', code: 'INTERNAL_SERVER_ERROR' });
    });
  };
}
