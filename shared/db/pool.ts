/**
 * The one door to PostgreSQL. Domain code takes a `Queryable` (the pool or a transaction's
 * client) so that callers compose transactions; nothing here connects at import time.
 */
import pg from 'pg';

/** Anything that can run a parameterised query: the pool or a client inside a transaction. */
export interface Queryable {
  query<R extends pg.QueryResultRow = any>(text: string | pg.QueryConfig, values?: unknown[]): Promise<pg.QueryResult<R>>;
}

export type Db = pg.Pool;

// bigint columns (int8) come back as JS bigint, never as a float or a lossy string.
pg.types.setTypeParser(20, (v: string) => BigInt(v));
// numeric stays a string; timestamptz stays a Date (the default).

export function createPool(databaseUrl: string, max = 10): Db {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30000,
    // A statement that runs longer than this is a bug or a lock pile-up, not work to wait for.
    statement_timeout: 15000,
    application_name: 'agent-commerce',
    // Plan every execution with its own parameters. A prepared statement (and each statement in
    // a PL/pgSQL function) otherwise switches to a generic plan after five calls, planned for
    // the table as it was then: made while the jobs, payments and ledger tables were nearly
    // empty, it scans them whole, and keeps doing so as they grow until an ANALYZE. Over 6,000
    // paid jobs (docs/performance.md, "Fifth round") the ledger's write went from 1.8 to 10.6 ms
    // a call, Postgres CPU per job doubled and throughput fell by a third; planned each time it
    // stays flat. Prepared statements still save the parse.
    options: '-c plan_cache_mode=force_custom_plan',
  });
  // An idle client's error (the server restarted) must not crash the process; the next query
  // gets a fresh connection.
  pool.on('error', () => {});
  // Likewise a checked-out client's: when the server ends its session mid-transaction the
  // statement in flight is rejected with the error, and the client also emits it, which with
  // no listener would be an uncaught exception that stops a worker.
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}

/** The name each prepared statement's text goes by, in every connection of this process. */
const statementNames = new Map<string, string>();

/**
 * Sends a hot statement as a named prepared statement: each connection parses and plans it once
 * instead of on every call (about 0.04 ms of PostgreSQL CPU per call here). Only for a fixed
 * text with an explicit column list: a prepared `SELECT *` or `RETURNING *` fails with "cached
 * plan must not change result type" once a migration adds a column while processes run.
 */
export function preparedQuery<R extends pg.QueryResultRow = any>(q: Queryable, text: string, values: unknown[]): Promise<pg.QueryResult<R>> {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `ac_${statementNames.size + 1}`;
    statementNames.set(text, name);
  }
  return q.query<R>({ name, text, values });
}

/** Postgres error codes that the domain reacts to, by name. */
export const PgCode = {
  uniqueViolation: '23505',
  foreignKeyViolation: '23503',
  checkViolation: '23514',
  numericValueOutOfRange: '22003',
  serializationFailure: '40001',
  deadlockDetected: '40P01',
  invalidCatalogName: '3D000',
  duplicateDatabase: '42P04',
} as const;

export function pgCode(err: unknown): string | undefined {
  return typeof err === 'object' && err !== null && 'code' in err ? String((err as { code: unknown }).code) : undefined;
}

/** Callbacks waiting for the commit of the transaction a client is in (set by transaction()). */
const commitHooks = new WeakMap<object, Array<() => void>>();

/**
 * Runs `fn` once the transaction that `q` belongs to has committed, and never if it rolls back.
 * Outside transaction() (the pool: the statement has already committed) it runs at once. For
 * what must not be said before it is true: log lines about a change.
 */
export function afterCommit(q: Queryable, fn: () => void): void {
  const hooks = commitHooks.get(q);
  if (hooks) hooks.push(fn);
  else fn();
}

/**
 * Runs `fn` inside one transaction and commits, or rolls back on any error. Serialization
 * failures and deadlocks are retried a few times, since they say "try again", not "wrong".
 */
export async function transaction<T>(db: Db, fn: (tx: pg.PoolClient) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await onceInTransaction(db, fn);
    } catch (err) {
      const code = pgCode(err);
      const retriable = code === PgCode.serializationFailure || code === PgCode.deadlockDetected;
      if (!retriable || attempt >= 3) throw err;
    }
  }
}

/**
 * Runs `fn` on one pooled connection, outside any transaction (each statement commits itself).
 * After an error the connection is closed, not pooled, as `pool.query` does: the server may have
 * ended the session (its error arrives before the socket closes), and the next caller must not
 * get it.
 */
export async function withClient<T>(db: Db, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await db.connect();
  let failed: Error | undefined;
  try {
    return await fn(client);
  } catch (err) {
    failed = err instanceof Error ? err : new Error(String(err));
    throw err;
  } finally {
    client.release(failed);
  }
}

/** COMMIT of a transaction that an error had already aborted: PostgreSQL rolled it back. */
export class TransactionAbortedError extends Error {
  constructor() {
    super('the transaction was rolled back at COMMIT: a statement in it had failed');
  }
}

/**
 * One attempt of `transaction`: BEGIN, `fn`, COMMIT on one client, then the afterCommit hooks;
 * ROLLBACK on any error, which is rethrown. A COMMIT that PostgreSQL answers with ROLLBACK (a
 * statement failed and `fn` swallowed the error) is a TransactionAbortedError, never a success.
 */
export async function onceInTransaction<T>(db: Db, fn: (tx: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await db.connect();
  try {
    const hooks: Array<() => void> = [];
    commitHooks.set(client, hooks);
    await client.query('BEGIN');
    const result = await fn(client);
    const commit = await client.query('COMMIT');
    if (commit.command !== 'COMMIT') throw new TransactionAbortedError();
    commitHooks.delete(client);
    // The work is committed: a failing hook must not turn it into an error (or a retry).
    for (const hook of hooks) {
      try {
        hook();
      } catch {
        /* a log line lost is not worth a failed request */
      }
    }
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    commitHooks.delete(client);
    client.release();
  }
}
