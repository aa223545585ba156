import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { appRouter } from '../../src/server/router.ts';
import { TEST_ADMIN } from '../support/constants.ts';
import { createProperty } from '../support/fixtures.ts';
import { startTestServer, type TTestServer } from '../support/server.ts';

/**
 * Hostile input for every procedure of the router, on both transports: tRPC (`/trpc/<path>`) and, for
 * a procedure with OpenAPI meta, its REST path under /api. Everything is derived from the router
 * (`appRouter._def.procedures`, each one's input schema and `meta.openapi`), never from a hand-kept
 * list, so a new procedure or field is covered the day it is added.
 *
 * Each procedure gets one request per (field, value case) with the hostile value alone in its field,
 * and one per whole-input case. No answer may be a 5xx or leak a stack; a value case marked `refused`
 * must be answered 400 with an issue at that field (or at an enclosing key, for unions and arrays).
 * Nothing is written: the tables are the same after the run as before it.
 *
 * To add a case: a value for fields of some kinds (VALUE_CASES), a whole input (INPUT_CASES), or a raw
 * request of your own (RAW_CASES: method, body and headers per transport and procedure).
 */

type TKind = 'string' | 'integer' | 'number' | 'boolean' | 'other';

interface TField {
  /** Where the value goes: ['contactInfo', 'name'], or ['ids', '0'] for an array's item. */
  path: string[];
  kind: TKind;
}

interface TProcedure {
  path: string;
  type: 'query' | 'mutation';
  openapi: { method: string; path: string } | null;
  fields: TField[];
  /** A file procedure: the tRPC transport refuses it whole (404), before its input is read. */
  file: boolean;
}

/** A value sent in one field. `query` is how a query string or path carries it (null: it cannot). */
interface TValueCase {
  name: string;
  kinds: TKind[];
  value: unknown;
  query: string | string[] | null;
  /** Must be answered 400 naming the field: on every transport, or only where types survive (JSON). */
  refused: 'always' | 'json' | false;
}

const VALUE_CASES: TValueCase[] = [
  { name: 'NUL', kinds: ['string'], value: 'a\u0000b', query: 'a\u0000b', refused: 'always' },
  { name: 'lone high surrogate', kinds: ['string'], value: 'a\ud800b', query: null, refused: 'always' },
  { name: 'lone low surrogate', kinds: ['string'], value: '\udc00', query: null, refused: 'always' },
  {
    name: 'escape sequence',
    kinds: ['string'],
    value: 'a\u001b[31m',
    query: 'a\u001b[31m',
    refused: 'always',
  },
  { name: 'number for a string', kinds: ['string'], value: 12, query: null, refused: 'json' },
  { name: 'object for a string', kinds: ['string'], value: { a: 1 }, query: null, refused: 'json' },
  {
    name: 'huge string',
    kinds: ['string'],
    value: 'A'.repeat(20_000),
    query: 'A'.repeat(2_000),
    refused: false,
  },
  { name: 'boolean', kinds: ['integer', 'number'], value: true, query: 'true', refused: 'always' },
  { name: 'array', kinds: ['integer', 'number'], value: [21], query: ['21', '21'], refused: 'always' },
  { name: 'hex string', kinds: ['integer', 'number'], value: '0x15', query: '0x15', refused: 'always' },
  { name: 'exponent string', kinds: ['integer', 'number'], value: '1e1', query: '1e1', refused: 'always' },
  { name: 'decimal string', kinds: ['integer'], value: '21.0', query: '21.0', refused: 'always' },
  { name: 'object', kinds: ['integer', 'number', 'boolean'], value: {}, query: null, refused: 'json' },
  // Every number a procedure takes fits PostgreSQL's integer (docs/rest-contract.md#integers), so any
  // value past it is the caller's error, never a 500 from the database.
  { name: 'huge number', kinds: ['integer', 'number'], value: 1e308, query: '1e308', refused: 'always' },
  {
    name: 'int4 overflow',
    kinds: ['integer', 'number'],
    value: 2 ** 31,
    query: '2147483648',
    refused: 'always',
  },
  {
    name: 'int4 underflow',
    kinds: ['integer', 'number'],
    value: -(2 ** 31) - 1,
    query: '-2147483649',
    refused: 'always',
  },
  { name: 'negative', kinds: ['integer', 'number'], value: -1, query: '-1', refused: false },
  { name: 'number for a boolean', kinds: ['boolean'], value: 1, query: '1', refused: 'always' },
  { name: 'word for a boolean', kinds: ['boolean'], value: 'yes', query: 'yes', refused: 'always' },
  { name: 'anything', kinds: ['other'], value: 'a\u0000', query: 'a\u0000', refused: false },
];

