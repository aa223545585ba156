import type { Configuration } from '@mikro-orm/core';
import { PostgreSqlConnection, PostgreSqlDriver } from '@mikro-orm/postgresql';
import type { DatabaseConnection, Driver, PostgresDialect, TransactionSettings } from 'kysely';
import type pg from 'pg';

/**
 * How the server's PostgreSQL pools survive an outage (docs/resilience.md). Every checkout must
 * come back to its pool, and a connection that met a fault must come back destroyed, or the pool fills
 * with dead clients that nothing will ever release and every later request waits for one.
 */

/** Server-side cap on one statement (DB_STATEMENT_TIMEOUT_MS): no request holds a connection longer. */
export const STATEMENT_TIMEOUT_MS = Number(process.env.DB_STATEMENT_TIMEOUT_MS ?? 30_000);

/**
 * The pg options of the server's pools. `query_timeout` is the client's own limit, a little past the
 * server's: it ends a wait on a socket that died without a word (the server cannot answer, so its
 * statement_timeout never fires, and TCP keep-alive would take the system's ~11 minutes to notice).
 * Keep-alive finds such a socket while it is idle. Without `timeouts` (every ORM by default: scripts,
 * the bench's data generation, migrations) statements may run as long as they need.
 */
export function resilientPgOptions(opts: { timeouts: boolean } = { timeouts: true }): pg.PoolConfig {
  return {
    connectionTimeoutMillis: 5_000,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    ...(opts.timeouts && STATEMENT_TIMEOUT_MS > 0
      ? { statement_timeout: STATEMENT_TIMEOUT_MS, query_timeout: STATEMENT_TIMEOUT_MS + 5_000 }
      : {}),
  };
}

/** SQLSTATE classes that mean the session is gone: 08 connection exception, 57 operator intervention. */
const SESSION_LOST = /^(08|57)/;

/**
 * Whether an error leaves its connection unusable: anything PostgreSQL did not answer as an ordinary
 * statement error (a socket error, a timeout, a FATAL, a terminated session). A constraint violation,
 * a deadlock or a syntax error leaves the connection fine.
 */
export function isConnectionFault(err: unknown): boolean {
  if (!err || typeof err !== 'object') return true;
  const { severity, code } = err as { severity?: unknown; code?: unknown };
  if (typeof severity !== 'string') return true;
  if (severity === 'FATAL' || severity === 'PANIC') return true;
  return typeof code === 'string' && SESSION_LOST.test(code);
}

const TRANSACTION_CONTROL = /^\s*(begin|start\s+transaction|commit|end|rollback|abort)\b/i;

function sqlText(arg: unknown): string {
  if (typeof arg === 'string') return arg;
  if (arg && typeof arg === 'object' && 'text' in arg && typeof arg.text === 'string') return arg.text;
  return '';
}

const instrumented = new WeakSet<pg.PoolClient>();

/**
 * Ends a client as soon as one of its statements fails in a way that leaves it unusable, or its BEGIN,
 * COMMIT or ROLLBACK fails (its transaction state is then unknown): an ended client is destroyed by the
 * pool when it is released, instead of going back to the idle list.
 */
function endOnFault(client: pg.PoolClient): void {
  if (instrumented.has(client)) return;
  instrumented.add(client);
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const fail = (text: string, err: unknown) => {
    if (isConnectionFault(err) || TRANSACTION_CONTROL.test(text)) client.end().catch(() => undefined);
  };
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const text = sqlText(args[0]);
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = (err: unknown, res: unknown) => {
        if (err) fail(text, err);
        (callback as (e: unknown, r: unknown) => void)(err, res);
      };
    }
    const result = query(...args);
    if (result instanceof Promise) result.catch((err: unknown) => fail(text, err));
    return result;
  };
}

/** Watches a pool: ends faulty clients, and notes when a checkout last made progress (poolStall). */
export function watchPool(pool: pg.Pool): void {
  if (watched.has(pool)) return;
  watched.set(pool, { lastProgress: Date.now() });
  const progress = () => {
    const w = watched.get(pool);
    if (w) w.lastProgress = Date.now();
  };
  pool.on('connect', (client) => {
    endOnFault(client);
    progress();
  });
  // A refused or timed-out new connection is the pool trying (the database is away, not the pool
  // wedged); a checkout that gave up waiting for a client is not.
  const connect = pool.connect.bind(pool) as (cb?: unknown) => Promise<pg.PoolClient> | undefined;
  (pool as { connect: unknown }).connect = (cb?: unknown) => {
    const result = connect(cb);
    result?.catch((err: unknown) => {
      if (!(err instanceof Error && /timeout exceeded when trying to connect/.test(err.message))) progress();
    });
    return result;
  };
  pool.on('acquire', progress);
  pool.on('release', progress);
  pool.on('remove', progress);
}

