/**
 * The load generator, run as its own process so it never shares an event loop with the server.
 * Usage: node bench/load.ts '<json TLoadSpec>' — prints one JSON TLoadResult line.
 */
import autocannon from 'autocannon';

export interface TLoadSpec {
  url: string;
  kind: 'get' | 'propertyById' | 'trpcPropertyById' | 'login' | 'booking';
  path?: string;
  maxId?: number;
  connections: number;
  durationSec: number;
  /** Requests per second across all connections; unset means as fast as the server answers. */
  overallRate?: number;
  login?: { username: string; password: string };
  booking?: { firstDay: string; propertyCount: number; offset: number };
}

export interface TLoadResult {
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  statuses: Record<string, number>;
  errors: number;
}

const spec = JSON.parse(process.argv[2] ?? '{}') as TLoadSpec;
const samples: number[] = [];
const statuses: Record<string, number> = {};
let counter = spec.booking?.offset ?? 0;

function addDays(iso: string, days: number): string {
  return new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

function nextRequest(req: {
  method?: string;
  path?: string;
  body?: string;
  headers?: Record<string, string>;
}) {
  const ctx = req;
  switch (spec.kind) {
    case 'propertyById':
      ctx.method = 'GET';
      ctx.path = `/api/properties/${1 + Math.floor(Math.random() * (spec.maxId ?? 1))}`;
      break;
    case 'trpcPropertyById': {
      // The property page's own call: httpBatchLink's batch of one, superjson input in the query.
      const input = JSON.stringify({
        0: { json: { id: 1 + Math.floor(Math.random() * (spec.maxId ?? 1)) } },
      });
      ctx.method = 'GET';
      ctx.path = `/trpc/properties.byId?batch=1&input=${encodeURIComponent(input)}`;
      break;
    }
    case 'login':
      ctx.method = 'POST';
      ctx.path = '/api/auth/login';
      ctx.headers = { 'content-type': 'application/json' };
      ctx.body = JSON.stringify(spec.login);
      break;
    case 'booking': {
      // Every request gets its own property and night, so none overlaps another or the generated data.
      const b = spec.booking!;
      const n = counter++;
      const checkIn = addDays(b.firstDay, Math.floor(n / b.propertyCount));
      ctx.method = 'POST';
      ctx.path = '/api/bookings';
      ctx.headers = { 'content-type': 'application/json' };
      ctx.body = JSON.stringify({
        propertyId: 1 + (n % b.propertyCount),
        checkIn,
        checkOut: addDays(checkIn, 1),
        guests: 1,
        contactInfo: { name: 'Bench Guest', email: 'bench@example.com', phone: '+1 555 0199', country: 'US' },
      });
      break;
    }
    default:
      ctx.method = 'GET';
      ctx.path = spec.path ?? '/';
  }
  return ctx;
}

const result = await autocannon({
  url: spec.url,
  connections: spec.connections,
  duration: spec.durationSec,
  ...(spec.overallRate ? { overallRate: spec.overallRate } : {}),
  requests: [
    {
      setupRequest: (req: Record<string, unknown>, context: Record<string, unknown>) => {
        context.t0 = process.hrtime.bigint();
        return nextRequest(req);
      },
      onResponse: (status: number, _body: string, context: Record<string, unknown>) => {
        samples.push(Number(process.hrtime.bigint() - (context.t0 as bigint)) / 1e6);
        statuses[status] = (statuses[status] ?? 0) + 1;
      },
    },
  ],
});

samples.sort((a, b) => a - b);
const pct = (p: number) =>
  samples[Math.min(samples.length - 1, Math.floor((p / 100) * samples.length))] ?? NaN;
const out: TLoadResult = {
  requests: samples.length,
  rps: samples.length / spec.durationSec,
  p50: pct(50),
  p95: pct(95),
  p99: pct(99),
  statuses,
  errors: result.errors + result.timeouts,
};
process.stdout.write(`${JSON.stringify(out)}\n`);
