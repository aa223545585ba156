import fs from 'node:fs';
import path from 'node:path';
import { createConfig, lintFromString, type NormalizedProblem } from '@redocly/openapi-core';
import { normalizePath } from 'trpc-to-openapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { INT4_MAX, INT4_MIN } from '../../src/shared/schemas/common.ts';
import { openApiDocument, SCHEMA_MODULES } from '../../src/server/openapi.ts';
import { metaOf, type TRouteMeta } from '../../src/server/route-meta.ts';
import { API_TAGS, appRouter } from '../../src/server/router.ts';
import { api, startTestServer, type TTestServer } from '../support/server.ts';

/**
 * The REST contract the document states, checked against the router it is generated from
 * (docs/rest-contract.md): who may call each operation, its tag, its words, its shared schemas, the
 * integer range of every input, and Redocly's `recommended` rules with nothing to report.
 */

type TJson = Record<string, unknown>;
interface TOperation {
  operationId: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: TJson[];
  parameters?: TJson[];
  requestBody?: TJson;
  responses: TJson;
}

const procedures = Object.entries(
  appRouter._def.procedures as unknown as Record<string, { _def: { inputs: z.ZodType[]; meta?: unknown } }>,
).map(([name, procedure]) => ({ name, meta: metaOf(procedure), inputs: procedure._def.inputs }));
const restProcedures = procedures.filter(
  (p): p is typeof p & { meta: TRouteMeta & { openapi: NonNullable<TRouteMeta['openapi']> } } =>
    !!p.meta.openapi,
);

const doc = openApiDocument() as unknown as {
  tags: { name: string; description?: string }[];
  paths: Record<string, Record<string, TOperation>>;
  components: { schemas: Record<string, TJson> };
};
const operationOf = (meta: { openapi: NonNullable<TRouteMeta['openapi']> }): TOperation | undefined =>
  doc.paths[normalizePath(meta.openapi.path)]?.[meta.openapi.method.toLowerCase()];

let srv: TTestServer;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(async () => {
  await srv?.close();
});

describe('the REST contract, derived from the router', () => {
  it('serves the generated document: public reads need no credentials, the back office needs the session', async () => {
    const served = await api(srv.url, 'GET', '/api/openapi.json');
    expect(served.status).toBe(200);
    const paths = (served.body as typeof doc).paths;
    expect(paths['/properties']?.get?.security).toEqual([]);
    expect(paths['/admin/payments']?.get?.security).toEqual([{ session: [] }]);
    expect(paths['/admin/payments']?.get?.responses).toHaveProperty('401');
    expect(paths['/properties']?.get?.responses).not.toHaveProperty('401');
  });

  it("states each operation's security requirement from its procedure's access", () => {
    expect(restProcedures.length).toBeGreaterThan(100);
    for (const { name, meta } of restProcedures) {
      const op = operationOf(meta);
      expect(op, name).toBeDefined();
      const access = meta.access ?? 'public';
      expect(op?.security, `${name} (${access})`).toEqual(access === 'public' ? [] : [{ session: [] }]);
    }
  });

  it("tags each operation with its router's key, and declares every key with a description", () => {
    for (const { name, meta } of restProcedures)
      expect(operationOf(meta)?.tags, name).toEqual([name.split('.')[0]]);
    expect(doc.tags.map((t) => t.name).sort()).toEqual(Object.keys(appRouter._def.record).sort());
    expect(Object.keys(API_TAGS).sort()).toEqual(Object.keys(appRouter._def.record).sort());
    for (const tag of doc.tags) expect(tag.description?.trim().length ?? 0, tag.name).toBeGreaterThan(10);
  });

  it('gives every operation a summary and a description of its own', () => {
    const missing = restProcedures
      .filter(({ meta }) => !meta.openapi.summary?.trim() || !meta.openapi.description?.trim())
      .map(({ name }) => name);
    expect(missing).toEqual([]);
    const descriptions = restProcedures.map(({ meta }) => meta.openapi.description);
    expect(new Set(descriptions).size, 'a description copied to another operation').toBe(descriptions.length);
    for (const { name, meta } of restProcedures)
      expect(meta.openapi.description, name).not.toBe(meta.openapi.summary);
  });

  it('refers to the shared schemas as components instead of repeating them', () => {
    const schemas = doc.components.schemas;
    for (const name of ['Property', 'PropertyCard', 'Money', 'IsoDate', 'Review', 'Category', 'User'])
      expect(schemas, name).toHaveProperty(name);
    const answer = (p: string, m: string) =>
      (doc.paths[p]?.[m]?.responses['200'] as { content: { 'application/json': { schema: TJson } } }).content[
        'application/json'
      ].schema;
    expect(answer('/properties/{id}', 'get')).toEqual({ $ref: '#/components/schemas/Property' });
    expect(answer('/properties/{id}/reviews', 'get')).toEqual({
      type: 'array',
      items: { $ref: '#/components/schemas/Review' },
    });
    // Per operation, so a new endpoint does not move the bar: with only the error shapes as components
    // the document was 366 KB of JSON, without descriptions; with the shared schemas as components and
    // every description it is 297 KB for 180 operations, 1.65 KB each.
    const operations = Object.values(doc.paths).reduce((n, item) => n + Object.keys(item ?? {}).length, 0);
    expect(JSON.stringify(doc).length / operations).toBeLessThan(1_800);
  });

  it('takes its components from every module of src/shared/schemas', () => {
    const dir = path.join(import.meta.dirname, '../../src/shared/schemas');
    const files = fs.readdirSync(dir).filter((f) => f.endsWith('.ts'));
    const camel = (f: string) => f.replace(/\.ts$/, '').replace(/-(\w)/g, (_m, c: string) => c.toUpperCase());
    expect(Object.keys(SCHEMA_MODULES).sort()).toEqual(files.map(camel).sort());
  });

  it("passes Redocly's recommended rules with nothing to report", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({
      source: JSON.stringify(doc),
      absoluteRef: 'openapi.json',
      config,
    });
    const reported = problems.filter((p) => !inapplicable(p)).map(describeProblem);
    expect(reported).toEqual([]);
  });

  it('bounds every number a procedure takes to PostgreSQL integer', () => {
    const unbounded: string[] = [];
    for (const { name, inputs } of procedures) {
      for (const input of inputs) {
        const json = z.toJSONSchema(input, { io: 'input', unrepresentable: 'any' }) as TJson;
        walkNumbers(json, [name], json, unbounded);
      }
    }
    expect(unbounded).toEqual([]);
  });
});

