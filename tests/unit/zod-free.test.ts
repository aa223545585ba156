import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Shared modules that say they are free of zod stay so, with everything they import: the pages that
 * read their words on a first render would otherwise build schemas they never use first.
 */
const shared = path.resolve('src/shared');

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? sourceFiles(path.join(dir, e.name)) : [path.join(dir, e.name)]))
    .filter((f) => f.endsWith('.ts'));
}

/** Every module `file` imports as a value (type-only imports load nothing), followed through the tree. */
function valueImports(file: string, seen = new Set<string>()): Set<string> {
  const text = fs.readFileSync(file, 'utf8');
  for (const m of text.matchAll(/^(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm)) {
    const spec = m[1] ?? '';
    const target = spec.startsWith('#shared/')
      ? path.join(shared, spec.slice('#shared/'.length))
      : spec.startsWith('.')
        ? path.resolve(path.dirname(file), spec)
        : spec;
    if (seen.has(target)) continue;
    seen.add(target);
    if (path.isAbsolute(target)) valueImports(target, seen);
  }
  return seen;
}

const zodFree = sourceFiles(shared).filter((f) => /free of zod/i.test(fs.readFileSync(f, 'utf8')));

describe('modules free of zod', () => {
  it('finds the modules that say so', () => {
    expect(zodFree.map((f) => path.relative(shared, f))).toContain('schemas/task-labels.ts');
  });

  it.each(zodFree.map((f) => [path.relative(shared, f), f]))('%s imports no zod', (_name, file) => {
    const loaded = [...valueImports(file)];
    expect(loaded.filter((spec) => spec === 'zod' || spec.startsWith('zod/'))).toEqual([]);
  });
});
