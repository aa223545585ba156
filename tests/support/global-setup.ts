import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { ormConfig } from '../../mikro-orm.config.ts';
import { startEmbeddedPostgres, type TEmbeddedPostgres } from '../../src/server/db/embedded-postgres.ts';
import { seedDatabase } from '../../src/server/seeders/seed.ts';
import { TEMPLATE_DB, TEST_ADMIN } from './constants.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgServerUrl: string;
  }
}

let embedded: TEmbeddedPostgres | undefined;
let dataDir: string | undefined;

function serverUrlOf(databaseUrl: string): string {
  const u = new URL(databaseUrl);
  u.pathname = '';
  return u.toString().replace(/\/$/, '');
}

/**
 * Stops the run's PostgreSQL and removes its folder, synchronously, so it also works from a signal or
 * an `exit` handler (when vitest is interrupted, the teardown below never runs): an immediate shutdown
 * (SIGQUIT) is enough for a throwaway database.
 */
function removeEverythingNow(): void {
  // Interrupted while it was starting: its pid is only in the pid file yet.
  const pid = embedded?.pid ?? (dataDir ? postmasterPid(path.join(dataDir, 'pg')) : undefined);
  embedded = undefined;
  if (pid && isAlive(pid)) {
    process.kill(pid, 'SIGQUIT');
    const deadline = Date.now() + 5_000;
    while (isAlive(pid) && Date.now() < deadline)
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
    if (isAlive(pid)) process.kill(pid, 'SIGKILL');
  }
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  dataDir = undefined;
}

function postmasterPid(pgdata: string): number | undefined {
  try {
    const pid = Number(fs.readFileSync(path.join(pgdata, 'postmaster.pid'), 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

let interrupted = false;

function onInterrupt(signal: NodeJS.Signals): void {
  interrupted = true;
  removeEverythingNow();
  process.off(signal, onInterrupt);
  // Nobody else handles it: end as the signal would have.
  if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
}

/**
 * One PostgreSQL per test run (embedded, or the server in DATABASE_URL), holding a migrated template
 * database with the base seed (settings, admin, categories). Each test file clones it (tests/support/db.ts).
 */
export async function setup(project: TestProject): Promise<() => Promise<void>> {
  let serverUrl: string;
  if (process.env.DATABASE_URL) {
    serverUrl = serverUrlOf(process.env.DATABASE_URL);
  } else {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stayhub-test-'));
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(signal, onInterrupt);
    process.once('exit', removeEverythingNow);
    try {
      embedded = await startEmbeddedPostgres({
        dataDir,
        database: 'postgres',
        settings: { fsync: 'off', full_page_writes: 'off' },
      });
    } catch (err) {
      removeEverythingNow();
      throw err;
    }
    // Interrupted while it started, and still running: stop it rather than run the tests.
    if (interrupted) {
      removeEverythingNow();
      throw new Error('interrupted while PostgreSQL started');
    }
    serverUrl = embedded.serverUrl;
  }
  try {
    await buildTemplate(serverUrl);
  } catch (err) {
    // A setup that fails returns no teardown: stop what it started here.
    removeEverythingNow();
    throw err;
  }
  project.provide('pgServerUrl', serverUrl);
  return async () => {
    await embedded?.stop();
    embedded = undefined;
    removeEverythingNow();
  };
}

/** The migrated template database with the base seed, built once per PostgreSQL. */
async function buildTemplate(serverUrl: string): Promise<void> {
  const admin = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  await admin.connect();
  // Another project's setup in this run may build the template at the same moment.
  await admin.query('select pg_advisory_lock(727003)');
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [TEMPLATE_DB]);
    if (exists.rowCount === 0 || process.env.TEST_REBUILD_TEMPLATE === 'true') {
      await admin.query(`drop database if exists ${TEMPLATE_DB} with (force)`);
      await admin.query(`create database ${TEMPLATE_DB}`);
      const url = `${serverUrl}/${TEMPLATE_DB}`;
      const orm = await MikroORM.init(ormConfig(url, { debug: false }));
      await orm.migrator.up();
      await seedDatabase(
        { orm, url },
        { adminUsername: TEST_ADMIN.username, adminPassword: TEST_ADMIN.password, demo: false },
      );
      await orm.close(true);
    }
  } finally {
    await admin.query('select pg_advisory_unlock(727003)');
    await admin.end();
  }
}
