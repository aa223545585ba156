import type { EntityManager } from '@mikro-orm/postgresql';

/** Every distinct media URL under `prefix` still referenced anywhere (archived properties included). */
export async function referencedMediaUrls(em: EntityManager, prefix: string): Promise<string[]> {
  const rows = await em.execute<{ url: string }[]>(
    `select distinct url from (
       select unnest(images || videos) as url from properties
       union all select user_image from reviews where user_image is not null
       union all select icon from categories
       union all select unnest(photos) from housekeeping_tasks
     ) refs
     where url like ?`,
    [`${prefix}%`],
  );
  return rows.map((r) => r.url);
}
