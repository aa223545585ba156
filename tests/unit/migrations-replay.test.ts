import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrationsList } from '../../src/server/migrations/index.ts';

const DIR = 'src/server/migrations';
const files = fs.readdirSync(DIR).filter((f) => /^migration-.*\.ts$/.test(f));

describe('migrations carry the SQL of their own time (docs/upgrades.md#migrations)', () => {
  it('read no file and import nothing of the app: what they run never changes after them', () => {
    for (const f of files) {
      const text = fs.readFileSync(path.join(DIR, f), 'utf8');
      const imports = [...text.matchAll(/^import .* from '([^']+)';$/gm)].map((m) => m[1]);
      expect(imports, f).toEqual(['@mikro-orm/migrations']);
      expect(text, f).not.toMatch(/readFileSync|readFile\(|import\.meta\.url|require\(/);
    }
  });

  it('are all listed, in the order of their names', () => {
    expect(migrationsList.map((m) => `${m.name}.ts`)).toEqual([...files].sort());
  });
});
