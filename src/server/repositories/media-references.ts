import { sql } from 'kysely';
import { db } from './db.ts';
import type { EntityManager } from '@mikro-orm/postgresql';

/** Every distinct media URL under `prefix` still referenced anywhere (archived properties included). */
export async function referencedMediaUrls(em: EntityManager, prefix: string): Promise<string[]> {
  const d = db(em);
  const rows = await d
    .selectFrom(
      d
        .selectFrom('properties')
        .select(sql<string>`unnest(images || videos)`.as('url'))
        .unionAll(
          d
            .selectFrom('reviews')
            .select(sql<string>`user_image`.as('url'))
            .where('user_image', 'is not', null),
        )
        .unionAll(d.selectFrom('categories').select('icon as url'))
        .unionAll(d.selectFrom('housekeeping_tasks').select(sql<string>`unnest(photos)`.as('url')))
        .unionAll(
          d
            .selectFrom('task_problems')
            .select(sql<string>`photo`.as('url'))
            .where('photo', 'is not', null),
        )
        .as('refs'),
    )
    .select('url')
    .distinct()
    .where('url', 'like', `${prefix}%`)
    .execute();
  return rows.map((r) => r.url);
}
