import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { MikroORM } from '@mikro-orm/postgresql';
import express from 'express';
import type pg from 'pg';
import { AppError, sendError } from '../errors.ts';
import { instanceHealth, startHealthMonitor } from '../health.ts';
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
 * Whether a caller may see internals (metrics, why a check failed): a direct loopback connection, or
 * METRICS_TOKEN as a bearer token. req.socket, not req.ip: a proxy on loopback must not make every remote
 * caller look local, so a forwarded request counts as remote.
 */
function privileged(req: express.Request, metricsToken: string | undefined): boolean {
  const header = req.headers.authorization;
  const sent = header?.startsWith('Bearer ') ? header.slice(7) : undefined;
  if (metricsToken && tokenMatches(sent, metricsToken)) return true;
  return isLoopback(req.socket.remoteAddress) && !req.headers['x-forwarded-for'];
}

/**
 * /healthz (the instance can serve: its pool is not wedged and its event loop not stuck), /readyz (that,
 * and the database answers with every migration applied) and /metrics (Prometheus text, loopback or
 * METRICS_TOKEN only). Callers that may not see internals get the status alone: no database error,
 * no pool figures. docs/resilience.md says what each answer means.
 */
export function opsRoutes(orm: MikroORM, metricsToken: string | undefined): express.Router {
  const router = express.Router();
  const expected = migrationsList.map((m) => m.name);
  startHealthMonitor();

  const nativePool = async (): Promise<pg.Pool | undefined> => {
    const native = (await orm.em.getConnection().getNativeClient()) as unknown;
    return native && typeof (native as Partial<TPoolStats>).totalCount === 'number'
      ? (native as pg.Pool)
      : undefined;
  };
  const pool = async (): Promise<TPoolStats | undefined> => {
    const native = await nativePool();
    if (!native) return undefined;
    return {
      totalCount: native.totalCount,
      idleCount: native.idleCount,
      waitingCount: native.waitingCount,
    };
  };
  addScrapeProbe(async () => {
    const stats = await pool();
    if (stats) setDbPoolStats(stats);
  });

  const health = async () => instanceHealth(await nativePool().catch(() => undefined));

  router.get('/healthz', async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const h = await health();
    const inside = privileged(req, metricsToken);
    res.status(h.ok ? 200 : 503).json({
      status: h.ok ? 'ok' : 'unhealthy',
      ...(inside
        ? {
            uptimeSeconds: Math.round(process.uptime()),
            failing: h.failing,
            poolStallMs: h.poolStallMs,
            eventLoopDelayMs: h.eventLoopDelayMs,
            pool: await pool().catch(() => undefined),
          }
        : {}),
    });
  });

  router.get('/readyz', async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const inside = privileged(req, metricsToken);
    const answer = (status: number, body: Record<string, unknown>, detail: Record<string, unknown>) =>
      res.status(status).json(inside ? { ...body, ...detail } : body);
    const h = await health();
    if (!h.ok) {
      answer(503, { status: 'unavailable' }, { failing: h.failing });
      return;
    }
    try {
      const rows = await withTimeout(
        // The migrator's own table, which no entity maps: typed here for this one read.
        orm.em
          .fork()
          .getKysely<{ mikro_orm_migrations: { name: string } }>()
          .selectFrom('mikro_orm_migrations')
          .select('name')
          .execute(),
        READY_TIMEOUT_MS,
      );
      const applied = new Set(rows.map((r) => r.name.replace(/\.(ts|js)$/, '')));
      const pending = expected.filter((name) => !applied.has(name));
      if (pending.length > 0) {
        answer(503, { status: 'unavailable' }, { database: 'ok', pendingMigrations: pending });
        return;
      }
      answer(200, { status: 'ready' }, { database: 'ok', migrations: expected.length });
    } catch (err) {
      answer(
        503,
        { status: 'unavailable' },
        { database: 'unreachable', error: err instanceof Error ? err.message : String(err) },
      );
    }
  });

  router.get('/metrics', async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    if (!privileged(req, metricsToken)) {
      sendError(res, new AppError('FORBIDDEN', 'Metrics are only served to loopback or with METRICS_TOKEN'));
      return;
    }
    const { contentType, body } = await renderMetrics();
    res.type(contentType).send(body);
  });
  return router;
}
