/**
 * `npm test`: everything CI runs — typecheck, lint and format check side by side, then unit + integration
 * + API tests on real PostgreSQL, the client build, and the Playwright suite in Chromium. Stops at the first red step and
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
  /**
   * Steps of one group run at the same time, their output held back and printed whole as each ends. The
   * static checks are each one single-threaded process: side by side they use both cores.
   */
  group?: 'static';
}

/** TypeScript 7 by its path: it and TypeScript 6 both install a `tsc` bin, and either may get the link. */
const TSC = ['node', 'node_modules/typescript-7/bin/tsc', '--singleThreaded'];

const steps: TStep[] = [
  {
    // One program per environment (tsconfig.json references them): browser, Node, and tests of both.
    // TypeScript 7's native compiler checks the same code about three times as fast as TypeScript 6,
    // which stays the `typescript` package for typescript-eslint (README, "Architecture").
    name: 'typecheck',
    cmds: ['client', 'server', 'tests'].map((p) => [...TSC, '--noEmit', '-p', `tsconfig.${p}.json`]),
    group: 'static',
  },
  { name: 'lint', cmds: [['eslint', '--max-warnings', '0', '.']], group: 'static' },
  { name: 'format check', cmds: [['prettier', '--check', '--log-level', 'warn', '.']], group: 'static' },
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

const children = new Set<ReturnType<typeof spawn>>();
let interrupted: NodeJS.Signals | undefined;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    // Pass it on and let the running steps shut their servers down; the cleanup follows when they exit.
    interrupted = signal;
    for (const child of children) child.kill(signal);
  });
}

/** Runs one command; with `out`, its output is collected there instead of going to the terminal. */
function run(cmd: string[], out?: Buffer[]): Promise<number | NodeJS.Signals> {
  const [bin, ...args] = cmd as [string, ...string[]];
  return new Promise((resolve) => {
    const child = spawn(bin, args, { stdio: out ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: childEnv });
    children.add(child);
    child.stdout?.on('data', (b: Buffer) => out?.push(b));
    child.stderr?.on('data', (b: Buffer) => out?.push(b));
    child.on('error', (err) => {
      out?.push(Buffer.from(`${bin}: ${err.message}\n`));
      if (!out) console.error(`${bin}: ${err.message}`);
      children.delete(child);
      resolve(127);
    });
    child.on('close', (code, signal) => {
      children.delete(child);
      resolve(code ?? signal ?? 1);
    });
  });
}

/** Runs a step's commands in order, stopping at the first that fails; records its time. */
async function runStep(
  step: TStep,
  out?: Buffer[],
): Promise<{ status: number | NodeJS.Signals; secs: string }> {
  const t0 = Date.now();
  let status: number | NodeJS.Signals = 0;
  for (const cmd of step.cmds) {
    status = await run(cmd, out);
    if (status !== 0) break;
  }
  return { status, secs: ((Date.now() - t0) / 1000).toFixed(1) };
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
  const chosen = steps.filter((step) => only.length === 0 || only.some((o) => step.name.includes(o)));
  for (let i = 0; i < chosen.length && !failure;) {
    const first = chosen[i]!;
    // A group is the run of consecutive chosen steps that share it.
    let end = i + 1;
    while (first.group && end < chosen.length && chosen[end]!.group === first.group) end += 1;
    const batch = chosen.slice(i, end);
    i += batch.length;
    if (batch.length === 1) console.log(`\n━━ ${first.name} ━━`);
    else console.log(`\n━━ ${batch.map((s) => s.name).join(', ')} (side by side) ━━`);
    const results = await Promise.all(
      batch.map(async (step) => {
        const out: Buffer[] | undefined = batch.length > 1 ? [] : undefined;
        const result = await runStep(step, out);
        if (out) {
          console.log(
            `\n── ${step.name}: ${result.status === 0 ? 'passed' : 'failed'} in ${result.secs}s ──`,
          );
          process.stdout.write(Buffer.concat(out));
        }
        return { step, ...result };
      }),
    );
    for (const r of results) {
      timings.push(`${r.step.name}: ${r.secs}s`);
      if ((r.status !== 0 || interrupted) && !failure)
        failure = { step: r.step.name, status: interrupted ?? r.status, secs: r.secs };
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

/** A report written by this run; an older one (from a run of other steps) would count others' tests. */
function thisRunsReport(file: string): string {
  if (fs.statSync(file).mtimeMs < started) throw new Error(`${file} is from an earlier run`);
  return fs.readFileSync(file, 'utf8');
}

function summary(ok: boolean): void {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  try {
    const v = JSON.parse(thisRunsReport('test-results/vitest.json')) as {
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
    const e = JSON.parse(thisRunsReport('test-results/e2e.json')) as {
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
