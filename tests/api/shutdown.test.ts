import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TTestDb } from '../support/db.ts';
import { spawnServer, type TServerProcess } from '../support/process.ts';
import { launchServerIn } from '../support/server-process.ts';
import { tempDir } from '../support/tmp.ts';

let db: TTestDb;
let server: TServerProcess;

beforeAll(async () => {
  db = await createTestDatabase();
  // Info level: the test waits for the 'shutting down' line.
  server = await spawnServer({ DATABASE_URL: db.url, LOG_LEVEL: 'info' });
}, 90_000);

afterAll(async () => {
  await server?.kill('SIGKILL');
  await db?.drop();
});

/** Sends the head and half the body of a request, and lets the test decide when the rest goes. */
function halfSentRequest(port: number, body: string) {
  const socket = net.connect(port, '127.0.0.1');
  let response = '';
  socket.on('data', (d) => {
    response += d.toString();
  });
  const closed = new Promise<string>((resolve) => socket.on('close', () => resolve(response)));
  const cut = Math.floor(body.length / 2);
  socket.write(
    `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body.slice(0, cut)}`,
  );
  return { finish: () => socket.write(body.slice(cut)), closed };
}

describe('graceful shutdown', () => {
  it('finishes in-flight requests after SIGTERM, refuses new connections, and exits 0', async () => {
    const inflight = halfSentRequest(
      server.port,
      JSON.stringify({ username: 'nobody-here', password: 'wrong-password' }),
    );
    // Steady traffic over keep-alive connections: it must not hold the server open after SIGTERM.
    let traffic = true;
    const statuses: (number | string)[] = [];
    let flowing = () => {};
    const trafficFlows = new Promise<void>((resolve) => (flowing = resolve));
    const loops = Array.from({ length: 4 }, async () => {
      while (traffic) {
        statuses.push(
          await fetch(`${server.url}/api/categories`).then(
            (r) => r.text().then(() => r.status),
            (err: Error & { cause?: { code?: string } }) => err.cause?.code ?? err.name,
          ),
        );
        if (statuses.length >= 8) flowing();
      }
    });
    // Every loop has answers on its keep-alive connection before the signal.
    await trafficFlows;
    server.proc.kill('SIGTERM');
    // main.ts logs this right after closing the listener.
    await server.logged(/"shutting down"/);

    // A fresh TCP connection (fetch could reuse a pooled keep-alive socket, which the server resets).
    const refused = await new Promise<string>((resolve) => {
      const socket = net.connect(server.port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve('connected');
      });
      socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
    });
    expect(refused).toBe('ECONNREFUSED');

    inflight.finish();
    const response = await inflight.closed;
    expect(response).toMatch(/^HTTP\/1\.1 401 /);
    expect(response).toContain('"message"');

    expect(await server.exited).toBe(0);
    // Without the 10 s force-close: idle keep-alive connections are closed as they free up. (Asked of the
    // server's log, not of a clock: on a loaded machine stopping the database alone can take seconds.)
    expect(server.stderr()).not.toMatch(/closing connections still busy/);
    traffic = false;
    await Promise.all(loops);
    expect(statuses.filter((s) => typeof s === 'number' && s !== 200)).toEqual([]);
    expect(statuses).toContain(200);
  }, 60_000);

  it('stopped while it starts, it finishes starting, then stops its embedded PostgreSQL and exits 0', async () => {
    const dataDir = tempDir('early-stop-');
    const started = await launchServerIn({}, { dataDir });
    started.proc.stdout?.resume();
    // The database's server is up once its pid file names it (initdb's single-user run writes a negative
    // pid there first): the web server is still starting.
    const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
    let pgPid = 0;
    while (pgPid <= 0 && started.proc.exitCode === null) {
      pgPid = Number(fs.existsSync(pidFile) ? fs.readFileSync(pidFile, 'utf8').split('\n')[0] : 0);
      if (pgPid <= 0) await new Promise((r) => setTimeout(r, 20));
    }
    const alive = (pid: number) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    try {
      expect(pgPid).toBeGreaterThan(0);
      started.proc.kill('SIGTERM');
      expect(await started.exited).toBe(0);
      expect(alive(pgPid)).toBe(false);
    } finally {
      // Left running (the bug this guards against), it would outlive the test run.
      if (pgPid && alive(pgPid)) process.kill(pgPid, 'SIGQUIT');
    }
  }, 90_000);
});
