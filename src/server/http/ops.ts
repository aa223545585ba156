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
 * Counts each request's duration under its route pattern (never the raw path: ids would explode the
 * labels). Runs before Express (createApp in app.ts), so the URL is the one the caller sent.
 */
export function requestMetrics(req: IncomingMessage, res: ServerResponse, next: () => void): void {
  const end = httpRequestDuration.startTimer();
  const url = req.url ?? '';
  res.once('finish', () => {
    end({ method: req.method ?? '', route: routeLabel(url), status: String(res.statusCode) });
  });
  next();
}

function routeLabel(url: string): string {
  const p = url.split('?')[0] ?? '';
  if (p.startsWith('/trpc/')) return `/trpc/${p.slice(6).split(',').sort().join(',')}`.slice(0, 200);
  if (p.startsWith('/api/'))
    return p
      .replace(/\/\d+(?=\/|$)/g, '/{id}')
      .replace(/\/[0-9a-f]{16,}(?=\/|$)/gi, '/{token}')
      .slice(0, 120);
  if (p.startsWith('/assets/')) return '/assets';
  if (p.startsWith('/media/')) return '/media';
  if (p.startsWith('/ical/')) return '/ical';
  if (p.startsWith('/property/')) return '/property/{id}';
  if (p.startsWith('/admin')) return '/admin';
  if (p.startsWith('/manage/')) return '/manage/{token}';
  return ['/', '/healthz', '/readyz', '/metrics', '/sitemap.xml', '/robots.txt'].includes(p) ? p : 'other';
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
