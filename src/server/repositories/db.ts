import type { EntityManager } from '@mikro-orm/postgresql';
import type { InferKyselyDB } from '@mikro-orm/sql';
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
  type Expression,
  type RawBuilder,
} from 'kysely';
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
export function isoDate<T extends string | null = string>(column: string): RawBuilder<T> {
  return sql<T>`${sql.raw(sqlDate(column))}`;
}

/** A timestamptz column as an ISO 8601 UTC string (see sqlTimestamp). */
export function isoTimestamp<T extends string | null = string>(column: string): RawBuilder<T> {
  return sql<T>`${sql.raw(sqlTimestamp(column))}`;
}

/**
 * The guest's name on a booking read with its account joined (as `b` and `u`): the name the booking
 * was made under, else the account's name, else its username, else `fallback` (null without one).
 */
export function guestName(fallback?: string): RawBuilder<string | null> {
  return fallback === undefined
    ? sql<string | null>`coalesce(b.contact_info->>'name', u.name, u.username)`
    : sql<string>`coalesce(b.contact_info->>'name', u.name, u.username, ${fallback})`;
}

/** Whether the half-open range [startColumn, endColumn) shares a night with [from, to). */
export function overlaps(
  startColumn: string,
  endColumn: string,
  from: string,
  to: string,
): RawBuilder<boolean> {
  return sql<boolean>`daterange(${sql.ref(startColumn)}, ${sql.ref(endColumn)}, '[)') && daterange(${from}::date, ${to}::date, '[)')`;
}

/** A Kysely that only compiles (it has no connection): for sqlText. */
const compiler = new Kysely<TDB>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new PostgresIntrospector(k),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

/**
 * A Kysely fragment as SQL text with `?` placeholders and its values, for a statement that runs as raw
 * prepared SQL (repositories/sql.ts) yet shares the fragment with a Kysely read. Kysely numbers the
 * values in the order they appear, which is the order of the `?`s.
 */
export function sqlText(fragment: Expression<unknown>): { sql: string; params: unknown[] } {
  const compiled = sql`${fragment}`.compile(compiler);
  return { sql: compiled.sql.replace(/\$\d+/g, '?'), params: [...compiled.parameters] };
}
