import { Migrator } from '@mikro-orm/migrations';
import { defineConfig, type Options } from '@mikro-orm/postgresql';
import { SeedManager } from '@mikro-orm/seeder';
import { entities } from './src/server/entities/index.ts';
import { migrationsList } from './src/server/migrations/index.ts';
import { DatabaseSeeder } from './src/server/seeders/database-seeder.ts';

/** The ORM configuration for a given database; the app, scripts and tests all build it here. */
export function ormConfig(clientUrl: string, overrides: Partial<Options> = {}): Options {
  return defineConfig({
    clientUrl,
    entities,
    extensions: [Migrator, SeedManager],
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
    seeder: { seedersList: [DatabaseSeeder], defaultSeeder: 'DatabaseSeeder' },
    pool: { min: 0, max: Number(process.env.DB_POOL_MAX ?? 20), idleTimeoutMillis: 30_000 },
    driverOptions: { connectionTimeoutMillis: 5_000 },
    debug: process.env.DB_DEBUG === 'true',
    allowGlobalContext: false,
    ...overrides,
  });
}

export default ormConfig(process.env.DATABASE_URL ?? 'postgres://localhost/stayhub');
