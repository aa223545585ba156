import { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { ormConfig } from '../../../mikro-orm.config.ts';
import type { TEnv } from '../env.ts';
import { log } from '../logger.ts';
import { resilientPgOptions } from './pool.ts';
import { startEmbeddedPostgres, type TEmbeddedPostgres } from './embedded-postgres.ts';

export interface TDatabase {
  orm: MikroORM;
  url: string;
  embedded: TEmbeddedPostgres | undefined;
  close(): Promise<void>;
}

/** Opens PostgreSQL: the one in DATABASE_URL, or an embedded one under DATA_DIR. */
export async function openDatabase(env: Pick<TEnv, 'databaseUrl' | 'dataDir'>): Promise<TDatabase> {
  let embedded: TEmbeddedPostgres | undefined;
  let url = env.databaseUrl;
  if (!url) {
    embedded = await startEmbeddedPostgres({ dataDir: env.dataDir });
    url = embedded.url;
  }
  try {
    // Statement and query timeouts on the server's pool: no request waits for good (docs/resilience.md).
    const orm = await MikroORM.init(ormConfig(url, { driverOptions: resilientPgOptions() }));
    return {
      orm,
      url,
      embedded,
      async close() {
        await orm
          .close(true)
          .catch((err: unknown) => log.warn('closing the ORM failed', { err: String(err) }));
        await embedded?.stop();
      },
    };
  } catch (err) {
    await embedded?.stop();
    throw err;
  }
}

function hasStatementTimeout(orm: MikroORM): boolean {
  const options = orm.config.get('driverOptions') as { statement_timeout?: number } | undefined;
  return typeof options?.statement_timeout === 'number';
}

/** Applies pending migrations, one instance at a time (an advisory lock serialises concurrent starts). */
export async function migrate(orm: MikroORM, url: string): Promise<void> {
  // The lock lives on its own connection: a pooled one could differ between lock and unlock.
  const lock = new pg.Client({ connectionString: url });
  lock.on('error', () => undefined); // a dropped lock connection surfaces through the ORM's own calls
  await lock.connect();
  // Migrations run on an ORM of their own, without the server pool's statement timeout: building an
  // index on a large table may take longer than any request should.
  const migrator = hasStatementTimeout(orm)
    ? await MikroORM.init(ormConfig(url, { pool: { min: 0, max: 1 } }))
    : orm;
  try {
    await lock.query('select pg_advisory_lock(727001)');
    await migrator.migrator.up();
  } finally {
    if (migrator !== orm) await migrator.close(true).catch(() => undefined);
    await lock.end().catch(() => undefined);
  }
}