/** Each numeric field of a JSON schema whose stated range reaches past PostgreSQL's integer. */
function walkNumbers(node: unknown, at: string[], root: TJson, out: string[]): void {
  if (!node || typeof node !== 'object') return;
  const s = node as TJson;
  if (typeof s.$ref === 'string') {
    const defs = (root.$defs ?? {}) as TJson;
    return walkNumbers(defs[s.$ref.split('/').pop() ?? ''], at, root, out);
  }
  for (const key of ['anyOf', 'oneOf', 'allOf'])
    for (const branch of (s[key] as unknown[] | undefined) ?? []) walkNumbers(branch, at, root, out);
  if (s.type === 'integer' || s.type === 'number') {
    const max = (s.maximum ?? s.exclusiveMaximum) as number | undefined;
    const min = (s.minimum ?? s.exclusiveMinimum) as number | undefined;
    if (max === undefined || max > INT4_MAX || min === undefined || min < INT4_MIN)
      out.push(`${at.join('.')}: ${s.type} from ${min} to ${max}`);
  }
  for (const [key, prop] of Object.entries((s.properties ?? {}) as TJson))
    walkNumbers(prop, [...at, key], root, out);
  if (s.items) walkNumbers(s.items, [...at, '0'], root, out);
  if (s.additionalProperties && typeof s.additionalProperties === 'object')
    walkNumbers(s.additionalProperties, [...at, '*'], root, out);
}

function describeProblem(p: NormalizedProblem): string {
  return `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? '?'}`;
}

/**
 * The two places a recommended rule does not fit, each decided from the document itself, never from a
 * list of paths (docs/rest-contract.md#redocly):
 * - `operation-4xx-response` on an operation that takes no input and needs no credentials: nothing
 *   a caller sends can make it answer 4xx, so declaring one would be untrue.
 * - `no-ambiguous-paths` between two paths where one's integer path parameter faces the other's word
 *   (`/bookings/{id}/detail` and `/bookings/mine/{id}`): no request can match both.
 */
function inapplicable(p: NormalizedProblem): boolean {
  const pointer = p.location[0]?.pointer ?? '';
  if (p.ruleId === 'operation-4xx-response') {
    const [, rawPath, method] = pointer.match(/^#\/paths\/([^/]+)\/(\w+)\/responses$/) ?? [];
    const op = doc.paths[(rawPath ?? '').replaceAll('~1', '/').replaceAll('~0', '~')]?.[method ?? ''];
    return !!op && !op.parameters?.length && !op.requestBody && op.security?.length === 0;
  }
  if (p.ruleId === 'no-ambiguous-paths') {
    const [, a, b] = p.message.match(/`([^`]+)` and `([^`]+)`/) ?? [];
    return !!a && !!b && (typedApart(a, b) || typedApart(b, a));
  }
  return false;
}

/** True when some segment of `a` is an integer path parameter where `b` has a word that is no number. */
function typedApart(a: string, b: string): boolean {
  const sa = a.split('/');
  const sb = b.split('/');
  return sa.some((segment, i) => {
    const name = segment.match(/^\{(\w+)\}$/)?.[1];
    const other = sb[i];
    if (!name || other === undefined || other.startsWith('{') || /^\d+$/.test(other)) return false;
    return Object.values(doc.paths[a] ?? {}).every((op) => {
      const param = op.parameters?.find((x) => x.in === 'path' && x.name === name);
      const schema = param?.schema as TJson | undefined;
      const resolved =
        typeof schema?.$ref === 'string'
          ? doc.components.schemas[schema.$ref.split('/').pop() ?? '']
          : schema;
      return resolved?.type === 'integer';
    });
  });
}
