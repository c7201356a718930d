/**
 * The second phase of a pending transfer: post it (all or part; the rest goes back to the debit
 * account) or void it (all goes back). Each is a child transfer with its own idempotency key, and
 * a pending transfer is resolved once: its state moves from 'pending' to 'posted' or 'voided'.
 */
import type { Queryable } from '../db/pool.js';
import {
  InvalidTransferError,
  LedgerError,
  PendingTransferExpiredError,
  PendingTransferStateError,
  TransferNotFoundError,
} from './errors.js';
import { callWrite, resultOf, TRANSFER_COLUMNS, type Transfer, type TransferResult, type WriteOutcome } from './transfers.js';

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

/**
 * One statement (`ledger_resolve_pending`, migration 0005): answers a retry, locks the pending
 * transfer and then its accounts, checks it may be resolved this way, writes the post or void,
 * marks the pending transfer and moves the totals.
 */
async function resolve(q: Queryable, kind: Resolution, input: PostPendingInput): Promise<TransferResult> {
  if (typeof input.id !== 'string' || input.id.length === 0 || input.id.length > 300) {
    throw new InvalidTransferError('a transfer id is 1 to 300 characters');
  }
  const wanted = { kind, pendingId: input.pendingId, amount: input.amount };
  const result = await callWrite(q, 'ledger_resolve_pending($1::text, $2::text, $3::text, $4::bigint, $5::jsonb)', [
    input.id, input.pendingId, kind, input.amount ?? null, input.metadata ?? {},
  ]);
  if (result.outcome === 'not_found') throw new TransferNotFoundError(input.pendingId);
  if (result.outcome === 'created' || result.outcome === 'exists') return resultOf(result, wanted);
  throw refusal(result.outcome, result.transfer!, kind, input.amount);
}

/** The error for a pending transfer that may not be resolved this way; `pending` says why. */
function refusal(outcome: WriteOutcome, pending: Transfer, kind: Resolution, amount: bigint | undefined): LedgerError {
  const attempted = kind === 'post_pending' ? 'post' : 'void';
  switch (outcome) {
    case 'not_pending':
      return new InvalidTransferError(`transfer ${pending.id} is a ${pending.kind} transfer, not a pending one`);
    case 'resolved':
      return new PendingTransferStateError(pending.id, pending.state ?? 'unknown', attempted);
    case 'expired':
      return new PendingTransferExpiredError(pending.id, pending.timeoutAt!);
    case 'bad_amount':
      return new InvalidTransferError(`cannot post ${amount} of pending transfer ${pending.id}: it holds ${pending.amount}`);
    default:
      return new LedgerError(`unexpected ledger outcome ${outcome} for transfer ${pending.id}`);
  }
}
