import type { IncomingMessage, ServerResponse } from 'node:http';
import { TRPCError } from '@trpc/server';
import { nodeHTTPRequestHandler } from '@trpc/server/adapters/node-http';
import { createOpenApiNodeHttpHandler, createProcedureCache, normalizePath } from 'trpc-to-openapi';
import { TRPC_MAX_BATCH } from '#shared/constants.ts';
import type { TContext } from '../context.ts';
import { AppError, toTRPCError } from '../errors.ts';
import { log } from '../logger.ts';
import type { appRouter } from '../router.ts';
import {
  accessRefusal,
  bodyLimitOf,
  isPubliclyCacheable,
  metaOf,
  PRIVATE_CACHE,
  PUBLIC_CACHE,
  type TFile,
  type TProcedureLike,
} from '../route-meta.ts';
import { withEtag } from './caching.ts';
import { setRouteLabel } from './route-label.ts';
import { unsafeRequestRefusal } from './security.ts';

type TCreateContext = (opts: { req: IncomingMessage; res: ServerResponse }) => Promise<TContext>;
type TRouter = typeof appRouter;

/** What responseMeta is given by either handler: the tRPC calls' inputs, or the REST call's URL. */
interface TAnswerInfo {
  calls?: readonly { result?: () => unknown }[];
  url?: URL | null;
}

/**
 * /trpc and /api, served by @trpc/server's and trpc-to-openapi's own Node handlers. What is ours is read
 * from each procedure's meta (route-meta.ts): the Cache-Control of an answer (responseMeta), the largest
 * body a call may send, and whether the caller may send one at all. A request with a body is admitted
 * before either handler reads a byte of it; a refused one is answered by the handler itself, in its own
 * error shape, with `req.body` set so that the body is never read (docs/request-pipeline.md).
 */
