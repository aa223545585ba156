import type { IncomingMessage, ServerResponse } from 'node:http';
import { getErrorShape } from '@trpc/server/unstable-core-do-not-import';
import { getErrorFromUnknown, TRPC_ERROR_CODE_HTTP_STATUS } from 'trpc-to-openapi';
import type { TContext } from '../context.ts';
import { log } from '../logger.ts';
import type { appRouter } from '../router.ts';
import { createCallerFactory } from '../trpc.ts';
import { PRIVATE_CACHE } from './caching.ts';
import { fastRoutes, type TCreateContext, type TFastPath, type TPlan } from './public-reads.ts';
import { unsafeRequestRefusal } from './security.ts';

/** What the REST adapter reports of a failed call (app.ts logs the server's own faults). */
export type TOnError = (opts: {
  error: { code: string; message: string; cause?: unknown };
  path?: string | undefined;
}) => void;

/** The one body type taken here; a charset other than UTF-8, or any other type, goes to Express. */
const JSON_TYPE = /^application\/json\s*(;\s*charset\s*=\s*"?utf-8"?\s*)?$/i;
/** body-parser's `strict`: a JSON body must be an object or an array. */
const OBJECT_OR_ARRAY = /^[ \t\n\r]*[{[]/;

/**
 * The JSON writes made under load (POST /api/bookings, POST /api/auth/login), answered before Express and without
 * trpc-to-openapi's per-call work: the same procedure, context, schemas and answers, failures included.
 * What Express and the adapter do for such a call is done here, for it alone:
 *  - the guards of unsafe calls (unsafeRequestRefusal, shared with Express's requestGuards);
 *  - the JSON body, read as `express.json` reads it (UTF-8, an object or an array, within `bodyLimit`);
 *  - `Cache-Control: private, no-store`, as apiCaching gives any write;
 *  - the input schema's coercion, switched on once here as the adapter does on every call (planFor);
 *  - the call through the same tRPC procedure by `createCaller`, and its answer: the data as JSON, or a
 *    failure as the adapter answers it (`answerFailure`: status, error shape and body alike).
 * A call that is refused, has no length or an encoded, non-UTF-8 or oversized body is left to Express,
 * which answers it as it always has. A body that is not JSON is handed to Express's error handler as
 * body-parser's own failure (`handParseError`). tests/api/json-writes.test.ts holds every answer to
 * what the same app gives with every request left to Express.
 *
 * Why: under the bench's booking load, Express's routing and body parser cost a booking ~0.2 ms of
 * server CPU, and the adapter ~0.1 ms more, of ~1.0 ms: it builds a WHATWG URL and a fetch `Request`
 * with a stream of the body only to hand an abort signal to a context that never reads it, and
 * re-walks the input schema to switch on coercion. Measured in the lab (16 connections, the bench's
 * 100,000 homes, quiet 2-core machine, server CPU from /proc, 10 s runs, 2026-11-26): a booking's
 * server CPU went from 0.90–1.14 ms to 0.76–1.07 ms, at or below the pre-round-2 server's 0.99–1.12 ms
 * in the same interleaved runs.
 */
export function jsonWritesFastPath(opts: {
  router: typeof appRouter;
  createContext: TCreateContext;
  onError: TOnError;
  /** The procedures (tRPC paths) served here; each must be an OpenAPI POST mutation. */
  procedures: readonly string[];
  /** Bytes; the limit `express.json` gives the same paths. */
  bodyLimit: number;
  /** Answers a body that is not JSON as Express answers body-parser's failure. */
  handParseError: (req: IncomingMessage, res: ServerResponse, err: Error) => void;
}): TFastPath {
  const routeOf = fastRoutes(opts.router, 'JSON writes', 'POST', opts.procedures);
  const callerFor = createCallerFactory(opts.router) as unknown as (ctx: TContext) => Record<string, unknown>;

  /** The call and its answer, as trpc-to-openapi's Node handler makes them (createOpenApiNodeHttpHandler). */
  const call = async (
    req: IncomingMessage,
    res: ServerResponse,
    plan: TPlan & { path: string },
    input: unknown,
  ) => {
    let ctx: TContext | undefined;
    try {
      ctx = await opts.createContext({ req, res });
      let procedure: unknown = callerFor(ctx);
      for (const segment of plan.segments) procedure = (procedure as Record<string, unknown>)[segment];
      const data = await (procedure as (input: unknown) => Promise<unknown>)(input);
      res.statusCode = 200;
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify(data));
    } catch (cause) {
      answerFailure(res, cause, { router: opts.router, onError: opts.onError, path: plan.path, input, ctx });
    }
  };

  return (req, res) => {
    const route = routeOf(req);
    if (!route) return false;
    const { plan } = route;
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
          res.setHeader('Cache-Control', PRIVATE_CACHE);
          // The adapter's input for a body: its fields (an array's are its indexes) and the path's.
          return call(req, res, plan, plan.noInput ? undefined : { ...(body as object), ...route.pathInput });
        },
        // The caller went away mid-body: there is no one to answer.
        () => res.destroy(),
      )
      .catch((err: unknown) => {
        // call() answers every failure of the call itself; this would be a fault here.
        log.error('request failed', { path: plan.path, err: String(err) });
        if (!res.headersSent) res.writeHead(500).end();
      });
    return true;
  };
}

/** A failed call's answer, exactly as trpc-to-openapi's Node handler gives it (its catch, with no responseMeta). */
function answerFailure(
  res: ServerResponse,
  cause: unknown,
  call: {
    router: typeof appRouter;
    onError: TOnError;
    path: string;
    input: unknown;
    ctx: TContext | undefined;
  },
): void {
  const error = getErrorFromUnknown(cause);
  call.onError({ error, path: call.path });
  const shape = getErrorShape({
    config: call.router._def._config,
    error,
    type: 'mutation',
    path: call.path,
    input: call.input,
    ctx: call.ctx,
  });
  const inputError =
    error.code === 'BAD_REQUEST' && error.cause instanceof Error && error.cause.name === 'ZodError';
  res.statusCode = TRPC_ERROR_CODE_HTTP_STATUS[error.code] ?? 500;
  res.setHeader('Content-Type', 'application/json');
  res.end(
    JSON.stringify({
      ...shape,
      message: inputError
        ? 'Input validation failed'
        : (shape.message ?? error.message ?? 'An error occurred'),
      code: error.code,
      issues: inputError ? (error.cause as Error & { issues?: unknown }).issues : undefined,
    }),
  );
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
