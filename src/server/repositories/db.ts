import type { EntityManager } from '@mikro-orm/postgresql';
import type { InferKyselyDB } from '@mikro-orm/sql';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { entities } from '../entities/index.ts';
import { liveProperty, sqlDate, sqlTimestamp } from './sql.ts';

/**
 * Typed queries: Kysely on the EntityManager's own connection (its transaction, when it has one), the
 * tables' row types inferred from the entities, so no repository restates a row by hand.
 */
export type TDB = InferKyselyDB<(typeof entities)[number]>;

export function db(em: EntityManager): Kysely<TDB> {
  return em.getKysely<TDB>();
}

/** The archived rule for a Kysely query of `properties` (as `alias`): the home is still listed. */
export function listed(alias = 'properties'): RawBuilder<boolean> {
  return sql<boolean>`${sql.raw(liveProperty(alias))}`;
}

/** A date column as `yyyy-MM-dd` text (see sqlDate); `column` is this module's caller's constant, never input. */
export function isoDate(column: string): RawBuilder<string> {
  return sql<string>`${sql.raw(sqlDate(column))}`;
}

/** A timestamptz column as an ISO 8601 UTC string (see sqlTimestamp). */
export function isoTimestamp(column: string): RawBuilder<string> {
  return sql<string>`${sql.raw(sqlTimestamp(column))}`;
}