export function procedureHandlers(opts: {
  router: TRouter;
  createContext: TCreateContext;
  onError: (opts: { error: TRPCError; path?: string }) => void;
}) {
  const { router, onError } = opts;
  const procedures = router._def.procedures as unknown as Record<string, TProcedureLike | undefined>;
  const findRest = createProcedureCache(router);

  const contexts = new WeakMap<IncomingMessage, Promise<TContext>>();
  const refusals = new WeakMap<IncomingMessage, TRPCError>();
  const rawBodies = new WeakMap<IncomingMessage, Buffer>();
  const contextOf = (req: IncomingMessage, res: ServerResponse): Promise<TContext> => {
    let made = contexts.get(req);
    if (!made) {
      made = opts.createContext({ req, res });
      contexts.set(req, made);
    }
    return made;
  };
  // Both handlers hand over Node's own request and answer (their types also admit HTTP/2's).
  const createContext = (o: { req: unknown; res: unknown }) => {
    const req = o.req as IncomingMessage;
    const refusal = refusals.get(req);
    if (refusal) return Promise.reject(refusal);
    const raw = rawBodies.get(req);
    const made = contextOf(req, o.res as ServerResponse);
    return raw ? made.then((ctx) => ({ ...ctx, rawBody: raw })) : made;
  };

  const responseMeta = ({
    ctx,
    paths,
    type,
    errors,
    info,
  }: {
    ctx?: TContext;
    paths?: readonly string[];
    type: string;
    errors: readonly unknown[];
    info?: TAnswerInfo;
  }) => {
    const cacheable =
      type === 'query' &&
      errors.length === 0 &&
      paths !== undefined &&
      paths.length > 0 &&
      // A refreshed session cookie is the caller's own: never in a shared cache.
      !ctx?.res?.hasHeader('set-cookie') &&
      paths.every((path, i) => isPubliclyCacheable(metaOf(procedures[path]), rawInputOf(info, i)));
    return { headers: { 'Cache-Control': cacheable ? PUBLIC_CACHE : PRIVATE_CACHE } };
  };

  const logError = ({ error, path }: { error: TRPCError; path?: string }) => onError({ error, path });

  const rest = createOpenApiNodeHttpHandler({
    router,
    createContext,
    responseMeta,
    onError: logError,
    maxBodySize: (procedure) => bodyLimitOf(metaOf(procedure as TProcedureLike)),
    sendData: ({ procedure, data, res }) => {
      if (!metaOf(procedure as TProcedureLike).file) return false;
      sendFile(res as ServerResponse, data as TFile);
      return true;
    },
  });

  /**
   * Admits a call that sends a body, before anything reads it. A refusal is kept for createContext to
   * throw, so the handler answers it; the body is marked as already read, and the connection closes after
   * the answer instead of draining what the caller is still sending.
   */
  const admit = async (
    req: IncomingMessage,
    res: ServerResponse,
    calls: readonly (TProcedureLike | undefined)[],
  ): Promise<void> => {
    const refusal = await refusalFor(req, res, calls);
    if (!refusal) return;
    refusals.set(req, refusal);
    (req as IncomingMessage & { body?: unknown }).body = null;
    res.setHeader('Connection', 'close');
  };

  const refusalFor = async (
    req: IncomingMessage,
    res: ServerResponse,
    calls: readonly (TProcedureLike | undefined)[],
  ): Promise<TRPCError | null> => {
    const unsafe = unsafeRequestRefusal(req);
    if (unsafe) return toTRPCError(unsafe);
    const encoding = req.headers['content-encoding'];
    if (encoding !== undefined && encoding.trim().toLowerCase() !== 'identity')
      return toTRPCError(
        new AppError('UNSUPPORTED_MEDIA_TYPE', 'Compressed request bodies are not accepted'),
      );
    const metas = calls.map(metaOf);
    const limit = Math.max(...metas.map(bodyLimitOf));
    if (Number(req.headers['content-length'] ?? 0) > limit)
      return toTRPCError(new AppError('PAYLOAD_TOO_LARGE', 'Request body is too large'));
    if (metas.every((meta) => (meta.access ?? 'public') === 'public')) return null;
    let ctx: TContext;
    try {
      ctx = await contextOf(req, res);
    } catch (err) {
      return err instanceof TRPCError ? err : toTRPCError(new AppError('UNAVAILABLE', 'Service unavailable'));
    }
    // An unlisted procedure's refusal reads as not found (route-meta.ts `unlisted`).
    if (metas.some((meta) => meta.unlisted && accessRefusal(meta, ctx.actingUser)))
      return toTRPCError(new AppError('NOT_FOUND', 'Not found'));
    const verdicts = metas.map((meta) => accessRefusal(meta, ctx.actingUser));
    if (verdicts.includes('UNAUTHORIZED'))
      return toTRPCError(new AppError('UNAUTHORIZED', 'Authentication required'));
    if (verdicts.includes('FORBIDDEN'))
      return toTRPCError(new AppError('FORBIDDEN', "You don't have permission to access the admin area"));
    return null;
  };

  /**
   * For a `rawBody` procedure: the exact bytes, read here up to its limit, go to its context; the handler
   * is given an already-read, empty body, so the procedure's input is `{}`. Over the limit, the call is
   * refused as any other (413) and the connection closes.
   */
  const readRawBody = async (req: IncomingMessage, limit: number): Promise<void> => {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > limit) {
        refusals.set(req, toTRPCError(new AppError('PAYLOAD_TOO_LARGE', 'Request body is too large')));
        break;
      }
      chunks.push(chunk);
    }
    (req as IncomingMessage & { body?: unknown }).body = {};
    if (!refusals.has(req)) rawBodies.set(req, Buffer.concat(chunks));
  };

  return {
    /** `path` is what follows `/trpc/`: one procedure, or a batch of them joined by commas. */
    trpc: async (req: IncomingMessage, res: ServerResponse, path: string): Promise<void> => {
      const names = path.split(',');
      const calls = names.map((name) => procedures[safeDecode(name)]);
      setRouteLabel(
        req,
        calls.some((c) => !c)
          ? '/trpc/(unknown)'
          : names.length === 1
            ? `/trpc/${names[0]}`
            : '/trpc/(batch)',
      );
      const withBody = req.method !== 'GET' && req.method !== 'HEAD';
      if (withBody) await admit(req, res, calls);
      // A file is served at its REST path only: a tRPC answer is JSON.
      if (calls.some((c) => metaOf(c).file))
        refusals.set(req, toTRPCError(new AppError('NOT_FOUND', FILE_OVER_REST)));
      await nodeHTTPRequestHandler({
        router,
        req,
        res,
        path,
        createContext,
        responseMeta,
        onError: logError,
        maxBatchSize: TRPC_MAX_BATCH,
        maxBodySize: Math.max(...calls.map((c) => bodyLimitOf(metaOf(c)))),
      });
    },

    /** Any path under /api; `next` takes what no procedure answers (the docs, the CSV export, 404). */
    rest: async (
      req: IncomingMessage,
      res: ServerResponse,
      pathname: string,
      next: () => void,
    ): Promise<void> => {
      const method = (req.method ?? 'GET') as Parameters<typeof findRest>[0];
      const procedure = findRest(method, normalizePath(pathname.slice('/api'.length)))?.procedure?.procedure;
      if (!procedure) return next();
      const meta = metaOf(procedure);
      setRouteLabel(req, `/api${meta.openapi?.path ?? ''}`);
      if (method === 'GET') withEtag(req, res);
      else if (method !== 'HEAD') {
        await admit(req, res, [procedure]);
        if (meta.rawBody && !refusals.has(req)) await readRawBody(req, bodyLimitOf(meta));
      }
      // trpc-to-openapi routes the path below its base URL, as a mount point would hand it over.
      const sent = req.url ?? '';
      Object.assign(req, { originalUrl: sent, url: sent.slice('/api'.length) });
      await rest(req, res);
    },
  };
}

export const FILE_OVER_REST = 'Files are served at their /api path';

/**
 * A file procedure's answer: its bytes with their media type and name, shown (a PDF) or saved (a CSV).
 * Never cached or indexed: each file is one caller's view.
 */
function sendFile(res: ServerResponse, file: TFile): void {
  const body = typeof file.body === 'string' ? Buffer.from(file.body, 'utf8') : file.body;
  const type = file.type.startsWith('text/') ? `${file.type}; charset=utf-8` : file.type;
  res.statusCode = 200;
  res.setHeader('Content-Type', type);
  res.setHeader('Content-Length', body.length);
  res.setHeader('Cache-Control', PRIVATE_CACHE);
  res.setHeader('X-Robots-Tag', 'noindex');
  // The names are ours (numbers, months, ids): ASCII without quotes.
  res.setHeader(
    'Content-Disposition',
    `${file.inline ? 'inline' : 'attachment'}; filename="${file.filename}"`,
  );
  res.end(body);
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

function rawInputOf(info: TAnswerInfo | undefined, index: number): unknown {
  const call = info?.calls?.[index];
  if (call?.result) return call.result();
  if (info?.url) return Object.fromEntries(info.url.searchParams);
  return undefined;
}

/** Logs the failures that are ours (a 500); every other error is the caller's and is answered as such. */
export function logServerErrors({ error, path }: { error: TRPCError; path?: string }): void {
  if (error.code === 'INTERNAL_SERVER_ERROR')
    log.error('request failed', {
      path,
      err: error.cause instanceof Error ? String(error.cause) : error.message,
    });
}