const watched = new WeakMap<pg.Pool, { lastProgress: number }>();

/**
 * The Kysely driver beneath the ORM, made to release what it holds when BEGIN, COMMIT or ROLLBACK fails.
 * Kysely releases a transaction's connection only after its COMMIT or ROLLBACK succeeded, and not at all
 * when its BEGIN fails: in an outage each such transaction kept its (dead) client checked out for good.
 * A connection released here is never touched again, even by the ROLLBACK the ORM sends after a failed
 * COMMIT (its client may already serve someone else): that ROLLBACK fails at once instead.
 */
class ReleasingDriver implements Driver {
  readonly #inner: Driver;
  readonly #released = new WeakSet<DatabaseConnection>();

  constructor(inner: Driver) {
    this.#inner = inner;
  }

  init(...args: Parameters<Driver['init']>) {
    return this.#inner.init(...args);
  }

  acquireConnection(...args: Parameters<Driver['acquireConnection']>) {
    return this.#inner.acquireConnection(...args);
  }

  async #guard(connection: DatabaseConnection, step: () => Promise<void>): Promise<void> {
    if (this.#released.has(connection))
      throw new Error('The connection was released after its transaction failed');
    try {
      await step();
    } catch (err) {
      // The client ended itself (endOnFault), so the pool destroys it on this release.
      this.#released.add(connection);
      await this.#inner.releaseConnection(connection);
      throw err;
    }
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    return this.#guard(connection, () => this.#inner.beginTransaction(connection, settings));
  }

  commitTransaction(connection: DatabaseConnection) {
    return this.#guard(connection, () => this.#inner.commitTransaction(connection));
  }

  rollbackTransaction(connection: DatabaseConnection) {
    return this.#guard(connection, () => this.#inner.rollbackTransaction(connection));
  }

  savepoint(...args: Parameters<NonNullable<Driver['savepoint']>>) {
    return this.#inner.savepoint!(...args);
  }

  rollbackToSavepoint(...args: Parameters<NonNullable<Driver['rollbackToSavepoint']>>) {
    return this.#inner.rollbackToSavepoint!(...args);
  }

  releaseSavepoint(...args: Parameters<NonNullable<Driver['releaseSavepoint']>>) {
    return this.#inner.releaseSavepoint!(...args);
  }

  async releaseConnection(connection: DatabaseConnection, ...rest: unknown[]) {
    if (this.#released.has(connection)) return;
    await (this.#inner.releaseConnection as (c: DatabaseConnection, ...r: unknown[]) => Promise<void>)(
      connection,
      ...rest,
    );
  }

  destroy(...args: Parameters<Driver['destroy']>) {
    return this.#inner.destroy(...args);
  }
}

class ResilientPostgreSqlConnection extends PostgreSqlConnection {
  override createKyselyDialect(overrides: pg.PoolConfig): PostgresDialect {
    const { onPoolCreated, ...rest } = (overrides ?? {}) as pg.PoolConfig & {
      onPoolCreated?: (pool: pg.Pool) => unknown;
    };
    const dialect = super.createKyselyDialect({
      ...rest,
      onPoolCreated: (pool: pg.Pool) => {
        watchPool(pool);
        return onPoolCreated?.(pool);
      },
    } as pg.PoolConfig);
    const createDriver = dialect.createDriver.bind(dialect);
    dialect.createDriver = () => new ReleasingDriver(createDriver());
    return dialect;
  }
}

/** MikroORM's PostgreSQL driver on the connection above (ormConfig's `driver`). */
export class ResilientPostgreSqlDriver extends PostgreSqlDriver {
  constructor(config: Configuration) {
    super(config);
    (this as unknown as { connection: PostgreSqlConnection }).connection = new ResilientPostgreSqlConnection(
      this.config,
    );
  }
}

export interface TPoolCounts {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

/** A pg pool's counts: its clients, those idle, and the checkouts waiting for one. */
export function poolStats(pool: pg.Pool): TPoolCounts {
  return { totalCount: pool.totalCount, idleCount: pool.idleCount, waitingCount: pool.waitingCount };
}

/**
 * How long the pool has been wedged, in ms, or 0: no client idle, some checkout waiting (or every slot
 * taken), and no checkout or release for that long. A pool that serves, however busy, makes progress.
 */
export function poolStall(pool: pg.Pool, now = Date.now()): number {
  const w = watched.get(pool);
  if (!w) return 0;
  const full = pool.totalCount >= (pool.options.max ?? 10);
  if (pool.idleCount > 0 || (pool.waitingCount === 0 && !full)) return 0;
  return now - w.lastProgress;
}
