import { Migrator } from '@mikro-orm/migrations';
import { defineConfig, type Options } from '@mikro-orm/postgresql';
import { ResilientPostgreSqlDriver, resilientPgOptions } from './src/server/db/pool.ts';
import { entities } from './src/server/entities/index.ts';
import { migrationsList } from './src/server/migrations/index.ts';

/** The ORM configuration for a given database; the app, scripts and tests all build it here. */
export function ormConfig(clientUrl: string, overrides: Partial<Options> = {}): Options {
  return defineConfig({
    // Releases (and destroys) a connection whose BEGIN, COMMIT or ROLLBACK failed: src/server/db/pool.ts.
    driver: ResilientPostgreSqlDriver,
    clientUrl,
    entities,
    extensions: [Migrator],
    discovery: { checkDuplicateTableNames: true },
    migrations: {
      path: 'src/server/migrations',
      pathTs: 'src/server/migrations',
      snapshotName: '.snapshot-stayhub',
      // Only migration:create writes the snapshot; running the app must not touch the source tree.
      snapshotOnMigrate: false,
      tableName: 'mikro_orm_migrations',
      migrationsList,
      emit: 'ts',
      fileName: (timestamp: string, name?: string) => `migration-${timestamp}${name ? `-${name}` : ''}`,
    },
    pool: { min: 0, max: Number(process.env.DB_POOL_MAX ?? 20), idleTimeoutMillis: 30_000 },
    // The server's own pool adds statement and query timeouts (openDatabase).
    driverOptions: resilientPgOptions({ timeouts: false }),
    debug: process.env.DB_DEBUG === 'true',
    allowGlobalContext: false,
    // Property's `listed` filter hides archived homes from lists, not from the bookings and reviews that
    // point at them: a relation always resolves, so filters apply to the queried entity only.
    filtersOnRelations: false,
    autoJoinRefsForFilters: false,
    ...overrides,
  });
}

export default ormConfig(process.env.DATABASE_URL ?? 'postgres://localhost/stayhub');
