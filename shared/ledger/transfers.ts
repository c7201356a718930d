/**
 * Transfers: money moved from a debit account to a credit account, at once ('single') or held
 * ('pending') until posted or voided (see pending.ts). A transfer's id is its idempotency key.
 */
import type { Queryable } from '../db/pool.js';
import { balanceFromAccount, lockAccounts, moveTotals, type Account } from './accounts.js';
import { CurrencyMismatchError, InsufficientFundsError, InvalidTransferError, TransferConflictError } from './errors.js';
import type { Currency } from './money.js';
import { inTransaction } from './tx.js';

export type TransferKind = 'single' | 'pending' | 'post_pending' | 'void_pending';
export type PendingState = 'pending' | 'posted' | 'voided';

/** The purposes in use; any lowercase word of up to 32 characters is accepted. */
export const TransferCodes = {
  paymentIn: 'payment_in',
  bond: 'bond',
  escrow: 'escrow',
  stake: 'stake',
  payout: 'payout',
  refund: 'refund',
  slash: 'slash',
  fee: 'fee',
} as const;

/** One row of `ledger_transfers`. */
export interface Transfer {
  id: string;
  debitAccountId: string;
  creditAccountId: string;
  /** Minor units; for a post, the amount posted; for a void, the amount released. */
  amount: bigint;
  currency: Currency;
  code: string;
  kind: TransferKind;
  /** The pending transfer a post or void resolves; null otherwise. */
  pendingId: string | null;
  /** Set on pending transfers only. */
  state: PendingState | null;
  timeoutAt: Date | null;
  metadata: Record<string, unknown>;
  createdAt: Date;
}

export interface NewTransfer {
  /** The idempotency key: a rail's proof id for payments in, a natural key otherwise. */
  id: string;
  debit: string;
  credit: string;
  /** Minor units, > 0. */
  amount: bigint;
  /** The purpose, e.g. `TransferCodes.paymentIn`. */
  code: string;
  /** Hold the money instead of moving it; default false. */
  pending?: boolean;
  /** For a pending transfer: after this moment it can only be voided. */
  timeoutAt?: Date;
  /** Free-form context (payment id, job id). Not compared on an idempotent retry. */
  metadata?: Record<string, unknown>;
}

export interface TransferResult {
  transfer: Transfer;
  /** False when this id already existed with the same fields: an idempotent retry. */
  created: boolean;
}

export const TRANSFER_COLUMNS = `id, debit_account_id AS "debitAccountId", credit_account_id AS "creditAccountId",
  amount, currency, code, kind, pending_id AS "pendingId", state, timeout_at AS "timeoutAt",
  metadata, created_at AS "createdAt"`;

const CODE = /^[a-z][a-z0-9_]{0,31}$/;

/**
 * Creates a transfer, or returns the one with this id when it has the same accounts, amount,
 * code and kind (`created: false`). Locks both accounts in id order, checks the debit account's
 * funds, writes the transfer and updates the totals; on any error nothing is written.
 * Given the pool, it runs in a transaction of its own; given a client, it joins the caller's.
 *
 * @throws InsufficientFundsError, TransferConflictError, CurrencyMismatchError,
 *   AccountNotFoundError, InvalidTransferError
 */
export async function createTransfer(q: Queryable, input: NewTransfer): Promise<TransferResult> {
  validate(input);
  const kind: TransferKind = input.pending ? 'pending' : 'single';
  const wanted = { debitAccountId: input.debit, creditAccountId: input.credit, amount: input.amount, code: input.code, kind, pendingId: null };
  return inTransaction(q, async (tx) => {
    // A retry is answered without taking any lock.
    const retried = await replayed(tx, input.id, wanted);
    if (retried) return retried;
    const accounts = await lockAccounts(tx, [input.debit, input.credit]);
    // Looked up again under the locks: a concurrent twin may have committed while we waited,
    // and its debit must not make our retry look like a lack of funds.
    const raced = await replayed(tx, input.id, wanted);
    if (raced) return raced;
    const debit = accounts.get(input.debit)!;
    const credit = accounts.get(input.credit)!;
    if (debit.currency !== credit.currency) throw new CurrencyMismatchError(debit.currency, credit.currency);
    assertFunds(debit, input.amount);
    const transfer = await insertTransfer(tx, {
      ...wanted, id: input.id, currency: debit.currency, state: input.pending ? 'pending' : null,
      timeoutAt: input.timeoutAt ?? null, metadata: input.metadata ?? {},
    });
    // The id was taken meanwhile by a transfer between other accounts.
    if (!transfer) return (await replayed(tx, input.id, wanted))!;
    const held = input.pending ? input.amount : 0n;
    await moveTotals(tx, { debit: input.debit, credit: input.credit, pending: held, posted: input.amount - held });
    return { transfer, created: true };
  });
}

