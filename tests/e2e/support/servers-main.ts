import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';

/**
 * Starts every process the browser tests need at once and says when all are ready (playwright.config.ts).
 * Playwright starts its `webServer` entries one after another, and the web servers each spend most of
 * their start on their own database and demo content: side by side they are ready in about half the time.
 *
 * E2E_SERVERS holds the processes as JSON ({ name, command, env, readyUrl }[]). Once every readyUrl
 * answers 200, this process answers 200 on E2E_READY_PORT. SIGTERM passes SIGTERM to each (so each web
 * server stops its embedded PostgreSQL) and exits when all have.
 */
interface TServer {
  name: string;
  command: string[];
  env: Record<string, string>;
  readyUrl: string;
}

const servers = JSON.parse(process.env.E2E_SERVERS ?? '[]') as TServer[];
const readyPort = Number(process.env.E2E_READY_PORT);
const START_TIMEOUT_MS = 120_000;
const children = new Map<string, ChildProcess>();
let stopping = false;
const started = Date.now();

function start(server: TServer): ChildProcess {
  const [bin, ...args] = server.command as [string, ...string[]];
  const child = spawn(bin, args, {
    env: { ...process.env, ...server.env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr?.on('data', (b: Buffer) => {
    for (const line of b.toString().split('\n')) if (line) process.stderr.write(`[${server.name}] ${line}\n`);
  });
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

async function stop(code: number): Promise<never> {
  stopping = true;
  const exits = [...children.values()].map((child) => new Promise((resolve) => child.once('exit', resolve)));
  for (const child of children.values()) child.kill('SIGTERM');
  await Promise.race([Promise.all(exits), new Promise((r) => setTimeout(r, 25_000))]);
  for (const child of children.values()) child.kill('SIGKILL');
  process.exit(code);
}

process.on('SIGTERM', () => void stop(0));
process.on('SIGINT', () => void stop(0));

for (const server of servers) start(server);
try {
  await Promise.all(servers.map(waitReady));
} catch (err) {
  console.error(String(err));
  await stop(1);
}
http.createServer((_req, res) => res.end('ready')).listen(readyPort, '127.0.0.1');
