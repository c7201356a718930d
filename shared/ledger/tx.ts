/**
 * How ledger writes find their transaction. Each write is one statement (a function of migration
 * 0005) that locks account rows and updates them, so it is atomic on its own; the caller's
 * transaction decides what else commits with it and how long the locks are held.
 */
import pg from 'pg';
import { PgCode, pgCode, preparedQuery, transaction, type Db, type Queryable } from '../db/pool.js';

/**
 * Runs `fn` in one transaction: the ledger's way of saying "these transfers, and whatever else
 * you write here, commit together or not at all". Deadlocks and serialization failures are
 * retried by `transaction`, so `fn` may run more than once and must only touch the database.
 *
 * @example
 * await withLedger(pool, async (tx) => {
 *   await createTransfer(tx, { id: proofId, debit: 'external:x402:USDC', credit, amount, code: 'payment_in' });
 *   await tx.query("UPDATE payments SET status = 'settled' WHERE id = $1", [paymentId]);
 * });
 */
export function withLedger<T>(db: Db, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  return transaction(db, fn);
}

/**
 * Sends a ledger write that is one statement, prepared (`preparedQuery`). Given the pool, it runs on its own: a single
 * statement is a transaction by itself, so BEGIN and COMMIT would only add two round trips.
 * Deadlocks and serialization failures are retried as `transaction` retries them. Given
 * anything else (a client inside the caller's `transaction()`), it joins that transaction; a retry
 * there is the caller's, since the error aborted its whole transaction.
 */
export async function singleStatement<R extends pg.QueryResultRow>(q: Queryable, text: string, values: unknown[]): Promise<pg.QueryResult<R>> {
  if (!(q instanceof pg.Pool)) return preparedQuery<R>(q, text, values);
  for (let attempt = 1; ; attempt++) {
    try {
      return await preparedQuery<R>(q, text, values);
    } catch (err) {
      const code = pgCode(err);
      const retriable = code === PgCode.serializationFailure || code === PgCode.deadlockDetected;
      if (!retriable || attempt >= 3) throw err;
    }
  }
}
