import type { EntityManager } from '@mikro-orm/postgresql';
import { Seeder } from '@mikro-orm/seeder';
import { FALLBACK_CATEGORIES } from '#shared/constants.ts';
import { hashPassword } from '../services/auth/passwords.ts';
import type { TSeedContext } from './context.ts';

export function categoryIconUrl(name: string): string {
  return `/icons/categories/${name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}.svg`;
}

/** What every database needs: the settings row, the configured admin and the starter categories. Idempotent. */
export class BaseSeeder extends Seeder<TSeedContext> {
  async run(em: EntityManager, context: TSeedContext): Promise<void> {
    const db = em.getConnection();
    await db.execute('insert into settings (id) values (1) on conflict (id) do nothing');

    const admin = await db.execute<{ id: number }[]>(
      'select id from users where lower(username) = lower(?)',
      [context.adminUsername],
    );
    if (admin.length === 0) {
      await db.execute(
        `insert into users (username, password, email, name, is_admin) values (?, ?, ?, ?, true)
         on conflict do nothing`,
        [
          context.adminUsername,
          await hashPassword(context.adminPassword),
          `${context.adminUsername.toLowerCase()}@stayhub.example`,
          'Site Admin',
        ],
      );
    }

    // Only into an empty table: categories the admin removed stay removed.
    const categories = await db.execute<{ n: string }[]>('select count(*) as n from categories');
    if (Number(categories[0]?.n ?? 0) > 0) return;
    for (const name of FALLBACK_CATEGORIES) {
      await db.execute(
        'insert into categories (name, icon, active) values (?, ?, true) on conflict do nothing',
        [name, categoryIconUrl(name)],
      );
    }
  }
}
