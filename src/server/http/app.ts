import type http from 'node:http';
import path from 'node:path';
import { createExpressMiddleware } from '@trpc/server/adapters/express';
import express, { type ErrorRequestHandler, type Request } from 'express';
import swaggerUi from 'swagger-ui-express';
import { deleteBodyAsQuery } from './delete-body.ts';
import { createOpenApiExpressMiddleware, generateOpenApiDocument } from 'trpc-to-openapi';
import { contextFactory, type TServerDeps } from '../context.ts';
import { AppError, fromHttpError, sendError } from '../errors.ts';
import { log, requestLogger } from '../logger.ts';
import { appRouter } from '../router.ts';
import { bookingsCsvHandler } from './bookings-csv.ts';
import { icalFeedHandler } from './ical-feed.ts';
import { OPS_PATHS, opsRoutes, requestMetrics } from './ops.ts';
import { apiCaching, trpcCaching } from './caching.ts';
import { dynamicCompression, precompressedStatic } from './compress.ts';
import { mediaHandler } from './media.ts';
import { pageHandler } from './pages.ts';
import { jsonWritesFastPath, type TOnError } from './json-writes.ts';
import { publicReadsFastPath, reuseContext } from './public-reads.ts';
import { seoRoutes } from './seo.ts';
import { requestGuards, securityHeaders } from './security.ts';
import { TRUST_PROXY } from './client-address.ts';

/** JSON bodies are small, except where a property's or a review's media arrive as data URLs. */
const MEDIA_BODY_LIMIT = '110mb';
const AVATAR_BODY_LIMIT = '6mb';
/** Bytes; the JSON writes fast path takes the same limit (json-writes.ts). */
const DEFAULT_BODY_LIMIT_BYTES = 100 * 1024;
const DEFAULT_BODY_LIMIT = `${DEFAULT_BODY_LIMIT_BYTES / 1024}kb`;

function bodyLimitFor(req: Request): string {
  // Express matches paths whatever their case, so the limits do too.
  const p = req.path.toLowerCase();
  if (/^\/api\/properties(\/\d+)?$/.test(p) || /^\/trpc\/properties\.(create|update)$/.test(p))
    return MEDIA_BODY_LIMIT;
  if (/^\/api\/reviews(\/\d+)?$/.test(p) || /^\/trpc\/reviews\.(create|update)$/.test(p))
    return AVATAR_BODY_LIMIT;
  // A category icon may be uploaded as a data URL, like an avatar.
  if (/^\/api\/categories(\/\d+)?$/.test(p) || /^\/trpc\/categories\.(create|update)$/.test(p))
    return AVATAR_BODY_LIMIT;
  return DEFAULT_BODY_LIMIT;
}

/** The public reads that most visits make, answered by the fast path (public-reads.ts) under /api. */
const PUBLIC_READS = [
  'properties.byId',
  'properties.search',
  'properties.list',
  'bookings.availability',
  'bookings.quote',
  'categories.list',
  'config.get',
  'reviews.byProperty',
] as const;

/** The JSON writes answered past Express (json-writes.ts): a booking and a sign-in, the writes made under load. */
const JSON_WRITES = ['bookings.create', 'auth.login'] as const;
/** The largest body the REST adapter takes (media arrive as data URLs; bodyLimitFor narrows it per path). */
const ADAPTER_MAX_BODY = 120 * 1024 * 1024;

const onError: TOnError = ({ error, path: p }) => {
  if (error.code === 'INTERNAL_SERVER_ERROR')
    log.error('request failed', {
      path: p,
      err: error.cause instanceof Error ? String(error.cause) : error.message,
    });
};

/** Errors the fast paths hand to Express with a request (a body that is not JSON), raised by its body parser step. */
const handedErrors = new WeakMap<http.IncomingMessage, Error>();

export function openApiDocument() {
  return generateOpenApiDocument(appRouter, {
    title: 'StayHub API',
    description:
      'Short-stay rentals: properties, bookings, reviews, categories and settings. Generated from the tRPC procedures.',
    version: '1.0.0',
    baseUrl: '/api',
    tags: [
      'auth',
      'config',
      'properties',
      'categories',
      'reviews',
      'bookings',
      'calendar',
      'settings',
      'admin',
    ],
    securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'stayhub_session' } },
  });
}

/**
 * The server's request listener. Every request first takes the steps that apply to all of them (its id
 * and log line, its metrics, compression, the security headers); the hot public reads (public-reads.ts)
 * and the booking (json-writes.ts) are then taken by the fast paths, and everything else, or a read that
 * failed there, by Express. The fast paths sit before Express because Express's own routing, request
 * set-up and body parser cost more than the rest of such a call (see each).
 */
