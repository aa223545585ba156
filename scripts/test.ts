/**
 * `npm test`: everything CI runs, in order — typecheck, lint, unit + integration + API tests on real
 * PostgreSQL, the client build, and the Playwright suite in Chromium. Stops at the first red step and
 * closes with one summary line.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

interface TStep {
  name: string;
  /** Run in order; the step fails at the first command that fails. */
  cmds: string[][];
}

const steps: TStep[] = [
  {
    // One program per environment (tsconfig.json references them): browser, Node, and tests of both.
    name: 'typecheck',
    cmds: ['client', 'server', 'tests'].map((p) => ['tsc', '--noEmit', '-p', `tsconfig.${p}.json`]),
  },
  { name: 'lint', cmds: [['eslint', '--max-warnings', '0', '.']] },
  { name: 'format check', cmds: [['prettier', '--check', '--log-level', 'warn', '.']] },
  {
    name: 'unit, integration and API tests',
    cmds: [
      [
        'vitest',
        'run',
        '--reporter=default',
        '--reporter=json',
        '--outputFile.json=test-results/vitest.json',
      ],
    ],
  },
  { name: 'client build', cmds: [['vite', 'build', '--logLevel', 'warn']] },
  { name: 'end-to-end tests (Playwright, Chromium)', cmds: [['playwright', 'test']] },
];

const only = process.argv.slice(2);
fs.mkdirSync('test-results', { recursive: true });
const started = Date.now();
const timings: string[] = [];
for (const step of steps) {
  if (only.length > 0 && !only.some((o) => step.name.includes(o))) continue;
  const t0 = Date.now();
  console.log(`\n━━ ${step.name} ━━`);
  let res: ReturnType<typeof spawnSync> | undefined;
  for (const cmd of step.cmds) {
    const [bin, ...args] = cmd as [string, ...string[]];
    res = spawnSync(bin, args, {
      stdio: 'inherit',
      env: { ...process.env, CI: process.env.CI ?? 'true' },
    });
    if (res.status !== 0) break;
  }
  const secs = ((Date.now() - t0) / 1000).toFixed(1);
  timings.push(`${step.name}: ${secs}s`);
  if (res && res.status !== 0) {
    console.error(`\n✗ ${step.name} failed (exit ${res.status ?? res.signal}) after ${secs}s`);
    summary(false);
    process.exit(res.status ?? 1);
  }
}
summary(true);

function summary(ok: boolean): void {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  try {
    const v = JSON.parse(fs.readFileSync('test-results/vitest.json', 'utf8')) as {
      numPassedTests: number;
      numFailedTests: number;
      numPendingTests: number;
      numTodoTests: number;
    };
    passed += v.numPassedTests;
    failed += v.numFailedTests;
    skipped += v.numPendingTests + v.numTodoTests;
  } catch {
    /* vitest did not run */
  }
  try {
    const e = JSON.parse(fs.readFileSync('test-results/e2e.json', 'utf8')) as {
      stats: { expected: number; unexpected: number; flaky: number; skipped: number };
    };
    passed += e.stats.expected + e.stats.flaky;
    failed += e.stats.unexpected;
    skipped += e.stats.skipped;
  } catch {
    /* playwright did not run */
  }
  console.log(`\n${timings.join(' · ')} · total ${((Date.now() - started) / 1000).toFixed(1)}s`);
  console.log(
    `${ok && failed === 0 ? 'tests' : 'FAILED'}: ${passed} passed, ${failed} failed, ${skipped} skipped`,
  );
}
