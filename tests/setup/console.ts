import { afterEach, beforeEach } from 'vitest';

/**
 * A stray console.error or console.warn fails the test that printed it (vitest setupFiles): warnings
 * from React, libraries or our own code are bugs to fix, not noise to scroll past. A test that means
 * to provoke one says so with `allowConsole(/pattern/)`.
 */
type TKind = 'error' | 'warn';
const kinds: TKind[] = ['error', 'warn'];
const original = { error: console.error, warn: console.warn };
let seen: { kind: TKind; text: string }[] = [];
let allowed: RegExp[] = [];

export function allowConsole(pattern: RegExp): void {
  allowed.push(pattern);
}

beforeEach(() => {
  seen = [];
  allowed = [];
  for (const kind of kinds) {
    console[kind] = (...args: unknown[]) => {
      const text = args.map((a) => (a instanceof Error ? (a.stack ?? a.message) : String(a))).join(' ');
      if (!allowed.some((p) => p.test(text))) seen.push({ kind, text });
      original[kind](...args);
    };
  }
});

afterEach(() => {
  for (const kind of kinds) console[kind] = original[kind];
  if (seen.length > 0) {
    const list = seen.map((s) => `console.${s.kind}: ${s.text.slice(0, 500)}`).join('\n');
    seen = [];
    throw new Error(`The test printed to the console:\n${list}`);
  }
});
