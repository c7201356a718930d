/**
 * Settles one recorded payment, whatever its rail, and books it, idempotently: running it twice,
 * or after a crash at any point, credits the payment once. The rail (shared/payments/rails/) says
 * whether the money arrived; everything after that is the same for every rail.
 *
 * - settled: one transaction marks the row settled, books the incoming transfer (its id is the
 *   proof id, so a second booking is impossible) and lets the purpose finish its resource.
 * - pending (time-out, 5xx, network, an unpaid invoice): the caller retries later. Never marked
 *   failed on that ground.
 * - invalid on the first attempt, or definitively: the row fails with the reason and the purpose
 *   undoes its pending resource. Invalid on a later attempt of a rail whose refusal may hide an
 *   earlier success is kept pending and flagged for a person instead (fail closed).
 */
import type { Db, Queryable } from '../db/pool.js';
import { PgCode, pgCode, transaction } from '../db/pool.js';
import { bookSettled, type Booking, type BookOutcome } from './book.js';
import { SettlementPendingError, UnknownPaymentError } from './errors.js';
import { claimAttempt, flagForReview, getPayment, markFailed, type PaymentRow } from './queries.js';
import type { PaymentRails, RailResult } from './rails/index.js';
import { observePayment } from '../metrics.js';

/** What a payment's purpose (bond, job, scan pack, contract) does when its payment settles or fails. */
export interface PurposeHandler {
  /** The user account the incoming money is credited to (read inside the settling transaction). */
  inflowAccount(tx: Queryable, payment: PaymentRow): Promise<string>;
  onSettled(tx: Queryable, payment: PaymentRow): Promise<void>;
  onFailed(tx: Queryable, payment: PaymentRow, reason: string): Promise<void>;
  /**
   * Optional: the same for several payments of this purpose settled in one transaction, in fewer
   * statements (shared/payments/book.ts, `bookSettledMany`). Without it, a group books this
   * purpose's payments one by one.
   */
  many?: PurposeBatch;
}

/**
 * A purpose handler's batch form, for a group of two or more distinct payments of its purpose,
 * each just marked settled in the caller's transaction. `bookSettledMany` calls
 * `inflowAccounts`, books every payment's incoming transfer, then calls `onSettled`. Together
 * they must have exactly the effect of `inflowAccount`, the incoming transfer and `onSettled`
 * for each payment in turn. Where they cannot tell that they do (two payments for one
 * resource, say), they throw: the group is rolled back and each payment is booked on its own.
 */
export interface PurposeBatch {
  /** `inflowAccount` of each payment, in the order given. */
  inflowAccounts(tx: Queryable, payments: PaymentRow[]): Promise<string[]>;
  onSettled(tx: Queryable, payments: PaymentRow[]): Promise<void>;
}

export type PurposeHandlers = Record<string, PurposeHandler>;

export type SettleOutcome = 'settled' | 'already_settled' | 'failed' | 'already_failed' | 'needs_review';

export interface SettleDeps {
  db: Db;
  rails: PaymentRails;
  purposes: PurposeHandlers;
  /**
   * Runs the booking transaction; default a transaction of its own. The settlement worker passes
   * a group commit (shared/db/group-commit.ts): bookings that arrive together share one
   * transaction, and the shared ledger accounts are locked once per group.
   */
  commit?: <T>(work: (tx: Queryable) => Promise<T>) => Promise<T>;
  /**
   * Books a settled payment; when given, `commit` is not used. The settlement worker passes a
   * set commit of `bookSettledMany` (shared/db/group-commit.ts, `setCommit`): the bookings that
   * arrive together are booked as one set, with one statement per kind of write, in one
   * transaction.
   */
  book?: (booking: Booking) => Promise<BookOutcome>;
  /**
   * Counts an attempt and returns the pending row (`claimAttempt`); the settlement worker passes
   * a batched one (`claimAttempts` through shared/db/batched.ts): one statement for the jobs
   * that start together.
   */
  claim?: (paymentId: string) => Promise<PaymentRow | undefined>;
}

export async function settlePayment(deps: SettleDeps, paymentId: string): Promise<SettleOutcome> {
  const claimed = await (deps.claim ? deps.claim(paymentId) : claimAttempt(deps.db, paymentId));
  const payment = claimed ?? (await getPayment(deps.db, paymentId));
  if (!payment) throw new UnknownPaymentError(paymentId);
  const rail = deps.rails[payment.rail];
  if (!rail) throw new UnknownPaymentError(paymentId, `no ${payment.rail} rail in this process`);
  const handler = deps.purposes[payment.purpose];
  if (!handler) throw new UnknownPaymentError(paymentId, `no handler for purpose ${payment.purpose}`);
  if (!claimed) {
    if (payment.status === 'settled') return 'already_settled';
    if (payment.status === 'failed') return 'already_failed';
    return 'needs_review';
  }
  const result = await rail.settle(payment);
  if (result.status === 'pending') {
    observePayment(payment.rail, 'pending');
    throw new SettlementPendingError(result.reason);
  }
  const outcome = await finishSettlement(deps, payment, handler, result);
  if (outcome === 'settled' || outcome === 'failed' || outcome === 'needs_review') observePayment(payment.rail, outcome, payment.created_at);
  return outcome;
}

/** After the rail answered for a claimed payment: book it, fail it, or hold it for a person. */
async function finishSettlement(deps: SettleDeps, payment: PaymentRow, handler: PurposeHandler, result: Exclude<RailResult, { status: 'pending' }>): Promise<SettleOutcome> {
  const paymentId = payment.id;
  if (result.status === 'invalid') {
    if (payment.attempts > 1 && !result.definitive) {
      await flagForReview(deps.db, paymentId, `rail refused attempt ${payment.attempts}: ${result.reason}`);
      return 'needs_review';
    }
    return failPayment(deps.db, payment, handler, result.reason);
  }
  try {
    const booking: Booking = { payment, settlement: result.settlement, handler };
    if (deps.book) return await deps.book(booking);
    const commit = deps.commit ?? ((work) => transaction(deps.db, work));
    return await commit((tx) => bookSettled(tx, payment, result.settlement, handler));
  } catch (err) {
    // The money moved but the ledger cannot hold it: retrying would fail the same way forever.
    // Keep the row pending and hand it to a person (fail closed), with the reason.
    if (!isLedgerLimit(err)) throw err;
    await flagForReview(deps.db, paymentId, `settled by the rail but not booked: ledger account limit reached (${(err as Error).message})`);
    return 'needs_review';
  }
}

async function failPayment(db: Db, payment: PaymentRow, handler: PurposeHandler, reason: string): Promise<SettleOutcome> {
  return transaction(db, async (tx) => {
    const failed = await markFailed(tx, payment.id, reason);
    if (!failed) return 'already_failed';
    await handler.onFailed(tx, failed, reason);
    return 'failed';
  });
}

/** A ledger write refused because an account total would pass its bound (or bigint's). */
function isLedgerLimit(err: unknown): boolean {
  const code = pgCode(err);
  return code === PgCode.numericValueOutOfRange || (code === PgCode.checkViolation && (err as { constraint?: string }).constraint === 'ledger_accounts_totals_bounded');
}

export { bookSettled, bookSettledMany, type Booking, type BookOutcome } from './book.js';
