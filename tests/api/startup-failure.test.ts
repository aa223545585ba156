import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/server/db/embedded-postgres.ts';
import { TEST_ADMIN } from '../support/constants.ts';
import { tempDir } from '../support/tmp.ts';

const blocker = net.createServer();

afterAll(() => new Promise<void>((resolve) => blocker.close(() => resolve())));

/** Whether a process with this pid is alive (signal 0 only checks). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('a start that fails', () => {
  it('stops the embedded PostgreSQL it started when its port is taken', async () => {
    const port = await freePort();
    await new Promise<void>((resolve) => blocker.listen(port, '127.0.0.1', () => resolve()));
    const dataDir = tempDir('start-fail-');
    fs.chmodSync(dataDir, 0o755);
    // The real entry point, on the embedded database (no DATABASE_URL), as `npm start` runs it.
    const { DATABASE_URL: _ignored, ...inherited } = process.env;
    const proc = spawn(process.execPath, ['src/server/main.ts'], {
      env: {
        ...inherited,
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        ADMIN_USERNAME: TEST_ADMIN.username,
        ADMIN_PASSWORD: TEST_ADMIN.password,
        SEED_DEMO_CONTENT: 'false',
        CLIENT_DIR: path.join(dataDir, 'no-client'),
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    proc.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    // The database's pid, read while it runs: its pid file is gone once it has stopped.
    const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
    let postgresPid: number | undefined;
    // initdb's standalone backend writes its pid negated: only the server's own (positive) counts.
    const watcher = setInterval(() => {
      const pid = fs.existsSync(pidFile) ? Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]) : 0;
      if (pid > 0) postgresPid = pid;
    }, 20);
    const code = await new Promise<number | null>((resolve) => proc.on('exit', resolve));
    clearInterval(watcher);
    expect(code, stderr).toBe(1);
    expect(stderr).toContain('EADDRINUSE');
    expect(postgresPid, 'the embedded PostgreSQL started').toBeGreaterThan(0);
    expect(fs.existsSync(pidFile)).toBe(false);
    expect(alive(postgresPid ?? 0)).toBe(false);
  }, 90_000);
});