/** Whole inputs of the wrong shape. */
const INPUT_CASES: { name: string; value: unknown }[] = [
  { name: 'boolean input', value: true },
  { name: 'string input', value: 'a\u0000' },
  { name: 'array input', value: [1, 2] },
  { name: 'number input', value: 1e308 },
];

interface TRawRequest {
  method: string;
  url: string;
  body?: string | Buffer;
  headers?: Record<string, string>;
}

/** Requests built by hand for a transport and a procedure (null: none for it). */
const RAW_CASES: {
  name: string;
  build: (p: TProcedure, transport: TTransport) => TRawRequest | null;
}[] = [
  {
    name: 'malformed JSON',
    build: (p, t) =>
      t === 'trpc'
        ? p.type === 'mutation'
          ? { method: 'POST', url: `/trpc/${p.path}`, body: '{"json": {' }
          : { method: 'GET', url: `/trpc/${p.path}?input=%7B%22json%22%3A` }
        : p.openapi && !['GET', 'DELETE'].includes(p.openapi.method)
          ? { method: p.openapi.method, url: `/api${restPath(p, {})}`, body: '{"a": [' }
          : null,
  },
];

type TTransport = 'trpc' | 'rest';

interface TAnswer {
  status: number;
  text: string;
  /** The issue paths of a refused input, as `contactInfo.name`. */
  issuePaths: string[];
}

let srv: TTestServer;
let adminCookie = '';
let stateClient: pg.Client;
const procedures: TProcedure[] = [];

function kindOf(s: Record<string, unknown>): TKind | 'object' | 'array' {
  const anyOf = (s.anyOf ?? s.oneOf) as Record<string, unknown>[] | undefined;
  if (anyOf) {
    const kinds = anyOf.map(kindOf);
    return kinds.includes('string') ? 'string' : 'other';
  }
  const type = s.type;
  if (type === 'string' || type === 'integer' || type === 'number' || type === 'boolean') return type;
  if (type === 'object') return 'object';
  if (type === 'array') return 'array';
  return 'other';
}

/** The leaf fields of an input's JSON schema: nested objects walked, an array's items as `.0`. */
function fieldsOf(schema: Record<string, unknown>, prefix: string[] = []): TField[] {
  const props = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
  return Object.entries(props).flatMap(([key, prop]): TField[] => {
    const path = [...prefix, key];
    const kind = kindOf(prop);
    if (kind === 'object') return fieldsOf(prop, path);
    if (kind === 'array') {
      const items = (prop.items ?? {}) as Record<string, unknown>;
      const itemKind = kindOf(items);
      if (itemKind === 'object') return fieldsOf(items, [...path, '0']);
      return [{ path: [...path, '0'], kind: itemKind === 'array' ? 'other' : itemKind }];
    }
    return [{ path, kind }];
  });
}

