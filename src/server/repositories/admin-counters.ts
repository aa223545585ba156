import { sql, type EntityManager } from '@mikro-orm/postgresql';
import { AdminCounter } from '../entities/admin-counter.entity.ts';

/**
 * A running total kept by the counter triggers (see AdminCounter): the sum of its shards, or of every
 * counter whose name starts with `prefix` (`bookings:` is every status's).
 */
export async function counterTotal(
  em: EntityManager,
  counter: { name: string } | { prefix: string },
): Promise<number> {
  const where = 'name' in counter ? { name: counter.name } : { name: { $like: `${counter.prefix}%` } };
  const row = await em
    .createQueryBuilder(AdminCounter)
    .select(sql`coalesce(sum(n), 0)::int`.as('n'))
    .where(where)
    .execute<{ n: number }>('get');
  return row.n;
}
