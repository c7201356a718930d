/**
 * Transfers: money moved from a debit account to a credit account, at once ('single') or held
 * ('pending') until posted or voided (see pending.ts). A transfer's id is its idempotency key.
 */
import type { Queryable } from '../db/pool.js';
import {
  AccountNotFoundError,
  CurrencyMismatchError,
  InsufficientFundsError,
  InvalidTransferError,
  LedgerError,
  TransferConflictError,
} from './errors.js';
import type { Currency } from './money.js';
import { singleStatement } from './tx.js';

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
 * All of that is one statement (`ledger_create_transfer`, migration 0005), so the locks on shared
 * accounts last one round trip. Given the pool, that statement is its own transaction; given a
 * client, it joins the caller's, which a refusal leaves usable.
 *
 * @throws InsufficientFundsError, TransferConflictError, CurrencyMismatchError,
 *   AccountNotFoundError, InvalidTransferError
 */
export async function createTransfer(q: Queryable, input: NewTransfer): Promise<TransferResult> {
  validate(input);
  const result = await callWrite(q, 'ledger_create_transfer($1::text, $2::text, $3::text, $4::bigint, $5::text, $6::boolean, $7::timestamptz, $8::jsonb)', [
    input.id, input.debit, input.credit, input.amount, input.code, !!input.pending, input.timeoutAt ?? null, input.metadata ?? {},
  ]);
  return answerOf(input, result);
}

/**
 * `createTransfer` for each of `inputs`, in order, in one statement (`ledger_create_transfers`,
 * migration 0017): the same locks, checks and answers as the calls one after the other. The first
 * refusal is thrown as `createTransfer` throws it, and nothing after it is attempted; the
 * transfers before it stay written in the caller's transaction, so a caller that gets an error
 * rolls back (as every caller of a transaction does). Ids must be distinct.
 *
 * @throws the errors of `createTransfer`, and InvalidTransferError for an id given twice
 */
export async function createTransfers(q: Queryable, inputs: NewTransfer[]): Promise<TransferResult[]> {
  if (inputs.length === 0) return [];
  const ids = new Set<string>();
  for (const input of inputs) {
    validate(input);
    if (ids.has(input.id)) throw new InvalidTransferError(`transfer ${input.id} is given twice in one batch`);
    ids.add(input.id);
  }
  const { rows } = await singleStatement<Omit<WriteResult, 'transfer'> & Transfer>(
    q,
    `SELECT ${RESULT_COLUMNS} FROM (
       SELECT ord, (result).* FROM ledger_create_transfers($1::text[], $2::text[], $3::text[], $4::bigint[], $5::text[], $6::boolean[], $7::timestamptz[], $8::jsonb[])
     ) r ORDER BY ord`,
    [
      inputs.map((i) => i.id), inputs.map((i) => i.debit), inputs.map((i) => i.credit), inputs.map((i) => i.amount), inputs.map((i) => i.code),
      inputs.map((i) => !!i.pending), inputs.map((i) => i.timeoutAt ?? null), inputs.map((i) => JSON.stringify(i.metadata ?? {})),
    ],
  );
  return rows.map((row, i) => answerOf(inputs[i], writeResultOf(row)));
}

/** What createTransfer answers for `result`: the transfer, or the refusal thrown as its error. */
function answerOf(input: NewTransfer, result: WriteResult): TransferResult {
  const kind: TransferKind = input.pending ? 'pending' : 'single';
  const wanted = { debitAccountId: input.debit, creditAccountId: input.credit, amount: input.amount, code: input.code, kind, pendingId: null };
  switch (result.outcome) {
    case 'no_account':
      throw new AccountNotFoundError(result.accountId!);
    case 'currency_mismatch':
      throw new CurrencyMismatchError(result.debitCurrency!, result.creditCurrency!);
    case 'insufficient_funds':
      throw new InsufficientFundsError(result.accountId!, input.amount, result.available!);
    default:
      return resultOf(result, wanted);
  }
}

/** What `ledger_create_transfer` and `ledger_resolve_pending` answer (migration 0005). */
export type WriteOutcome =
  | 'created' | 'exists' | 'no_account' | 'currency_mismatch' | 'insufficient_funds'
  | 'not_found' | 'not_pending' | 'resolved' | 'expired' | 'bad_amount';

export interface WriteResult {
  outcome: WriteOutcome;
  /** The missing account, or the debit account that lacks funds. */
  accountId: string | null;
  /** The debit account's available funds, when they were not enough. */
  available: bigint | null;
  debitCurrency: Currency | null;
  creditCurrency: Currency | null;
  /** The transfer created or found under the id; for a refused post or void, the pending one. */
  transfer: Transfer | null;
}

const RESULT_COLUMNS = `outcome, account_id AS "accountId", available,
  debit_currency AS "debitCurrency", credit_currency AS "creditCurrency", ${TRANSFER_COLUMNS}`;

/** Runs one of the ledger's write functions, `call` being e.g. `ledger_create_transfer($1, ...)`. */
export async function callWrite(q: Queryable, call: string, values: unknown[]): Promise<WriteResult> {
  const { rows } = await singleStatement<Omit<WriteResult, 'transfer'> & Transfer>(q, `SELECT ${RESULT_COLUMNS} FROM ${call}`, values);
  return writeResultOf(rows[0]);
}

function writeResultOf(row: Omit<WriteResult, 'transfer'> & Transfer): WriteResult {
  const { outcome, accountId, available, debitCurrency, creditCurrency, ...transfer } = row;
  return { outcome, accountId, available, debitCurrency, creditCurrency, transfer: transfer.id === null ? null : transfer };
}

/**
 * The result of a write that did not refuse: the new transfer, or the existing one under this id
 * when it matches `wanted` (an idempotent retry). Throws `TransferConflictError` when it differs.
 */
export function resultOf(result: WriteResult, wanted: Partial<Comparable>): TransferResult {
  if (result.outcome === 'created') return { transfer: result.transfer!, created: true };
  if (result.outcome === 'exists') return { transfer: sameOrThrow(result.transfer!, wanted), created: false };
  throw new LedgerError(`unexpected ledger outcome ${result.outcome}`);
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