function discoverProcedures(): TProcedure[] {
  // The router's flat map of procedures by path; its declared type is the nested router record.
  const all = appRouter._def.procedures as unknown as Record<
    string,
    {
      _def: {
        type: 'query' | 'mutation';
        inputs: z.ZodType[];
        meta?: { openapi?: { method: string; path: string }; file?: boolean };
      };
    }
  >;
  return Object.entries(all).map(([path, proc]) => {
    const input = proc._def.inputs[0];
    const json = input
      ? (z.toJSONSchema(input, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>)
      : {};
    const openapi = proc._def.meta?.openapi;
    return {
      path,
      type: proc._def.type,
      openapi: openapi ? { method: openapi.method.toUpperCase(), path: openapi.path } : null,
      fields: fieldsOf(json),
      file: proc._def.meta?.file === true,
    };
  });
}

/** Builds `{ contactInfo: { name: value } }` from a field's path; `.0` makes an array. */
function inputWith(path: string[], value: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return value;
  const inner = inputWith(rest, value);
  return head === '0' ? [inner] : { [head]: inner };
}

function pathParams(p: TProcedure): string[] {
  return [...(p.openapi?.path.matchAll(/\{(\w+)\}/g) ?? [])].map((m) => m[1] as string);
}

/** The REST path with its parameters: the given (already encoded) values, '1' for the others. */
function restPath(p: TProcedure, params: Record<string, string>): string {
  return (p.openapi?.path ?? '').replace(/\{(\w+)\}/g, (_m, name: string) => params[name] ?? '1');
}

function trpcRequest(p: TProcedure, input: unknown): TRawRequest {
  const payload = JSON.stringify({ json: input });
  return p.type === 'query'
    ? { method: 'GET', url: `/trpc/${p.path}?input=${encodeURIComponent(payload)}` }
    : { method: 'POST', url: `/trpc/${p.path}`, body: payload };
}

/**
 * The REST request for one hostile field (or a whole input): path parameters and, for GET and DELETE,
 * query fields carry the case's `query` form; other methods send JSON. Null when it cannot be carried.
 */
function restRequest(p: TProcedure, field: TField | null, c: { value: unknown; query: TValueCase['query'] }) {
  if (!p.openapi) return null;
  const { method } = p.openapi;
  const inUrl = method === 'GET' || method === 'DELETE';
  const top = field?.path[0];
  const params = pathParams(p);
  if (!field) {
    if (inUrl) return null;
    return { method, url: `/api${restPath(p, {})}`, body: JSON.stringify(c.value) };
  }
  if (top !== undefined && params.includes(top)) {
    if (field.path.length > 1 || typeof c.query !== 'string') return null;
    return {
      method,
      url: `/api${restPath(p, { [top]: encodeURIComponent(c.query) })}`,
      ...(inUrl ? {} : { body: '{}' }),
    };
  }
  if (inUrl) {
    // A query string carries flat fields only (an array field repeats its key).
    const isItem = field.path.length === 2 && field.path[1] === '0';
    if ((field.path.length > 1 && !isItem) || c.query === null || top === undefined) return null;
    const qs = new URLSearchParams();
    for (const v of Array.isArray(c.query) ? c.query : [c.query]) qs.append(top, v);
    return { method, url: `/api${restPath(p, {})}?${qs.toString()}` };
  }
  return { method, url: `/api${restPath(p, {})}`, body: JSON.stringify(inputWith(field.path, c.value)) };
}

async function send(req: TRawRequest): Promise<TAnswer> {
  const res = await fetch(`${srv.url}${req.url}`, {
    method: req.method,
    headers: {
      cookie: adminCookie,
      ...(req.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...req.headers,
    },
    body: req.body,
  });
  const text = await res.text();
  let issuePaths: string[] = [];
  try {
    const body = JSON.parse(text) as {
      data?: { issues?: { path: string }[] };
      issues?: { path: string }[];
      error?: { json?: { data?: { issues?: { path: string }[] } } };
    };
    const issues = body.error?.json?.data?.issues ?? body.data?.issues ?? body.issues ?? [];
    issuePaths = issues.map((i) => i.path);
  } catch {
    issuePaths = [];
  }
  return { status: res.status, text, issuePaths };
}

/** An issue at the field itself, or at one of its enclosing keys (a union or an array as a whole). */
function namesField(answer: TAnswer, field: TField): boolean {
  const full = field.path.join('.');
  return answer.issuePaths.some((p) => p !== '' && (p === full || full.startsWith(`${p}.`)));
}

async function tableState(): Promise<string> {
  const { rows } = await stateClient.query<{ s: string }>(
    `select concat_ws('|',
       (select count(*) from users), (select count(*) from properties), (select count(*) from bookings),
       (select count(*) from reviews), (select count(*) from categories), (select count(*) from calendar_blocks),
       (select md5(coalesce(string_agg(p::text, ',' order by id), '')) from properties p),
       (select md5(coalesce(string_agg(u::text, ',' order by id), '')) from users u),
       (select md5(coalesce(string_agg(c::text, ',' order by id), '')) from categories c),
       (select md5(s::text) from settings s where id = 1)) as s`,
  );
  return rows[0]?.s ?? '';
}

/** Runs `jobs` a few at a time: enough to keep the run short, few enough for a 2-core CI machine. */
async function inParallel<T>(items: T[], limit: number, run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) await run(items[next++] as T);
    }),
  );
}

