import { hash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { isConnectionFault } from '../db/pool.ts';
import { isRaceLoss } from '../errors.ts';

/**
 * Raw prepared SQL, for the statements the bench shows need it (the property read, the search, the
 * booking's read and insert), and the SQL spellings they share with the Kysely reads (db.ts derives its
 * helpers from these). The archived rule is `liveProperty` here and Property's default filter in the ORM.
 */

/** A calendar date as `yyyy-MM-dd` text: dates leave PostgreSQL with no time zone (docs/decisions.md#calendar-dates). */
export function sqlDate(column: string): string {
  return `to_char(${column}, 'YYYY-MM-DD')`;
}

/** A timestamptz as an ISO 8601 UTC string, the way `Date.toISOString` writes it. */
export function sqlTimestamp(column: string): string {
  return `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** The property is still listed (not archived; see Property's `listed` filter). */
export function liveProperty(alias?: string): string {
  return `${alias ? `${alias}.` : ''}archived_at is null`;
}

/** A LIKE or ILIKE pattern that finds `text` anywhere, its own wildcards (`%`, `_`, `\\`) matching themselves. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** An int[] parameter as PostgreSQL's array literal: the driver would expand a JS array into a list. */
export function intArray(values: number[]): string {
  return `{${values.map((v) => Math.trunc(v)).join(',')}}`;
}

/** `?` placeholders (the ORM's) as PostgreSQL's `$1, $2…`; a `?` inside a quoted literal stays. */
function numberedPlaceholders(sql: string): string {
  let n = 0;
  return sql.replace(/'(?:[^']|'')*'|\?/g, (m) => (m === '?' ? `$${++n}` : m));
}

interface TNamedQuery {
  /** Unset for a query sent unprepared. */
  name?: string;
  text: string;
  values: unknown[];
}

interface TNativeClient {
  query<R>(config: TNamedQuery): Promise<{ rows: R[] }>;
}

interface TNativePool extends TNativeClient {
  connect(): Promise<TNativeClient & { release(err?: Error | boolean): void }>;
}

const statements = new Map<string, { name: string; text: string }>();
/**
 * Named statements live on every pooled connection until it closes: past this many query shapes (the
 * search's filters combine into many) the rest go through the ORM unprepared, so memory stays bounded.
 */
const MAX_STATEMENTS = 200;

/** The named statement for `sql`, made on first use; null once MAX_STATEMENTS shapes exist. */
function namedStatement(sql: string): { name: string; text: string } | null {
  let statement = statements.get(sql);
  if (statement) return statement;
  if (statements.size >= MAX_STATEMENTS) return null;
  const text = numberedPlaceholders(sql);
  statement = { name: `p_${hash('sha1', text, 'base64url').slice(0, 20)}`, text };
  statements.set(sql, statement);
  return statement;
}

function refuseArrays(params: unknown[]): void {
  if (params.some(Array.isArray)) throw new Error('preparedRows: bind an array as one value (intArray)');
}

async function nativePool(em: EntityManager): Promise<TNativePool> {
  return await em.getConnection().getNativeClient();
}

/**
 * Runs a read as a named prepared statement on the pool beneath the ORM. The ORM sends every query with
 * its values written in, so PostgreSQL parses and plans it anew each time; a named statement is parsed
 * once per connection, and its plan is kept where PostgreSQL finds a generic plan as good as a custom
 * one (a property by id); bench/RESULTS.md has what it saved. The search keeps custom plans
 * (PostgreSQL's generic estimate for `category_keys @> array[$1]` is worse) and saves the parse. Inside a transaction the query runs on the transaction's own connection,
 * through the ORM, as before. Values are bound, never written in, so a JS array would bind as one
 * PostgreSQL array rather than expand into a list as the ORM does: refused.
 */
export async function preparedRows<R>(em: EntityManager, sql: string, params: unknown[] = []): Promise<R[]> {
  refuseArrays(params);
  const statement = em.getTransactionContext() ? null : namedStatement(sql);
  if (!statement) return em.execute<R[]>(sql, params);
  return (await (await nativePool(em)).query<R>({ ...statement, values: params })).rows;
}

/** Runs one statement (`?` placeholders, as em.execute) and answers its rows. */
export type TRunSql = <R>(sql: string, params?: unknown[]) => Promise<R[]>;

/**
 * Runs `work`'s statements on one connection, each as a named prepared statement (see preparedRows),
 * with no transaction around them: for a write that is one statement, after reads that need no lock
 * (a booking). Holding one connection keeps a request from queueing behind later requests' reads for
 * each of its statements; leaving out BEGIN and COMMIT saves two round trips. Inside `em`'s transaction
 * the statements run on the transaction's connection, through the ORM.
 */
export async function onOneConnection<T>(em: EntityManager, work: (run: TRunSql) => Promise<T>): Promise<T> {
  if (em.getTransactionContext()) return work((sql, params = []) => em.execute(sql, params));
  const client = await (await nativePool(em)).connect();
  let broken: Error | undefined;
  const run: TRunSql = async <R>(sql: string, params: unknown[] = []) => {
    refuseArrays(params);
    const statement = namedStatement(sql);
    try {
      const query = statement ?? { text: numberedPlaceholders(sql) };
      return (await client.query<R>({ ...query, values: params })).rows;
    } catch (err) {
      // An error PostgreSQL answered (a constraint, say) leaves the connection fine; a fault (a lost
      // socket, a timeout, a terminated session) does not: released with it, the client is destroyed.
      if (isConnectionFault(err)) broken ??= err instanceof Error ? err : new Error(String(err));
      throw err;
    }
  };
  try {
    // A statement that lost a race (a deadlock, a serialization failure) changed nothing, and with no
    // transaction around them `work`'s statements are safe to run again: a few times, a moment apart.
    for (let attempt = 1; ; attempt++) {
      try {
        return await work(run);
      } catch (err) {
        if (broken || attempt >= RACE_ATTEMPTS || !isRaceLoss(err)) throw err;
        await new Promise((r) => setTimeout(r, attempt * (5 + Math.random() * 20)));
      }
    }
  } finally {
    client.release(broken);
  }
}

/** How many times onOneConnection runs its work when a statement loses a race. */
const RACE_ATTEMPTS = 4;
