import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  createProcedureCache,
  normalizePath,
  type OpenApiMeta,
  type OpenApiProcedure,
} from 'trpc-to-openapi';
import { log } from '../logger.ts';
import type { appRouter } from '../router.ts';
import { PRIVATE_CACHE } from './caching.ts';
import type { TFastPath } from './public-reads.ts';
import { unsafeRequestRefusal } from './security.ts';

/** trpc-to-openapi's handler for Node's request: the one the Express mount wraps. */
export type TOpenApiNodeHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/** Plain path characters only: anything a URL parser would normalise (dots, escapes) takes the usual path. */
const PLAIN_PATH = /^[A-Za-z0-9/_-]*$/;
/** The one body type taken here; a charset other than UTF-8, or any other type, goes to Express. */
const JSON_TYPE = /^application\/json\s*(;\s*charset\s*=\s*"?utf-8"?\s*)?$/i;
/** body-parser's `strict`: a JSON body must be an object or an array. */
const OBJECT_OR_ARRAY = /^[ \t\n\r]*[{[]/;

/**
 * The hot JSON writes under /api (POST /api/bookings), taken past Express to trpc-to-openapi's own
 * Node handler, the one Express mounts under /api: the same procedure, context, schemas and answers,
 * failures included. What Express does for such a call before the handler is done here, for it alone:
 *  - the guards of unsafe calls (unsafeRequestRefusal, shared with Express's requestGuards);
 *  - the JSON body, read as `express.json` reads it (UTF-8, an object or an array, within `bodyLimit`);
 *  - `Cache-Control: private, no-store`, as apiCaching gives any write;
 *  - the URL as the handler sees it under Express's /api mount (`originalUrl` keeps what was asked).
 * A call that is refused, has no length or an encoded, non-UTF-8 or oversized body, or a query the
 * handler would never see in a body, is left to Express, which answers it as it always has. A body that
 * is not JSON is handed to Express's error handler as body-parser's own failure (`handParseError`).
 *
 * Measured under the bench's booking load (16 connections, the bench's 100,000 homes, quiet 2-core
 * machine, server CPU from /proc, 10 s runs, 2026-11-26): the server's CPU per booking fell from
 * 0.90–1.14 ms to 0.74–0.94 ms, and bookings per second rose from 790–910 to 870–985. Skipping the
 * handler too (calling the procedure directly) saved ~0.1 ms more, but its answers to failures would
 * have to be rebuilt here; they are not worth a second copy.
 */
export function jsonWritesFastPath(opts: {
  router: typeof appRouter;
  handler: TOpenApiNodeHandler;
  /** The procedures (tRPC paths) served here; each must be an OpenAPI POST mutation. */
  procedures: readonly string[];
  /** Bytes; the limit `express.json` gives the same paths. */
  bodyLimit: number;
  /** Answers a body that is not JSON as Express answers body-parser's failure. */
  handParseError: (req: IncomingMessage, res: ServerResponse, err: Error) => void;
}): TFastPath {
  const findProcedure = createProcedureCache(opts.router);
  const served = new Set<OpenApiProcedure>();
  const procedures = opts.router._def.procedures as unknown as Record<string, OpenApiProcedure | undefined>;
  for (const path of opts.procedures) {
    const procedure = procedures[path];
    const openapi = (procedure?._def.meta as OpenApiMeta | undefined)?.openapi;
    if (!procedure || procedure._def.type !== 'mutation' || openapi?.method !== 'POST')
      throw new Error(`JSON writes: ${path} is not an OpenAPI POST mutation`);
    served.add(procedure);
  }

  return (req, res) => {
    if (req.method !== 'POST') return false;
    const url = req.url ?? '';
    const q = url.indexOf('?');
    const pathname = q < 0 ? url : url.slice(0, q);
    if (!pathname.startsWith('/api/') || !PLAIN_PATH.test(pathname)) return false;
    const found = findProcedure('POST', normalizePath(pathname.slice(4)));
    if (!found?.procedure || !served.has(found.procedure.procedure)) return false;
    const length = Number(req.headers['content-length']);
    const encoding = req.headers['content-encoding'];
    if (
      !(length > 0 && length <= opts.bodyLimit) ||
      (encoding !== undefined && encoding.toLowerCase() !== 'identity') ||
      !JSON_TYPE.test(req.headers['content-type'] ?? '') ||
      unsafeRequestRefusal(req)
    )
      return false;

    readBody(req)
      .then(
        (raw) => {
          const text = raw.toString('utf8');
          let body: unknown;
          try {
            if (!OBJECT_OR_ARRAY.test(text))
              throw new SyntaxError('a JSON body must be an object or an array');
            body = JSON.parse(text);
          } catch (err) {
            opts.handParseError(
              req,
              res,
              Object.assign(err as Error, { status: 400, type: 'entity.parse.failed' }),
            );
            return;
          }
          Object.assign(req, { body, originalUrl: url });
          req.url = url.slice(4);
          res.setHeader('Cache-Control', PRIVATE_CACHE);
          return opts.handler(req, res);
        },
        // The caller went away mid-body: there is no one to answer.
        () => res.destroy(),
      )
      .catch((err: unknown) => {
        // The handler answers every failure of the call itself; this would be a fault in it.
        log.error('request failed', { path: pathname, err: String(err) });
        if (!res.headersSent) res.writeHead(500).end();
      });
    return true;
  };
}

/** The request's body (its length is known and bounded): plain stream events, cheaper than an async iterator. */
function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks)));
    req.on('error', reject);
    req.on('aborted', () => reject(new Error('the request was aborted')));
  });
}
