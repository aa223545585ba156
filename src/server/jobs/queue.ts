import { PgBoss } from 'pg-boss';
import { log } from '../logger.ts';

/**
 * The PostgreSQL job queue (pg-boss, in its own `pgboss` schema of the app's database). Every server
 * instance runs workers; pg-boss hands each job, and each scheduled occurrence, to one of them only.
 */
export async function startQueue(databaseUrl: string): Promise<PgBoss> {
  const boss = new PgBoss({ connectionString: databaseUrl, schema: 'pgboss', max: 4 });
  boss.on('error', (err: unknown) => log.error('job queue error', { err: String(err) }));
  await boss.start();
  return boss;
}