/**
 * The result of an idempotent retry when a transfer with this id exists and matches `wanted`;
 * null when there is none. Throws `TransferConflictError` when it exists and differs.
 */
export async function replayed(tx: Queryable, id: string, wanted: Partial<Comparable>): Promise<TransferResult | null> {
  const existing = await getTransfer(tx, id);
  return existing ? { transfer: sameOrThrow(existing, wanted), created: false } : null;
}

/** The transfer with this id, or null. */
export async function getTransfer(q: Queryable, id: string): Promise<Transfer | null> {
  const { rows } = await q.query<Transfer>(`SELECT ${TRANSFER_COLUMNS} FROM ledger_transfers WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

function validate(input: NewTransfer): void {
  if (typeof input.id !== 'string' || input.id.length === 0 || input.id.length > 300) {
    throw new InvalidTransferError('a transfer id is 1 to 300 characters');
  }
  if (typeof input.amount !== 'bigint' || input.amount <= 0n) {
    throw new InvalidTransferError(`transfer ${input.id}: amount must be a bigint above zero, got ${String(input.amount)}`);
  }
  if (input.debit === input.credit) throw new InvalidTransferError(`transfer ${input.id}: debit and credit are both ${input.debit}`);
  if (!CODE.test(input.code)) throw new InvalidTransferError(`transfer ${input.id}: code ${JSON.stringify(input.code)} is not a lowercase word`);
  if (input.timeoutAt && !input.pending) throw new InvalidTransferError(`transfer ${input.id}: only a pending transfer has a timeout`);
}

/** Throws `InsufficientFundsError` when debiting `amount` would overdraw a guarded account. */
export function assertFunds(debit: Account, amount: bigint): void {
  if (!debit.debitsMustNotExceedCredits) return;
  const { available } = balanceFromAccount(debit);
  if (amount > available) throw new InsufficientFundsError(debit.id, amount, available);
}

export type Comparable = Pick<Transfer, 'debitAccountId' | 'creditAccountId' | 'amount' | 'code' | 'kind' | 'pendingId'>;

/**
 * Returns `existing` when it matches what the retry asks for, else throws
 * `TransferConflictError` listing the differences. Metadata and timeouts are not compared: a
 * retry often rebuilds them from the clock.
 */
export function sameOrThrow(existing: Transfer, wanted: Partial<Comparable>): Transfer {
  const differences: string[] = [];
  for (const key of Object.keys(wanted) as (keyof Comparable)[]) {
    const want = wanted[key];
    if (want !== undefined && existing[key] !== want) differences.push(`${key} is ${String(existing[key])}, not ${String(want)}`);
  }
  if (differences.length > 0) throw new TransferConflictError(existing.id, differences);
  return existing;
}

/** A transfer as written; the database stamps `createdAt`. */
export type TransferRow = Omit<Transfer, 'createdAt'>;

/** Inserts a transfer row; null when the id is already taken (ON CONFLICT DO NOTHING). */
export async function insertTransfer(q: Queryable, t: TransferRow): Promise<Transfer | null> {
  const { rows } = await q.query<Transfer>(
    `INSERT INTO ledger_transfers
       (id, debit_account_id, credit_account_id, amount, currency, code, kind, pending_id, state, timeout_at, metadata)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
     ON CONFLICT (id) DO NOTHING RETURNING ${TRANSFER_COLUMNS}`,
    [t.id, t.debitAccountId, t.creditAccountId, t.amount, t.currency, t.code, t.kind, t.pendingId, t.state, t.timeoutAt, t.metadata],
  );
  return rows[0] ?? null;
}