beforeAll(async () => {
  srv = await startTestServer();
  stateClient = new pg.Client({ connectionString: srv.db.url });
  await stateClient.connect();
  await createProperty(srv.db.em(), { title: 'Fuzz target' });
  const login = await fetch(`${srv.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(TEST_ADMIN),
  });
  adminCookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  procedures.push(...discoverProcedures());
}, 60_000);

afterAll(async () => {
  await stateClient?.end();
  await srv?.close();
});

describe('hostile input on every procedure, over /trpc and /api', () => {
  it('finds the procedures, their fields and their REST paths in the router', () => {
    expect(procedures.length).toBeGreaterThan(50);
    expect(procedures.filter((p) => p.openapi).length).toBeGreaterThan(50);
    const booking = procedures.find((p) => p.path === 'bookings.create');
    expect(booking?.fields).toEqual(
      expect.arrayContaining([
        { path: ['propertyId'], kind: 'integer' },
        { path: ['contactInfo', 'name'], kind: 'string' },
      ]),
    );
    expect(adminCookie).toMatch(/^stayhub_session=/);
  });

  it('never answers 5xx, and refuses bad values with 400 naming the field', async () => {
    const before = await tableState();
    const started = Date.now();
    const failures: string[] = [];
    const requests: { label: string; req: TRawRequest; field?: TField; mustRefuse: boolean }[] = [];
    for (const p of procedures) {
      for (const field of p.fields) {
        for (const c of VALUE_CASES.filter((v) => v.kinds.includes(field.kind))) {
          const label = `${p.path} ${field.path.join('.')} ← ${c.name}`;
          requests.push({
            label: `trpc ${label}`,
            req: trpcRequest(p, inputWith(field.path, c.value)),
            field,
            mustRefuse: c.refused !== false && !p.file,
          });
          const rest = restRequest(p, field, c);
          if (rest) {
            const typed = !!rest.body && rest.body !== '{}';
            // The adapter hands a path parameter over still percent-encoded: `%00` arrives as three characters.
            const rawPathText = field.kind === 'string' && pathParams(p).includes(field.path[0] ?? '');
            requests.push({
              label: `rest ${label}`,
              req: rest,
              field,
              mustRefuse: !rawPathText && (c.refused === 'always' || (c.refused === 'json' && typed)),
            });
          }
        }
      }
      // Over REST a body's fields are spread into the input, so a whole input of the wrong type is a tRPC case.
      for (const c of INPUT_CASES)
        requests.push({
          label: `trpc ${p.path} ← ${c.name}`,
          req: trpcRequest(p, c.value),
          mustRefuse: false,
        });
      for (const raw of RAW_CASES) {
        for (const t of ['trpc', 'rest'] as const) {
          const req = raw.build(p, t);
          if (req) requests.push({ label: `${t} ${p.path} ← ${raw.name}`, req, mustRefuse: false });
        }
      }
    }

    await inParallel(requests, 6, async ({ label, req, field, mustRefuse }) => {
      const answer = await send(req);
      const where = `${label}: ${req.method} ${req.url.slice(0, 160)} → ${answer.status} ${answer.text.slice(0, 200)}`;
      if (answer.status >= 500) failures.push(`5xx ${where}`);
      else if (/\n\s+at |node_modules|src\/server|\.ts:\d+/.test(answer.text))
        failures.push(`stack ${where}`);
      else if (mustRefuse && field && (answer.status !== 400 || !namesField(answer, field)))
        failures.push(`not refused at the field: ${where}`);
    });
    if (process.env.FUZZ_VERBOSE) console.log(`${requests.length} requests in ${Date.now() - started} ms`);
    expect(failures).toEqual([]);
    expect(requests.length).toBeGreaterThan(1000);
    expect(await tableState(), 'a refused request wrote').toBe(before);
  }, 300_000);
});
