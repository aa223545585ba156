import type { IncomingMessage, ServerResponse } from 'node:http';
import querystring from 'node:querystring';
import {
  coerceSchema,
  createProcedureCache,
  getInputOutputParsers,
  getQuery,
  instanceofZodTypeLikeVoid,
  instanceofZodTypeObject,
  instanceofZodTypeOptional,
  normalizePath,
  unwrapZodType,
  type OpenApiMeta,
  type OpenApiProcedure,
} from 'trpc-to-openapi';
import { ZodArray } from 'zod';
import type { TContext } from '../context.ts';
import type { appRouter } from '../router.ts';
import { createCallerFactory } from '../trpc.ts';
import { sendPublicJson } from './caching.ts';

export type TCreateContext = (opts: { req: IncomingMessage; res: ServerResponse }) => Promise<TContext>;

/** What the fast path needs of one procedure, worked out once at start-up instead of on every call. */
export interface TPlan {
  /** `properties.byId` → ['properties', 'byId'], the caller's path to it. */
  segments: string[];
  /** The input is void-like: the procedure reads neither the query nor the path. */
  noInput: boolean;
  /** Query keys whose schema is an array: a single `?k=v` arrives as a string and is wrapped. */
  arrayKeys: string[];
}

/** Plain path characters only: anything a URL parser would normalise (dots, escapes) takes the usual path. */
const PLAIN_PATH = /^[A-Za-z0-9/_-]*$/;

/** Answers a request it serves and says so (true); false leaves the request to whoever comes next. */
export type TFastPath = (req: IncomingMessage, res: ServerResponse, fallback: () => void) => boolean;

type TFound = NonNullable<ReturnType<ReturnType<typeof createProcedureCache>>>;

/** Where a fast path's request goes: its procedure's plan, the path's parameters and the URL's query. */
export interface TFastRoute {
  plan: TPlan & { path: string };
  pathInput: TFound['pathInput'];
  /** The query string after '?', or null when the URL has none. */
  query: string | null;
}

/**
 * A fast path's router. At start-up each of `procedures` must be an OpenAPI `method` call of the matching
 * type (a GET query, a POST mutation), and is planned once (planFor). Per request, a plain /api/ path of
 * that method naming one of them is routed by trpc-to-openapi's own procedure cache (same paths, same
 * precedence as the adapter); anything else gives null.
 */
export function fastRoutes(
  router: typeof appRouter,
  label: string,
  method: 'GET' | 'POST',
  procedures: readonly string[],
): (req: IncomingMessage) => TFastRoute | null {
  const type = method === 'GET' ? 'query' : 'mutation';
  const findProcedure = createProcedureCache(router);
  const plans = new Map<OpenApiProcedure, TPlan & { path: string }>();
  const all = router._def.procedures as unknown as Record<string, OpenApiProcedure | undefined>;
  for (const path of procedures) {
    const procedure = all[path];
    const openapi = (procedure?._def.meta as OpenApiMeta | undefined)?.openapi;
    if (!procedure || procedure._def.type !== type || openapi?.method !== method)
      throw new Error(`${label}: ${path} is not an OpenAPI ${method} ${type}`);
    plans.set(procedure, { ...planFor(path, procedure), path });
  }
  return (req) => {
    if (req.method !== method) return null;
    const url = req.url ?? '';
    const q = url.indexOf('?');
    const pathname = q < 0 ? url : url.slice(0, q);
    if (!pathname.startsWith('/api/') || !PLAIN_PATH.test(pathname)) return null;
    const found = findProcedure(method, normalizePath(pathname.slice(4)));
    const plan = found?.procedure && plans.get(found.procedure.procedure);
    if (!found || !plan) return null;
    return { plan, pathInput: found.pathInput, query: q < 0 ? null : url.slice(q + 1) };
  };
}

