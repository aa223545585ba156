import { cardReach } from '../services/payments/terms.ts';
import type http from 'node:http';
import path from 'node:path';
import express, { type ErrorRequestHandler } from 'express';
import swaggerUi from 'swagger-ui-express';
import { contextFactory, type TServerDeps } from '../context.ts';
import { AppError, fromHttpError, sendError } from '../errors.ts';
import { log, requestLogger } from '../logger.ts';
import { appRouter } from '../router.ts';
import { openApiDocument } from '../openapi.ts';
import { icalFeedHandler } from './ical-feed.ts';
import { OPS_PATHS, opsRoutes, requestMetrics } from './ops.ts';
import { dynamicCompression, precompressedStatic } from './compress.ts';
import { mediaHandler } from './media.ts';
import { pageHandler } from './pages.ts';
import { adminPageData } from './admin-page-data.ts';
import { seoRoutes } from './seo.ts';
import { securityHeaders } from './security.ts';
import { logServerErrors, procedureHandlers } from './procedures.ts';
import { TRUST_PROXY } from './client-address.ts';

const onError = logServerErrors;

/**
 * The server's request listener. Every request first takes the steps common to all (its id and log line,
 * its metrics, compression, the security headers). /trpc and /api then go to the procedures' own handlers
 * (procedures.ts); Express serves the rest: pages, static files, media, the API docs, the CSV export and
 * iCal feeds (docs/request-pipeline.md).
 */
export function createApp(deps: TServerDeps): http.RequestListener {
  const createContext = contextFactory(deps);
  const handlers = procedureHandlers({ router: appRouter, createContext, onError });
  const app = expressApp(deps, createContext, handlers.rest);
  const toExpress = (req: http.IncomingMessage, res: http.ServerResponse) => void app(req, res);
  const steps = [
    requestLogger(),
    requestMetrics,
    dynamicCompression(),
    securityHeaders(deps.env.isProduction),
  ];
  const route = (req: http.IncomingMessage, res: http.ServerResponse): void => {
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const pathname = q < 0 ? url : url.slice(0, q);
    const prefix = pathname.slice(0, 6).toLowerCase();
    const answered = prefix.startsWith('/trpc/')
      ? handlers.trpc(req, res, pathname.slice(6))
      : prefix.startsWith('/api/') || prefix === '/api'
        ? handlers.rest(req, res, pathname, () => toExpress(req, res))
        : undefined;
    if (!answered) return toExpress(req, res);
    answered.catch((err: unknown) => {
      log.error('request failed', { path: pathname, err: String(err) });
      // The handlers answer every error themselves; reaching here is a bug, and the answer is cut short.
      res.destroy();
    });
  };
  return (req, res) => {
    let i = 0;
    const next = (): void => {
      const step = steps[i++];
      if (step) return step(req, res, next);
      route(req, res);
    };
    next();
  };
}

function expressApp(
  deps: TServerDeps,
  createContext: ReturnType<typeof contextFactory>,
  procedures: (
    req: http.IncomingMessage,
    res: http.ServerResponse,
    pathname: string,
    next: () => void,
  ) => Promise<void>,
): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', TRUST_PROXY);
  app.set('query parser', 'simple');
  // Built before the health routes start watching the event loop, which building it holds for a while.
  const doc = openApiDocument();
  // Entered on its own three paths only: every other request would walk the router's routes for nothing.
  app.get(OPS_PATHS, opsRoutes(deps.orm, deps.env.metricsToken));

  app.get('/api/openapi.json', (_req, res) => {
    res.json(doc);
  });
  app.use('/api/docs', swaggerUi.serve, swaggerUi.setup(doc, { customSiteTitle: 'StayHub API reference' }));
  // No procedure and no page of ours: the REST handler answers its own 404.
  app.use('/api', (req, res) => {
    void procedures(req, res, '/api/(none)', () => sendError(res, new AppError('NOT_FOUND', 'Not found')));
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
  app.get(
    '/{*splat}',
    pageHandler(
      deps.orm,
      indexHtml,
      deps.env.publicUrl,
      deps.env.demoDirectAdmin,
      cardReach(deps.env),
      adminPageData(deps),
    ),
  );

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
