import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../src/server/db/embedded-postgres.ts';
import { TEST_ADMIN } from './constants.ts';

export interface TServerProcess {
  url: string;
  port: number;
  proc: ChildProcess;
  /** Everything the server wrote to stderr so far. */
  stderr: () => string;
  exited: Promise<number | null>;
  kill(signal?: NodeJS.Signals): Promise<number | null>;
}

/** The real server in its own process (as `npm start` runs it), ready when it answers. */
export async function spawnServer(env: Record<string, string>): Promise<TServerProcess> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stayhub-proc-'));
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
      CLIENT_DIR: path.join(dataDir, 'no-client'),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  proc.stderr?.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server exited during start-up: ${stderr}`);
    try {
      const res = await fetch(`${url}/api/config`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start: ${stderr}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    port,
    proc,
    stderr: () => stderr,
    exited,
    async kill(signal = 'SIGTERM') {
      if (proc.exitCode === null) proc.kill(signal);
      return exited;
    },
  };
}
