/**
 * The second phase of a pending transfer: post it (all or part; the rest goes back to the debit
 * account) or void it (all goes back). Each is a child transfer with its own idempotency key, and
 * a pending transfer is resolved once: its state moves from 'pending' to 'posted' or 'voided'.
 */
import type { Queryable } from '../db/pool.js';
import { lockAccounts, moveTotals } from './accounts.js';
import {
  InvalidTransferError,
  PendingTransferExpiredError,
  PendingTransferStateError,
  TransferNotFoundError,
} from './errors.js';
import { insertTransfer, replayed, TRANSFER_COLUMNS, type Transfer, type TransferResult } from './transfers.js';
import { inTransaction } from './tx.js';

export interface PostPendingInput {
  /** The idempotency key of the post itself. */
  id: string;
  /** The pending transfer to post. */
  pendingId: string;
  /** Minor units to post, 0 < amount <= the pending amount; default the whole pending amount. */
  amount?: bigint;
  metadata?: Record<string, unknown>;
}

export interface VoidPendingInput {
  /** The idempotency key of the void itself. */
  id: string;
  /** The pending transfer to void. */
  pendingId: string;
  metadata?: Record<string, unknown>;
}

/**
 * Posts a pending transfer: `amount` (default all) moves for good, the rest of the hold goes
 * back to the debit account. Retrying with the same id returns the first post (`created: false`).
 * A timed-out pending transfer can only be voided.
 *
 * @throws PendingTransferStateError (already posted or voided), PendingTransferExpiredError,
 *   TransferNotFoundError, TransferConflictError, InvalidTransferError
 */
export function postPending(q: Queryable, input: PostPendingInput): Promise<TransferResult> {
  return resolve(q, 'post_pending', input);
}

/**
 * Voids a pending transfer: the whole hold goes back to the debit account. Retrying with the
 * same id returns the first void (`created: false`).
 *
 * @throws PendingTransferStateError, TransferNotFoundError, TransferConflictError
 */
export function voidPending(q: Queryable, input: VoidPendingInput): Promise<TransferResult> {
  return resolve(q, 'void_pending', { ...input, amount: undefined });
}

/**
 * Pending transfers whose timeout has passed and that are still open, oldest first: the work
 * list of a sweeper that voids them (TigerBeetle expires them itself; here someone must).
 */
export async function listExpiredPending(q: Queryable, limit = 100): Promise<Transfer[]> {
  const { rows } = await q.query<Transfer>(
    `SELECT ${TRANSFER_COLUMNS} FROM ledger_transfers
     WHERE kind = 'pending' AND state = 'pending' AND timeout_at IS NOT NULL AND timeout_at <= now()
     ORDER BY timeout_at LIMIT $1`,
    [limit],
  );
  return rows;
}

type Resolution = 'post_pending' | 'void_pending';

async function resolve(q: Queryable, kind: Resolution, input: PostPendingInput): Promise<TransferResult> {
  if (typeof input.id !== 'string' || input.id.length === 0 || input.id.length > 300) {
    throw new InvalidTransferError('a transfer id is 1 to 300 characters');
  }
  const wanted = { kind, pendingId: input.pendingId, amount: input.amount };
  return inTransaction(q, async (tx) => {
    const retried = await replayed(tx, input.id, wanted);
    if (retried) return retried;
    const pending = await lockPending(tx, input.pendingId);
    // Looked up again under the lock: a concurrent twin of this very request may have resolved
    // the transfer while we waited, which is a retry, not a state error.
    const raced = await replayed(tx, input.id, wanted);
    if (raced) return raced;
    assertResolvable(pending, kind);
    const amount = kind === 'void_pending' ? pending.amount : (input.amount ?? pending.amount);
    if (amount <= 0n || amount > pending.amount) {
      throw new InvalidTransferError(`cannot post ${amount} of pending transfer ${pending.id}: it holds ${pending.amount}`);
    }
    await lockAccounts(tx, [pending.debitAccountId, pending.creditAccountId]);
    const transfer = await insertTransfer(tx, {
      id: input.id, debitAccountId: pending.debitAccountId, creditAccountId: pending.creditAccountId,
      amount, currency: pending.currency, code: pending.code, kind, pendingId: pending.id, state: null,
      timeoutAt: null, metadata: input.metadata ?? {},
    });
    // Only reachable when another transaction took this id for something else meanwhile.
    if (!transfer) return (await replayed(tx, input.id, wanted))!;
    const state = kind === 'post_pending' ? 'posted' : 'voided';
    await tx.query(`UPDATE ledger_transfers SET state = $2 WHERE id = $1 AND state = 'pending'`, [pending.id, state]);
    const posted = kind === 'post_pending' ? amount : 0n;
    await moveTotals(tx, { debit: pending.debitAccountId, credit: pending.creditAccountId, pending: -pending.amount, posted });
    return { transfer, created: true };
  });
}

/**
 * Locks the pending transfer row so that two resolutions of it queue up. Lock order is the
 * pending transfer, then its accounts, everywhere.
 */
async function lockPending(tx: Queryable, pendingId: string): Promise<Transfer & { expired: boolean }> {
  const { rows } = await tx.query<Transfer & { expired: boolean }>(
    `SELECT ${TRANSFER_COLUMNS}, coalesce(timeout_at <= now(), false) AS expired
     FROM ledger_transfers WHERE id = $1 FOR UPDATE`,
    [pendingId],
  );
  if (!rows[0]) throw new TransferNotFoundError(pendingId);
  return rows[0];
}

/** Throws unless `pending` is an open pending transfer that may be resolved this way. */
function assertResolvable(pending: Transfer & { expired: boolean }, kind: Resolution): void {
  if (pending.kind !== 'pending') throw new InvalidTransferError(`transfer ${pending.id} is a ${pending.kind} transfer, not a pending one`);
  const attempted = kind === 'post_pending' ? 'post' : 'void';
  if (pending.state !== 'pending') throw new PendingTransferStateError(pending.id, pending.state ?? 'unknown', attempted);
  if (kind === 'post_pending' && pending.expired) throw new PendingTransferExpiredError(pending.id, pending.timeoutAt!);
}
