/**
 * Settles one recorded x402 payment through the facilitator and books it, idempotently:
 * running it twice, or after a crash at any point, credits the payment once.
 *
 * - settled: one transaction marks the row settled, books the incoming transfer (its id is the
 *   proof id, so a second booking is impossible) and lets the purpose finish its resource.
 * - pending (time-out, 5xx, network, `settlement_pending`): the caller retries later with the
 *   same payload. Never marked failed on that ground.
 * - invalid on the first attempt: the row fails with the reason and the purpose undoes its
 *   pending resource. Invalid on a later attempt may mean our earlier settle went through before
 *   a crash, so the row is kept pending and flagged for a person instead (fail closed).
 */
import type { Db, Queryable } from '../db/pool.js';
import { PgCode, pgCode, transaction } from '../db/pool.js';
import { AccountIds, createTransfer, ensureAccount, type Currency } from '../ledger/index.js';
import { parsePaymentPayload, parseServerRequirements, type Facilitator } from '../x402/index.js';
import { claimAttempt, flagForReview, getPayment, markFailed, markSettled, type PaymentRow } from './queries.js';

/** What a payment's purpose (bond, job, contract) does when its payment settles or fails. */
export interface PurposeHandler {
  /** The user account the incoming money is credited to (read inside the settling transaction). */
  inflowAccount(tx: Queryable, payment: PaymentRow): Promise<string>;
  onSettled(tx: Queryable, payment: PaymentRow): Promise<void>;
  onFailed(tx: Queryable, payment: PaymentRow, reason: string): Promise<void>;
}

export type PurposeHandlers = Record<string, PurposeHandler>;

export type SettleOutcome = 'settled' | 'already_settled' | 'failed' | 'already_failed' | 'needs_review';

/** Thrown when the facilitator has not settled yet; the queue retries with backoff. */
export class SettlementPendingError extends Error {
  constructor(readonly reason: string) {
    super(`settlement pending: ${reason}`);
    this.name = 'SettlementPendingError';
  }
}

export class UnknownPaymentError extends Error {
  constructor(readonly paymentId: string, detail = 'not found') {
    super(`payment ${paymentId}: ${detail}`);
    this.name = 'UnknownPaymentError';
  }
}

export interface SettleDeps {
  db: Db;
  facilitator: Facilitator;
  purposes: PurposeHandlers;
}

export async function settleX402Payment(deps: SettleDeps, paymentId: string): Promise<SettleOutcome> {
  const claimed = await claimAttempt(deps.db, paymentId);
  const payment = claimed ?? (await getPayment(deps.db, paymentId));
  if (!payment || payment.rail !== 'x402') throw new UnknownPaymentError(paymentId);
  const handler = deps.purposes[payment.purpose];
  if (!handler) throw new UnknownPaymentError(paymentId, `no handler for purpose ${payment.purpose}`);
  if (!claimed) {
    if (payment.status === 'settled') return 'already_settled';
    if (payment.status === 'failed') return 'already_failed';
    return 'needs_review';
  }
  const attempt = payment.attempts;
  // The same payload as the first attempt, exactly as the payer signed it.
  const result = await deps.facilitator.settle(parsePaymentPayload(payment.payload), parseServerRequirements(payment.requirements));
  if (result.status === 'pending') throw new SettlementPendingError(result.reason);
  if (result.status === 'invalid') {
    if (attempt > 1) {
      await flagForReview(deps.db, paymentId, `facilitator refused attempt ${attempt}: ${result.reason}`);
      return 'needs_review';
    }
    return transaction(deps.db, async (tx) => {
      const failed = await markFailed(tx, paymentId, result.reason);
      if (!failed) return 'already_failed';
      await handler.onFailed(tx, failed, result.reason);
      return 'failed';
    });
  }
  try {
    return await transaction(deps.db, async (tx) => {
      const settled = await markSettled(tx, paymentId, { transaction: result.transaction, network: result.network, payer: result.payer });
      if (!settled) return 'already_settled';
      await bookIncoming(tx, settled, await handler.inflowAccount(tx, settled));
      await handler.onSettled(tx, settled);
      return 'settled';
    });
  } catch (err) {
    // The money moved but the ledger cannot hold it: retrying would fail the same way forever.
    // Keep the row pending and hand it to a person (fail closed), with the reason.
    if (!isLedgerLimit(err)) throw err;
    await flagForReview(deps.db, paymentId, `settled by the facilitator but not booked: ledger account limit reached (${(err as Error).message})`);
    return 'needs_review';
  }
}

/** A ledger write refused because an account total would pass its bound (or bigint's). */
function isLedgerLimit(err: unknown): boolean {
  const code = pgCode(err);
  return code === PgCode.numericValueOutOfRange || (code === PgCode.checkViolation && (err as { constraint?: string }).constraint === 'ledger_accounts_totals_bounded');
}

/** The one incoming transfer of a payment: its id is the proof id. */
async function bookIncoming(tx: Queryable, payment: PaymentRow, credit: string): Promise<void> {
  const currency = payment.currency as Currency;
  const source = AccountIds.external(payment.rail, currency);
  await ensureAccount(tx, { id: source, currency, kind: 'external' });
  await ensureAccount(tx, { id: credit, currency, kind: 'user' });
  await createTransfer(tx, {
    id: payment.proof_id,
    debit: source,
    credit,
    amount: payment.amount,
    code: 'payment_in',
    metadata: { payment_id: payment.id, purpose: payment.purpose },
  });
}
