/** Server and worker processes for tests, with no test runner's hooks (Playwright specs use it too). */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort } from '../../src/server/db/embedded-postgres.ts';
import { TEST_ADMIN } from './constants.ts';

export interface TServerProcess {
  url: string;
  port: number;
  proc: ChildProcess;
  /** Everything the server wrote to stderr so far. */
  stderr: () => string;
  /** Resolves once the server's stderr (its JSON log lines) matches `pattern`. */
  logged(pattern: RegExp): Promise<void>;
  exited: Promise<number | null>;
  kill(signal?: NodeJS.Signals): Promise<number | null>;
}

/** A child's stderr so far, a wait for a line matching a pattern, its exit, and a kill that awaits it. */
function watch(proc: ChildProcess) {
  let text = '';
  proc.stderr?.on('data', (d: Buffer) => {
    text += d.toString();
  });
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  const logged = (pattern: RegExp) =>
    new Promise<void>((resolve) => {
      if (pattern.test(text)) return resolve();
      const onData = () => {
        if (!pattern.test(text)) return;
        proc.stderr?.off('data', onData);
        resolve();
      };
      proc.stderr?.on('data', onData);
    });
  const kill = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (proc.exitCode === null) proc.kill(signal);
    return exited;
  };
  return { stderr: () => text, logged, exited, kill };
}

/**
 * The real server in its own process (as `npm start` runs it), ready when it answers, with its data
 * (and its embedded database) in `at.dataDir`. Given the port and folder of a stopped one, it starts that
 * server again.
 */
export async function spawnServerIn(
  env: Record<string, string>,
  at: { dataDir: string; port?: number },
): Promise<TServerProcess> {
  const started = await launchServerIn(env, at);
  const { proc, stderr, exited, url } = started;
  // Ready when it prints its banner (main.ts writes it once it listens), or failed when it exits first.
  await new Promise<void>((resolve, reject) => {
    let stdout = '';
    proc.stdout?.on('data', (d: Buffer) => {
      stdout += d.toString();
      if (stdout.includes('StayHub is running at')) resolve();
    });
    void exited.then((code) => reject(new Error(`server exited (${code}) during start-up: ${stderr()}`)));
  });
  proc.stdout?.resume();
  const res = await fetch(`${url}/api/config`);
  if (!res.ok) throw new Error(`server answered ${res.status} after start-up: ${stderr()}`);
  return started;
}

/** The server's process as `spawnServerIn` starts it, handed over at once, before it is ready. */
export async function launchServerIn(
  env: Record<string, string>,
  at: { dataDir: string; port?: number },
): Promise<TServerProcess> {
  const port = at.port ?? (await freePort());
  const { dataDir } = at;
  fs.chmodSync(dataDir, 0o755);
  const proc = spawn(process.execPath, ['src/server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_USERNAME: TEST_ADMIN.username,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      SEED_DEMO_CONTENT: 'false',
      GUEST_BOOKINGS_PER_HOUR: '0',
      CLIENT_DIR: path.join(dataDir, 'no-client'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const { stderr, logged, exited, kill } = watch(proc);
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    port,
    proc,
    stderr,
    logged,
    exited,
    kill,
  };
}

export type TWorkerProcess = Omit<TServerProcess, 'url' | 'port'>;

/**
 * `npm run worker` in its own process (node src/server/worker.ts), ready once it logs that it runs;
 * failed when it exits first. It needs DATABASE_URL in `env`.
 */
export async function spawnWorkerIn(env: Record<string, string>, dataDir: string): Promise<TWorkerProcess> {
  const proc = spawn(process.execPath, ['src/server/worker.ts'], {
    env: { ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const { stderr, logged, exited, kill } = watch(proc);
  await Promise.race([
    logged(/"worker running"/),
    exited.then((code) => {
      throw new Error(`worker exited (${code}) during start-up: ${stderr()}`);
    }),
  ]);
  return {
    proc,
    stderr,
    logged,
    exited,
    kill,
  };
}
