/**
 * How ledger writes find their transaction. Every write locks account rows and then updates
 * them, which only protects anything inside one transaction.
 */
import pg from 'pg';
import { transaction, type Db, type Queryable } from '../db/pool.js';

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
 * Given the pool, opens a transaction of its own; given anything else (a client inside the
 * caller's `transaction()`), trusts that a transaction is open and joins it. A bare pg.Client in
 * autocommit mode cannot be told apart and would lose the row locks between statements: don't.
 */
export function inTransaction<T>(q: Queryable, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  return q instanceof pg.Pool ? transaction(q, fn) : fn(q);
}
