/**
 * `npm test`: everything CI runs, in order — typecheck, lint, unit + integration + API tests on real
 * PostgreSQL, the client build, and the Playwright suite in Chromium. Stops at the first red step and
 * closes with one summary line.
 *
 * It leaves nothing behind, whether the run passes, fails or is interrupted (SIGINT/SIGTERM): every
 * step runs with TMPDIR set to one folder for this run, so the suites' databases, data folders,
 * uploads and browser profiles all land there; at the end any PostgreSQL still running from that
 * folder is stopped and the folder is removed.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { recoverStalePidFile } from '../src/server/db/embedded-postgres.ts';

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

// The embedded PostgreSQL runs as its own user when we are root: it must be able to enter the folder.
const runTmp = fs.mkdtempSync(path.join(os.tmpdir(), 'stayhub-run-'));
fs.chmodSync(runTmp, 0o755);
const childEnv = { ...process.env, CI: process.env.CI ?? 'true', TMPDIR: runTmp };

let child: ReturnType<typeof spawn> | undefined;
let interrupted: NodeJS.Signals | undefined;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    // Pass it on and let the running step shut its servers down; the cleanup follows when it exits.
    interrupted = signal;
    child?.kill(signal);
  });
}

function run(cmd: string[]): Promise<number | NodeJS.Signals> {
  const [bin, ...args] = cmd as [string, ...string[]];
  return new Promise((resolve) => {
    child = spawn(bin, args, { stdio: 'inherit', env: childEnv });
    child.on('error', (err) => {
      console.error(`${bin}: ${err.message}`);
      resolve(127);
    });
    child.on('exit', (code, signal) => resolve(code ?? signal ?? 1));
  });
}

/** Stops every PostgreSQL whose data folder is inside this run's folder, then removes the folder. */
async function cleanUp(): Promise<void> {
  const pgdata: string[] = [];
  const walk = (dir: string, depth: number) => {
    if (depth > 6) return;
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    if (entries.some((e) => e.name === 'postmaster.pid')) pgdata.push(dir);
    for (const e of entries) if (e.isDirectory()) walk(path.join(dir, e.name), depth + 1);
  };
  walk(runTmp, 0);
  for (const dir of pgdata) {
    console.error(`stopping a PostgreSQL left running in ${dir}`);
    await recoverStalePidFile(dir).catch((err: unknown) => console.error(String(err)));
  }
  fs.rmSync(runTmp, { recursive: true, force: true });
}

let failure: { step: string; status: number | NodeJS.Signals; secs: string } | undefined;
try {
  for (const step of steps) {
    if (only.length > 0 && !only.some((o) => step.name.includes(o))) continue;
    const t0 = Date.now();
    console.log(`\n━━ ${step.name} ━━`);
    let status: number | NodeJS.Signals = 0;
    for (const cmd of step.cmds) {
      status = await run(cmd);
      if (status !== 0) break;
    }
    const secs = ((Date.now() - t0) / 1000).toFixed(1);
    timings.push(`${step.name}: ${secs}s`);
    if (status !== 0 || interrupted) {
      failure = { step: step.name, status: interrupted ?? status, secs };
      break;
    }
  }
} finally {
  await cleanUp();
}
if (failure) {
  console.error(`\n✗ ${failure.step} failed (exit ${failure.status}) after ${failure.secs}s`);
  summary(false);
  process.exit(typeof failure.status === 'number' ? failure.status : 1);
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
