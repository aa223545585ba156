import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '../../src/server/node-flags.ts';

describe('server node flags', () => {
  it('npm start and npm run serve run the server with the flags the benchmark measures', () => {
    const { scripts } = JSON.parse(fs.readFileSync('package.json', 'utf8')) as {
      scripts: Record<string, string>;
    };
    for (const name of ['start', 'serve']) {
      const words = (scripts[name] ?? '').split(/\s+/);
      expect(words[0], name).toBe('node');
      for (const flag of SERVER_NODE_FLAGS) expect(words, name).toContain(flag);
    }
  });
});