export function createApp(
  deps: TServerDeps,
  /** `fastPaths: false` leaves every request to Express: the reference the fast paths are tested against. */
  opts: { fastPaths?: boolean } = {},
): http.RequestListener {
  const createContext = contextFactory(deps);
  const app = expressApp(deps, createContext);
  const toExpress = (req: http.IncomingMessage, res: http.ServerResponse) => void app(req, res);
  const fastPaths =
    opts.fastPaths === false
      ? []
      : [
          publicReadsFastPath({ router: appRouter, createContext, procedures: PUBLIC_READS }),
          jsonWritesFastPath({
            router: appRouter,
            createContext,
            onError,
            procedures: JSON_WRITES,
            bodyLimit: DEFAULT_BODY_LIMIT_BYTES,
            handParseError: (req, res, err) => {
              handedErrors.set(req, err);
              toExpress(req, res);
            },
          }),
        ];
  const steps = [
    requestLogger(),
    requestMetrics,
    dynamicCompression(),
    securityHeaders(deps.env.isProduction),
  ];
  return (req, res) => {
    let i = 0;
    const next = (): void => {
      const step = steps[i++];
      if (step) return step(req, res, next);
      const fallback = () => toExpress(req, res);
      if (!fastPaths.some((fastPath) => fastPath(req, res, fallback))) toExpress(req, res);
    };
    next();
  };
}

function expressApp(deps: TServerDeps, createContext: ReturnType<typeof contextFactory>): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', TRUST_PROXY);
  app.set('query parser', 'simple');
  // Entered on its own three paths only: every other request would walk the router's routes for nothing.
  app.get(OPS_PATHS, opsRoutes(deps.orm, deps.env.metricsToken));

  const parsers = new Map(
    [DEFAULT_BODY_LIMIT, AVATAR_BODY_LIMIT, MEDIA_BODY_LIMIT].map((limit) => [
      limit,
      express.json({ limit, strict: true }),
    ]),
  );
  app.use(['/api', '/trpc'], requestGuards);
  app.use('/api', apiCaching);
  app.use('/trpc', trpcCaching);
  app.use((req, res, next) => {
    // A body the JSON writes fast path read and could not parse fails here, as body-parser's own would.
    const handed = handedErrors.get(req);
    if (handed) return next(handed);
    if (req.method === 'GET' || req.method === 'HEAD') return next();
    const p = req.path.toLowerCase();
    if (!p.startsWith('/api') && !p.startsWith('/trpc')) return next();
    const parser = parsers.get(bodyLimitFor(req));
    if (!parser) return next();
    return parser(req, res, next);
  });

  app.use(
    '/trpc',
    createExpressMiddleware({ router: appRouter, createContext, onError, maxBodySize: ADAPTER_MAX_BODY }),
  );

  const doc = openApiDocument();
  app.get('/api/openapi.json', (_req, res) => {
    res.json(doc);
  });
  app.use('/api/docs', swaggerUi.serve, swaggerUi.setup(doc, { customSiteTitle: 'StayHub API reference' }));
  app.get('/api/bookings/export.csv', bookingsCsvHandler(createContext));
  app.use('/api', deleteBodyAsQuery);
  app.use(
    '/api',
    createOpenApiExpressMiddleware({
      router: appRouter,
      createContext: reuseContext(createContext),
      onError,
      maxBodySize: ADAPTER_MAX_BODY,
      responseMeta: undefined,
    }) as unknown as express.RequestHandler,
  );
  app.use('/api', (_req, res) => {
    sendError(res, new AppError('NOT_FOUND', 'Not found'));
  });

  app.get('/ical/:file', icalFeedHandler(deps));

  app.use('/media', mediaHandler(deps.media));

  const clientDir = deps.env.clientDir;
  const indexHtml = path.join(clientDir, 'index.html');
  app.use(precompressedStatic(clientDir));
  app.use(
    '/assets',
    express.static(path.join(clientDir, 'assets'), {
      immutable: true,
      maxAge: '365d',
      index: false,
      fallthrough: false,
    }),
  );
  app.use(seoRoutes(deps.orm, deps.env.publicUrl));
  app.use(express.static(clientDir, { index: false, maxAge: '1h' }));
  app.get('/{*splat}', pageHandler(deps.orm, indexHtml, deps.env.publicUrl));

  const errorHandler: ErrorRequestHandler = (
    err: { status?: number; statusCode?: number; type?: string; message?: string },
    req,
    res,
    _next,
  ) => {
    if (res.headersSent) return;
    const known = fromHttpError(err);
    if (!known) log.error('unhandled error', { path: req.path, err: err.message ?? 'no message' });
    sendError(res, known ?? new AppError('INTERNAL', 'Internal server error'));
  };
  app.use(errorHandler);
  return app;
}
