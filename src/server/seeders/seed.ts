import type { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import type { TSeedContext } from './context.ts';
import { DatabaseSeeder } from './database-seeder.ts';

export type { TSeedContext } from './context.ts';

/**
 * Runs the DatabaseSeeder (base data, then the demo if `context.demo` is set). Every seeder checks before
 * it writes, and concurrent starts against one database are serialised by an advisory lock.
 */
export async function seedDatabase(db: { orm: MikroORM; url: string }, context: TSeedContext): Promise<void> {
  const lock = new pg.Client({ connectionString: db.url });
  lock.on('error', () => undefined); // a dropped lock connection surfaces through the ORM's own calls
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock(727002)');
    await new DatabaseSeeder().run(db.orm.em.fork(), context);
  } finally {
    await lock.end().catch(() => undefined);
  }
}
