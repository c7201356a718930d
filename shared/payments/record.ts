/**
 * Recording a payment, whatever its rail: the payment row and the resource it pays for are
 * written in one transaction, and the rail's proof id is claimed under the payments table's
 * UNIQUE constraint in that same transaction. A proof used before fails the whole transaction
 * with PaymentReplayError, so a replayed or raced proof creates nothing and credits nothing.
 */
import type { Db, Queryable } from '../db/pool.js';
import { PgCode, pgCode, preparedQuery, transaction } from '../db/pool.js';
import { newPaymentId } from '../ids.js';
import type { Currency } from '../ledger/index.js';
import { PaymentReplayError } from './errors.js';
import { insertPayment, insertPaymentStatement, PAYMENT_COLUMNS, type NewPayment, type PaymentRail, type PaymentRow } from './queries.js';

/** A payment its rail has verified, ready to be recorded. */
export interface AcceptedPayment {
  rail: PaymentRail;
  /** The rail's own proof id: x402 chain + payer + nonce, a Lightning payment hash. */
  proofId: string;
  payer: string;
  amount: bigint;
  currency: Currency;
  /** What settlement needs to run again after a crash, exactly as the payer sent it. */
  payload: unknown;
  requirements: unknown;
}

/** The payment row of `purpose` for `subjectId` that a verified payment becomes. */
function newPaymentOf(paid: AcceptedPayment, purpose: string, subjectId: string, id: string): NewPayment {
  return {
    id, rail: paid.rail, proof_id: paid.proofId, purpose, subject_id: subjectId, amount: paid.amount,
    currency: paid.currency, payer: paid.payer.toLowerCase(), payload: paid.payload, requirements: paid.requirements,
  };
}

/** Writes the payment row of `purpose` for `subjectId`, in the caller's transaction. */
export function insertAcceptedPayment(tx: Queryable, paid: AcceptedPayment, purpose: string, subjectId: string, id = newPaymentId()): Promise<PaymentRow> {
  return insertPayment(tx, newPaymentOf(paid, purpose, subjectId, id));
}

/** True when `err` is the proof id's unique violation: the proof was claimed before. */
export function isProofClaimed(err: unknown): boolean {
  return pgCode(err) === PgCode.uniqueViolation && (err as { constraint?: string }).constraint === 'payments_proof_id_key';
}

/**
 * Runs `work` (which records the resource and its payment) in one transaction; a proof claimed
 * before becomes PaymentReplayError. Other errors pass through for the caller to name.
 */
export async function recordPaid<T>(db: Db, work: (tx: Queryable) => Promise<T>): Promise<T> {
  try {
    return await transaction(db, work);
  } catch (err) {
    if (isProofClaimed(err)) throw new PaymentReplayError(err);
    throw err;
  }
}

/**
 * The one-statement form of `recordPaid` + `insertAcceptedPayment`, for a resource that is a
 * single INSERT: the resource and its payment are written by one statement (so atomically,
 * without BEGIN and COMMIT round trips). `insertResource` is a fixed `INSERT ... RETURNING` with
 * an explicit column list (the statement is prepared: `preparedQuery`) whose parameters are
 * `values`; the payment's parameters follow them. A proof claimed before is a PaymentReplayError
 * and writes nothing.
 */
export async function recordPaidInsert<R>(
  db: Queryable, insertResource: string, values: unknown[], paid: AcceptedPayment, purpose: string, subjectId: string, paymentId = newPaymentId(),
): Promise<{ resource: R; payment: PaymentRow }> {
  const insertPaymentRow = insertPaymentStatement(newPaymentOf(paid, purpose, subjectId, paymentId), values.length + 1);
  const paymentColumns = PAYMENT_COLUMNS.map((c) => `payment.${c} AS "payment.${c}"`).join(', ');
  const sql = `WITH resource AS (${insertResource}), payment AS (${insertPaymentRow.text})
    SELECT resource.*, ${paymentColumns} FROM resource, payment`;
  let row: Record<string, unknown>;
  try {
    ({ rows: [row] } = await preparedQuery(db, sql, [...values, ...insertPaymentRow.values]));
  } catch (err) {
    if (isProofClaimed(err)) throw new PaymentReplayError(err);
    throw err;
  }
  const resource: Record<string, unknown> = {};
  const payment: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (key.startsWith('payment.')) payment[key.slice('payment.'.length)] = value;
    else resource[key] = value;
  }
  return { resource: resource as R, payment: payment as unknown as PaymentRow };
}
