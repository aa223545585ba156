import { hash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';

/** Public reads that are the same for every caller (docs/features.md#operations): a CDN may keep them briefly. */
const PUBLIC_REST = [
  /^\/properties(\/\d+)?\/?$/,
  /^\/properties\/\d+\/(availability|reviews)\/?$/,
  /^\/search\/properties\/?$/,
  /^\/categories\/?$/,
  /^\/config\/?$/,
];
const PUBLIC_TRPC = new Set([
  'properties.list',
  'properties.byId',
  'properties.search',
  'bookings.availability',
  'categories.list',
  'config.get',
  'reviews.byProperty',
]);
export const PUBLIC_CACHE = 'public, max-age=30, stale-while-revalidate=300';
export const PRIVATE_CACHE = 'private, no-store';

function etagOf(body: string | Buffer): string {
  return `W/"${hash('sha1', body, 'base64url').slice(0, 27)}"`;
}

/**
 * Ends a public read's 200 with its ETag, or a bodiless 304 when If-None-Match already holds it. `end`
 * is the answer's own end (apiCaching wraps `res.end`, the fast path calls this directly).
 */
function endWithEtag(
  req: IncomingMessage,
  res: ServerResponse,
  body: string | Buffer,
  end: (body?: string | Buffer) => unknown,
): void {
  const etag = etagOf(body);
  res.setHeader('ETag', etag);
  if (matches(req.headers['if-none-match'], etag)) {
    res.statusCode = 304;
    res.removeHeader('Content-Type');
    res.removeHeader('Content-Length');
    end();
    return;
  }
  end(body);
}

/** A public read's JSON answer, with the caching apiCaching gives the same read through Express. */
export function sendPublicJson(req: IncomingMessage, res: ServerResponse, body: string): void {
  res.statusCode = 200;
  res.setHeader('Cache-Control', PUBLIC_CACHE);
  res.setHeader('Content-Type', 'application/json');
  endWithEtag(req, res, body, (b) => res.end(b));
}

function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((t) => {
    const v = t.trim();
    return v === '*' || v === etag || v.replace(/^W\//, '') === etag.replace(/^W\//, '');
  });
}

/**
 * REST under /api: Cache-Control on every answer (public reads shareable for 30 s, anything else private,
 * no-store), and an ETag on public 200s, answering 304 when If-None-Match already holds it.
 */
export function apiCaching(req: Request, res: Response, next: NextFunction): void {
  const isPublic =
    (req.method === 'GET' || req.method === 'HEAD') && PUBLIC_REST.some((re) => re.test(req.path));
  if (!isPublic) {
    res.setHeader('Cache-Control', PRIVATE_CACHE);
    return next();
  }
  res.setHeader('Cache-Control', PUBLIC_CACHE);
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (res.statusCode === 200 && (typeof chunk === 'string' || Buffer.isBuffer(chunk)) && !res.headersSent) {
      endWithEtag(req, res, chunk, (b) => (b === undefined ? end() : end(b, ...rest)));
      return res;
    }
    if (res.statusCode !== 200) res.setHeader('Cache-Control', 'no-store');
    return end(chunk, ...rest);
  }) as Response['end'];
  next();
}

/** tRPC: public query batches may be cached briefly; everything else is private. */
export function trpcCaching(req: Request, res: Response, next: NextFunction): void {
  const procedures = req.path.replace(/^\//, '').split(',');
  const isPublic = req.method === 'GET' && procedures.every((p) => PUBLIC_TRPC.has(p));
  res.setHeader('Cache-Control', isPublic ? PUBLIC_CACHE : PRIVATE_CACHE);
  next();
}
