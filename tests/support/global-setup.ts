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
 * One PostgreSQL per test run (embedded, or the server in DATABASE_URL), holding a migrated template
 * database with the base seed (settings, admin, categories). Each test file clones it (tests/support/db.ts).
 */
export async function setup(project: TestProject): Promise<() => Promise<void>> {
  let serverUrl: string;
  if (process.env.DATABASE_URL) {
    serverUrl = serverUrlOf(process.env.DATABASE_URL);
  } else {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stayhub-test-'));
    embedded = await startEmbeddedPostgres({
      dataDir,
      database: 'postgres',
      settings: { fsync: 'off', full_page_writes: 'off' },
    });
    serverUrl = embedded.serverUrl;
  }
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
  project.provide('pgServerUrl', serverUrl);
  return async () => {
    await embedded?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
