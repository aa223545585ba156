import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { MikroORM } from '@mikro-orm/postgresql';
import express from 'express';
import { AppError, sendError } from '../errors.ts';
import { migrationsList } from '../migrations/index.ts';
import {
  addScrapeProbe,
  httpRequestDuration,
  renderMetrics,
  setDbPoolStats,
  type TPoolStats,
} from '../metrics.ts';
import { routeLabelOf } from './route-label.ts';

const READY_TIMEOUT_MS = 2_000;

function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
}

function tokenMatches(sent: string | undefined, expected: string): boolean {
  if (!sent) return false;
  const a = Buffer.from(sent);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Counts each request's duration under the route that answered it (routeLabelOf: a procedure's path or a
 * page's pattern), or one of a few fixed labels: never the raw path, so ids, tokens and invented paths
 * can't grow the label set.
 */
export function requestMetrics(req: IncomingMessage, res: ServerResponse, next: () => void): void {
  const end = httpRequestDuration.startTimer();
  res.once('finish', () => {
    end({ method: methodLabel(req.method), route: routeLabel(req), status: String(res.statusCode) });
  });
  next();
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const methodLabel = (method: string | undefined) => (method && METHODS.has(method) ? method : 'other');

const FIXED_PATHS = new Set(['/', '/healthz', '/readyz', '/metrics', '/sitemap.xml', '/robots.txt']);

function routeLabel(req: IncomingMessage): string {
  const set = routeLabelOf(req);
  if (set) return set;
  const p = (req.url ?? '').split('?')[0] ?? '';
  if (FIXED_PATHS.has(p)) return p;
  const first = /^\/([a-z]+)(\/|$)/i.exec(p)?.[1]?.toLowerCase();
  if (first === 'assets' || first === 'media' || first === 'ical') return `/${first}`;
  if (first === 'api') return '/api/(other)';
  if (first === 'trpc') return '/trpc/(unknown)';
  return 'page';
}

export const OPS_PATHS = ['/healthz', '/readyz', '/metrics'];

/**
 * /healthz (the process answers), /readyz (the database answers and every migration is applied) and
 * /metrics (Prometheus text, loopback or METRICS_TOKEN only).
 */
export function opsRoutes(orm: MikroORM, metricsToken: string | undefined): express.Router {
  const router = express.Router();
  const expected = migrationsList.map((m) => m.name);

  const pool = async (): Promise<TPoolStats | undefined> => {
    const native = (await orm.em.getConnection().getNativeClient()) as unknown as Partial<TPoolStats>;
    if (typeof native.totalCount !== 'number') return undefined;
    return {
      totalCount: native.totalCount,
      idleCount: native.idleCount ?? 0,
      waitingCount: native.waitingCount ?? 0,
    };
  };
  addScrapeProbe(async () => {
    const stats = await pool();
    if (stats) setDbPoolStats(stats);
  });

  router.get('/healthz', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ status: 'ok', uptimeSeconds: Math.round(process.uptime()) });
  });

  router.get('/readyz', async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    try {
      const rows = await withTimeout(
        orm.em.getConnection().execute<{ name: string }[]>('select name from mikro_orm_migrations'),
        READY_TIMEOUT_MS,
      );
      const applied = new Set(rows.map((r) => r.name.replace(/\.(ts|js)$/, '')));
      const pending = expected.filter((name) => !applied.has(name));
      if (pending.length > 0) {
        res.status(503).json({ status: 'unavailable', database: 'ok', pendingMigrations: pending });
        return;
      }
      res.json({ status: 'ready', database: 'ok', migrations: expected.length });
    } catch (err) {
      res.status(503).json({
        status: 'unavailable',
        database: 'unreachable',
        error: err instanceof Error ? err.message : String(err),
      });
    }
  });

  router.get('/metrics', async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const header = req.headers.authorization;
    const sent = header?.startsWith('Bearer ') ? header.slice(7) : undefined;
    const allowed = metricsToken ? tokenMatches(sent, metricsToken) : false;
    // req.socket, not req.ip: a proxy on loopback must not make every remote caller look local.
    if (!allowed && !(isLoopback(req.socket.remoteAddress) && !req.headers['x-forwarded-for'])) {
      sendError(res, new AppError('FORBIDDEN', 'Metrics are only served to loopback or with METRICS_TOKEN'));
      return;
    }
    const { contentType, body } = await renderMetrics();
    res.type(contentType).send(body);
  });
  return router;
}
