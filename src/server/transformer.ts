import type { TRPCCombinedDataTransformer } from '@trpc/server';
import superjson from 'superjson';

/**
 * True when JSON carries the value unchanged: only plain objects, arrays, strings, booleans, null and finite
 * numbers other than -0. For such a value superjson's answer is `{ json: value }` with nothing to annotate.
 */
function isPlainJson(value: unknown): boolean {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(value) && !Object.is(value, -0);
    case 'object': {
      if (value === null) return true;
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) if (!(i in value) || !isPlainJson(value[i])) return false;
        return true;
      }
      const proto = Object.getPrototypeOf(value) as unknown;
      if (proto !== Object.prototype && proto !== null) return false;
      for (const key in value) if (!isPlainJson((value as Record<string, unknown>)[key])) return false;
      return true;
    }
    default:
      return false;
  }
}

/**
 * superjson on the wire both ways, so the browser's client is unchanged. An answer without dates, maps or
 * undefined skips superjson's walk, which copies the whole answer and records a path for every value: on
 * the browser's reads that walk was a large part of each call's cost (docs/request-pipeline.md#transformer).
 */
export const transformer: TRPCCombinedDataTransformer = {
  input: superjson,
  output: {
    serialize: (value: unknown) => (isPlainJson(value) ? { json: value } : superjson.serialize(value)),
    deserialize: (value: unknown) =>
      superjson.deserialize<unknown>(value as Parameters<typeof superjson.deserialize>[0]),
  },
};
