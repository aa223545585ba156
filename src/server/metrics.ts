import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The process's Prometheus metrics (docs/features.md#operations), served at /metrics. One registry per process: every module
 * that counts something imports its metric from here, so names and labels stay in one place.
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

export const httpRequestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP request duration by method, route pattern and status code',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

/** A gauge or counter of this process's registry, by name, help text and label names. */
const gauge = <L extends string>(name: string, help: string, labelNames: readonly L[]) =>
  new Gauge<L>({ name, help, labelNames, registers: [metricsRegistry] });
const counter = <L extends string>(name: string, help: string, labelNames: readonly L[]) =>
  new Counter<L>({ name, help, labelNames, registers: [metricsRegistry] });

/** Filled when /metrics is scraped, from the pool (see setDbPoolProbe). */
export const dbPoolConnections = gauge(
  'db_pool_connections',
  'Database pool connections by state (total, idle, waiting requests)',
  ['state'],
);

/** Jobs waiting in the queue, by queue name; set by whoever owns the queue (a probe read at scrape time). */
export const queueDepth = gauge('queue_depth', 'Jobs waiting in the job queue, by queue', ['queue']);

export const emailsSent = counter(
  'emails_sent_total',
  'Emails handed to the mail transport successfully, by template',
  ['template'],
);

export const emailsFailed = counter(
  'emails_failed_total',
  'Email sending attempts that failed, by template',
  ['template'],
);

type TProbe = () => Promise<void> | void;
const probes = new Set<TProbe>();

/**
 * Registers a function run just before each scrape, to read values that live elsewhere (pool sizes, queue
 * depth). Answers a function that removes it again (on shutdown).
 */
export function addScrapeProbe(probe: TProbe): () => void {
  probes.add(probe);
  return () => probes.delete(probe);
}

export interface TPoolStats {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

export function setDbPoolStats(stats: TPoolStats): void {
  dbPoolConnections.set({ state: 'total' }, stats.totalCount);
  dbPoolConnections.set({ state: 'idle' }, stats.idleCount);
  dbPoolConnections.set({ state: 'waiting' }, stats.waitingCount);
}

/** The text exposition, after running every probe (a failing probe leaves its last values). */
export async function renderMetrics(): Promise<{ contentType: string; body: string }> {
  await Promise.all([...probes].map(async (p) => Promise.resolve(p()).catch(() => undefined)));
  return { contentType: metricsRegistry.contentType, body: await metricsRegistry.metrics() };
}
