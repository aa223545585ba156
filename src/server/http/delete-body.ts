import type { NextFunction, Request, Response } from 'express';

/**
 * trpc-to-openapi reads a DELETE call's input from the query string only. Secrets such as the password
 * that confirms `DELETE /api/auth/me` belong in the body, never in a URL (URLs end up in logs), so a
 * DELETE's JSON body fields are handed to the adapter as if they were query fields.
 */
export function deleteBodyAsQuery(req: Request, _res: Response, next: NextFunction): void {
  if (req.method === 'DELETE' && req.body && typeof req.body === 'object' && !Array.isArray(req.body)) {
    const merged = { ...(req.query as Record<string, unknown>), ...(req.body as Record<string, unknown>) };
    Object.defineProperty(req, 'query', { value: merged, configurable: true, enumerable: true });
  }
  next();
}
