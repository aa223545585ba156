import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN } from '../support/constants.ts';
import { createProperty } from '../support/fixtures.ts';
import { startTestServer, type TTestServer } from '../support/server.ts';

/**
 * Hostile input for every REST path in the generated OpenAPI document: wrong types, missing fields,
 * huge strings and numbers, unicode and control characters, SQL and HTML payloads, negative and
 * non-integer ids. No answer may be a 5xx or leak a stack trace, and a refused request writes nothing.
 */
// 300 a path keeps the suite short as paths are added; FUZZ_RUNS=5000 for a deeper run.
const RUNS_PER_OPERATION = Number(process.env.FUZZ_RUNS ?? 300);

interface TOperation {
  method: string;
  path: string;
  pathParams: string[];
  queryParams: string[];
  bodyFields: string[];
}

let srv: TTestServer;
let adminCookie = '';
let operations: TOperation[] = [];

const payloads = fc.constantFrom(
  "' OR '1'='1",
  '1; DROP TABLE users; --',
  "admin'--",
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '{{7*7}}',
  '${jndi:ldap://x}',
  '../../etc/passwd',
  '\u0000',
  '\u202e\u0007\u001b[31m',
  '😀👨‍👩‍👧‍👦',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1.5',
  '1e309',
  '9007199254740993',
  '',
  ' ',
  'null',
  'data:image/jpeg;base64,SGVsbG8=',
  'data:video/mp4;base64,AAAA',
);

const hugeString = fc.integer({ min: 3, max: 6 }).map((n) => 'A'.repeat(10 ** n));
const hostile: fc.Arbitrary<unknown> = fc.oneof(
  payloads,
  fc.string({ unit: 'binary', maxLength: 40 }),
  hugeString,
  fc.integer(),
  fc.integer({ min: -2_147_483_648, max: -1 }),
  fc.double(),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 1e308, 2 ** 31, 0.5),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(payloads, fc.integer()), { maxLength: 25 }),
  fc.dictionary(fc.string({ maxLength: 5 }), payloads, { maxKeys: 3 }),
);

const idSegment = fc.oneof(
  fc.constantFrom(
    '-1',
    '0',
    '1.5',
    '1e3',
    'abc',
    "1' OR '1'='1",
    '<b>1</b>',
    '99999999999999999999',
    '2147483648',
    'NaN',
    '%00',
  ),
  fc.integer({ min: -1_000_000, max: -1 }).map(String),
  fc.double({ noNaN: true }).map(String),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 20 }),
);

function requestFor(op: TOperation) {
  const body = fc.oneof(
    {
      weight: 3,
      arbitrary: fc.record(Object.fromEntries(op.bodyFields.map((f) => [f, hostile])), { requiredKeys: [] }),
    },
    { weight: 1, arbitrary: hostile },
  );
  const query = fc.record(Object.fromEntries(op.queryParams.map((q) => [q, hostile])), { requiredKeys: [] });
  return fc.record({
    ids: fc.tuple(...op.pathParams.map(() => idSegment)),
    query,
    body,
    asAdmin: fc.boolean(),
  });
}

let stateClient: pg.Client;

async function tableState(): Promise<string> {
  const { rows } = await stateClient.query<{ s: string }>(
    `select concat_ws('|',
       (select count(*) from users), (select count(*) from properties), (select count(*) from bookings),
       (select count(*) from reviews), (select count(*) from categories),
       (select md5(coalesce(string_agg(p::text, ',' order by id), '')) from properties p),
       (select md5(coalesce(string_agg(b::text, ',' order by id), '')) from bookings b),
       (select md5(coalesce(string_agg(c::text, ',' order by id), '')) from categories c),
       (select md5(s::text) from settings s where id = 1)) as s`,
  );
  return rows[0]?.s ?? '';
}

beforeAll(async () => {
  srv = await startTestServer();
  stateClient = new pg.Client({ connectionString: srv.db.url });
  await stateClient.connect();
  const em = srv.db.em();
  await createProperty(em, { title: 'Fuzz target' });
  const login = await fetch(`${srv.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(TEST_ADMIN),
  });
  adminCookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const doc = (await (await fetch(`${srv.url}/api/openapi.json`)).json()) as {
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: { name: string; in: string }[];
          requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
        }
      >
    >;
  };
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      pathParams: (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
      queryParams: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
      bodyFields: Object.keys(op.requestBody?.content?.['application/json']?.schema?.properties ?? {}),
    })),
  );
}, 60_000);

afterAll(async () => {
  await stateClient?.end();
  await srv.close();
});

describe('hostile input on every REST path', () => {
  it('covers the documented paths', () => {
    expect(operations.length).toBeGreaterThanOrEqual(4);
  });

  it('never answers 5xx, never leaks a stack, and writes nothing when it refuses', async () => {
    for (const op of operations) {
      const started = Date.now();
      const mutating = op.method !== 'GET';
      await fc.assert(
        fc.asyncProperty(requestFor(op), async ({ ids, query, body, asAdmin }) => {
          let p = op.path;
          op.pathParams.forEach((name, i) => {
            p = p.replace(`{${name}}`, encodeURIComponent(String(ids[i])));
          });
          const qs = new URLSearchParams();
          for (const [k, v] of Object.entries(query))
            qs.set(k, typeof v === 'string' ? v : JSON.stringify(v));
          const url = `${srv.url}/api${p}${qs.size ? `?${qs.toString()}` : ''}`;
          const before = mutating ? await tableState() : '';
          const res = await fetch(url, {
            method: op.method,
            headers: {
              ...(mutating ? { 'content-type': 'application/json' } : {}),
              ...(asAdmin && adminCookie ? { cookie: adminCookie } : {}),
            },
            body: mutating ? JSON.stringify(body) : undefined,
          });
          const text = await res.text();
          const where = `${op.method} ${url.slice(0, 200)} → ${res.status} ${text.slice(0, 300)}`;
          expect(res.status, where).toBeLessThan(500);
          expect(text, where).not.toMatch(/\n\s+at |node_modules|src\/server|\.ts:\d+/);
          if (mutating && res.status >= 400)
            expect(await tableState(), `wrote on refusal: ${where}`).toBe(before);
        }),
        { numRuns: RUNS_PER_OPERATION, seed: Number(process.env.FUZZ_SEED ?? 20261122), endOnFailure: true },
      );
      if (process.env.FUZZ_VERBOSE)
        console.log(`${op.method} ${op.path}: ${RUNS_PER_OPERATION} inputs in ${Date.now() - started} ms`);
    }
  }, 900_000);
});
