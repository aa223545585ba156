import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { recoverStalePidFile } from '../../../src/server/db/embedded-postgres.ts';

/**
 * Starts every process the browser tests need at once and says when all are ready (playwright.config.ts).
 * Playwright starts its `webServer` entries one after another, and the web servers each spend most of
 * their start on their own database and demo content: side by side they are ready in about half the time.
 *
 * A web server marked `fromPrepared` starts from a copy of the data folder that E2E_PREPARE's command filled
 * (its env's DATA_DIR): the database migrated and seeded, the demo photos rendered, once for all of them.
 * The copy is of a stopped PostgreSQL, so each server finds its database as it left it and its own start
 * (migrations, seed) has nothing left to do. The others start at once, beside the preparation.
 *
 * E2E_SERVERS holds the processes as JSON ({ name, command, env, readyUrl, fromPrepared? }[]), E2E_PREPARE the
 * preparation ({ command, env }). Once every readyUrl answers 200, this process answers 200 on
 * E2E_READY_PORT (a request that comes earlier waits for it). SIGTERM passes SIGTERM to each (so each
 * web server stops its embedded PostgreSQL) and exits when all have.
 */
interface TServer {
  name: string;
  command: string[];
  env: Record<string, string>;
  readyUrl: string;
  fromPrepared?: boolean;
}

interface TPrepare {
  command: string[];
  env: Record<string, string>;
}

const servers = JSON.parse(process.env.E2E_SERVERS ?? '[]') as TServer[];
const prepare = process.env.E2E_PREPARE ? (JSON.parse(process.env.E2E_PREPARE) as TPrepare) : undefined;
const readyPort = Number(process.env.E2E_READY_PORT);
const START_TIMEOUT_MS = 120_000;
const children = new Map<string, ChildProcess>();
let stopping = false;
const started = Date.now();

function spawnLogged(name: string, command: string[], env: Record<string, string>): ChildProcess {
  const [bin, ...args] = command as [string, ...string[]];
  const child = spawn(bin, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  child.stderr?.on('data', (b: Buffer) => {
    for (const line of b.toString().split('\n')) if (line) process.stderr.write(`[${name}] ${line}\n`);
  });
  return child;
}

function start(server: TServer): ChildProcess {
  const child = spawnLogged(server.name, server.command, server.env);
  child.on('exit', (code, signal) => {
    children.delete(server.name);
    if (!stopping) {
      console.error(`[${server.name}] exited (${signal ?? code}) while the tests need it`);
      void stop(1);
    }
  });
  children.set(server.name, child);
  return child;
}

/** Runs E2E_PREPARE's command to its end; answers its data folder. */
async function prepareData(step: TPrepare): Promise<string> {
  const dataDir = step.env.DATA_DIR;
  if (!dataDir) throw new Error('E2E_PREPARE needs a DATA_DIR');
  const child = spawnLogged('prepare', step.command, step.env);
  children.set('prepare', child);
  const status = await new Promise<number | string>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? signal ?? 1)),
  );
  children.delete('prepare');
  if (status !== 0) throw new Error(`preparing the servers' data failed (${status})`);
  console.error(`[prepare] data ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return dataDir;
}

/** Copies the prepared folder to the server's DATA_DIR; `cp -a` keeps the owner PostgreSQL runs as. */
function copyData(from: string, server: TServer): void {
  const to = server.env.DATA_DIR;
  if (!to) throw new Error(`${server.name} starts from the prepared data but has no DATA_DIR`);
  execFileSync('cp', ['-a', from, to]);
  // Each server's PostgreSQL log starts empty, as its own.
  fs.rmSync(path.join(to, 'postgres.log'), { force: true });
}

async function waitReady(server: TServer): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (!children.has(server.name)) throw new Error(`${server.name} exited before it was ready`);
    const ok = await fetch(server.readyUrl).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) {
      console.error(`[${server.name}] ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      return;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${server.name} was not ready within ${START_TIMEOUT_MS / 1000} s (${server.readyUrl})`);
}

let stopped: Promise<never> | undefined;

/** Stops everything once, whichever of a signal, a server's exit or a failed start asks first. */
function stop(code: number): Promise<never> {
  stopping = true;
  stopped ??= stopAll(code);
  return stopped;
}

async function stopAll(code: number): Promise<never> {
  const exits = [...children.values()].map((child) => new Promise((resolve) => child.once('exit', resolve)));
  for (const child of children.values()) child.kill('SIGTERM');
  await Promise.race([Promise.all(exits), new Promise((r) => setTimeout(r, 25_000))]);
  for (const child of children.values()) child.kill('SIGKILL');
  // The preparation's PostgreSQL runs detached: stopped half-way, it would outlive it.
  if (prepare?.env.DATA_DIR) await recoverStalePidFile(path.join(prepare.env.DATA_DIR, 'pg'));
  process.exit(code);
}

process.on('SIGTERM', () => void stop(0));
process.on('SIGINT', () => void stop(0));

const prepared = prepare ? prepareData(prepare) : undefined;
// A failed preparation is reported by the server that needed it.
prepared?.catch(() => undefined);

async function launch(server: TServer): Promise<void> {
  if (server.fromPrepared) {
    if (!prepared)
      throw new Error(`${server.name} starts from the prepared data, but E2E_PREPARE is not set`);
    const from = await prepared;
    if (stopping) return;
    copyData(from, server);
  }
  start(server);
  await waitReady(server);
}

const allReady = Promise.all(servers.map(launch));
// Listening from the start, each check answered the moment every server is ready: Playwright's check of a
// port that refuses waits a second before it asks again.
http
  .createServer(
    (_req, res) =>
      void allReady.then(
        () => res.end('ready'),
        () => res.destroy(),
      ),
  )
  .listen(readyPort, '127.0.0.1');
try {
  await allReady;
} catch (err) {
  console.error(String(err));
  await stop(1);
}
