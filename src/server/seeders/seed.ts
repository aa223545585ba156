import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { FALLBACK_CATEGORIES } from '../../shared/constants.ts';
import type { TEnv } from '../env.ts';
import { log } from '../logger.ts';
import { hashPassword } from '../services/auth/passwords.ts';
import type { TMediaStore } from '../services/media/store.ts';
import { seedDemoContent } from './demo-content.ts';

export function categoryIconUrl(name: string): string {
  return `/icons/categories/${name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}.svg`;
}

async function ensureAdmin(
  em: EntityManager,
  env: Pick<TEnv, 'adminUsername' | 'adminPassword'>,
): Promise<void> {
  const found = await em
    .getConnection()
    .execute<{ id: number }[]>('select id from users where lower(username) = lower(?)', [env.adminUsername]);
  if (found.length > 0) return;
  const passwordHash = await hashPassword(env.adminPassword);
  await em.getConnection().execute(
    `insert into users (username, password, email, name, is_admin) values (?, ?, ?, ?, true)
     on conflict do nothing`,
    [env.adminUsername, passwordHash, `${env.adminUsername.toLowerCase()}@stayhub.example`, 'Site Admin'],
  );
}

async function ensureCategories(em: EntityManager): Promise<void> {
  const existing = await em.getConnection().execute<{ n: string }[]>('select count(*) as n from categories');
  if (Number(existing[0]?.n ?? 0) > 0) return;
  for (const name of FALLBACK_CATEGORIES) {
    await em
      .getConnection()
      .execute('insert into categories (name, icon, active) values (?, ?, true) on conflict do nothing', [
        name,
        categoryIconUrl(name),
      ]);
  }
}

/** True until the first property is ever inserted, so deleting every listing later does not bring the demo back. */
async function propertiesNeverSeeded(em: EntityManager): Promise<boolean> {
  const rows = await em
    .getConnection()
    .execute<{ is_called: boolean }[]>('select is_called from properties_id_seq');
  return rows[0]?.is_called === false;
}

/** Idempotent: every step checks before it writes, and concurrent starts are serialised by a lock. */
export async function seedDatabase(
  db: { orm: MikroORM; url: string },
  env: Pick<TEnv, 'adminUsername' | 'adminPassword'> & { seedDemoContent?: boolean },
  media: TMediaStore,
): Promise<void> {
  const em = db.orm.em.fork() as EntityManager;
  const lock = new pg.Client({ connectionString: db.url });
  lock.on('error', () => undefined); // a dropped lock connection surfaces through the ORM's own calls
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock(727002)');
    await em.getConnection().execute('insert into settings (id) values (1) on conflict (id) do nothing');
    await ensureAdmin(em, env);
    await ensureCategories(em);
    if (env.seedDemoContent !== false && (await propertiesNeverSeeded(em))) {
      const started = Date.now();
      await seedDemoContent(em, media);
      log.info('demo content seeded', { ms: Date.now() - started });
    }
  } finally {
    await lock.end().catch(() => undefined);
  }
}