/**
 * The hot public reads under /api (GET /api/properties/{id}, the home search, the quote…), answered
 * before Express (createApp in app.ts) and without trpc-to-openapi's per-request work, which for a GET builds
 * a WHATWG URL, a fetch `Request` only to hand an abort signal to a context that never reads it,
 * re-derives the input schema and walks it to switch on coercion, then resolves the procedure through a
 * caller of the whole router.
 *
 * What is answered does not change: the route is found by trpc-to-openapi's own procedure cache (same
 * paths, same precedence), the input is built by its own `getQuery` from the query as Express's 'simple'
 * parser reads it, with the path parameters and the same coercion (switched on once here, as the adapter
 * does on every call), and the call goes through the same tRPC procedure by `createCaller`, with its
 * middleware, input and output schemas. The answer carries the caching headers apiCaching gives the same
 * read (`sendPublicJson`). Only a success is answered here; any failure is handed to `fallback` (Express
 * and the adapter), which runs the call again with the same context (reuseContext) and answers the error
 * exactly as it always has.
 *
 * Measured on GET /api/properties/{id} (100,000 homes, 16 connections, server CPU per request from
 * /proc, quiet 2-core machine, 2026-11-26): Express alone, answering a constant from its first
 * middleware, cost 83 µs a request against node:http's 21 µs, and the whole read took 544 µs inside
 * Express against ~400 µs here. With the read as a prepared statement (preparedRows), `BENCH_ONLY=ratio
 * npm run bench` gives 3,394 req/s against the bare node:http + pg baseline's 5,130: a ratio of 0.65
 * (0.62–0.68 over 7 interleaved pairs), where it was 0.42 inside Express.
 */
export function publicReadsFastPath(opts: {
  router: typeof appRouter;
  createContext: TCreateContext;
  /** The procedures (tRPC paths) served here; each must be an OpenAPI GET query. */
  procedures: readonly string[];
}): TFastPath {
  const routeOf = fastRoutes(opts.router, 'public reads', 'GET', opts.procedures);
  const callerFor = createCallerFactory(opts.router) as unknown as (ctx: TContext) => Record<string, unknown>;

  return (req, res, fallback) => {
    const route = routeOf(req);
    if (!route) return false;
    const { plan } = route;
    let input: Record<string, unknown> | undefined;
    if (!plan.noInput) {
      const query = route.query === null ? {} : querystring.parse(route.query);
      input = { ...getQuery({ query } as never, undefined as never), ...route.pathInput };
      for (const key of plan.arrayKeys) {
        const value = input[key];
        if (value !== undefined && !Array.isArray(value)) input[key] = [value];
      }
    }
    const run = async () => {
      const ctx = await opts.createContext({ req, res });
      contexts.set(req, ctx);
      let call: unknown = callerFor(ctx);
      for (const segment of plan.segments) call = (call as Record<string, unknown>)[segment];
      const data = await (call as (input: unknown) => Promise<unknown>)(input);
      sendPublicJson(req, res, JSON.stringify(data));
    };
    run().catch(() => {
      if (!res.headersSent) fallback();
    });
    return true;
  };
}

/** The contexts the fast path made, so that the adapter answering a failure reuses them. */
const contexts = new WeakMap<IncomingMessage, TContext>();

/**
 * For the adapter mounted after the fast path: a request the fast path left to it after a failure keeps
 * the context already made (the session is looked up, and a refreshed cookie set, once per request).
 */
export function reuseContext(createContext: TCreateContext): TCreateContext {
  return (opts) => {
    const made = contexts.get(opts.req);
    return made ? Promise.resolve(made) : createContext(opts);
  };
}

/** The adapter's per-call preparation of one procedure's input, done once (trpc-to-openapi core). */
export function planFor(path: string, procedure: OpenApiProcedure): TPlan {
  const { inputParser } = getInputOutputParsers(procedure);
  const schema = unwrapZodType(inputParser, true);
  const arrayKeys: string[] = [];
  if (instanceofZodTypeObject(schema)) {
    for (const [key, shape] of Object.entries(schema.shape)) {
      const isArray =
        shape instanceof ZodArray || (instanceofZodTypeOptional(shape) && shape.unwrap() instanceof ZodArray);
      if (isArray) arrayKeys.push(key);
    }
    coerceSchema(schema);
  }
  return { segments: path.split('.'), noInput: instanceofZodTypeLikeVoid(schema), arrayKeys };
}
