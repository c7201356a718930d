/**
 * Recording a payment, whatever its rail: the payment row and the resource it pays for are
 * written in one transaction, and the rail's proof id is claimed under the payments table's
 * UNIQUE constraint in that same transaction. A proof used before fails the whole transaction
 * with PaymentReplayError, so a replayed or raced proof creates nothing and credits nothing.
 */
import type { Db, Queryable } from '../db/pool.js';
import { PgCode, pgCode, preparedQuery, transaction } from '../db/pool.js';
import { setCommit, type SetCommit } from '../db/group-commit.js';
import { newPaymentId } from '../ids.js';
import type { Currency } from '../ledger/index.js';
import { PaymentReplayError } from './errors.js';
import { getPayment, insertPayment, insertPaymentStatement, PAYMENT_COLUMNS, type NewPayment, type PaymentRail, type PaymentRow } from './queries.js';

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

/** One recording of `recordPaidInsert`: the resource's INSERT and the payment row. */
interface PaidInsert {
  insertResource: string;
  values: unknown[];
  payment: NewPayment;
  /** Reads the resource back as the INSERT returns it, for a recording whose commit's answer was lost. */
  readBack?: (q: Queryable) => Promise<unknown>;
}

/** A recording's resource and payment. */
export interface Recorded<R> {
  resource: R;
  payment: PaymentRow;
}

/**
 * The one-statement form of `recordPaid` + `insertAcceptedPayment`, for a resource that is a
 * single INSERT: the resource and its payment are written by one statement (so atomically,
 * without BEGIN and COMMIT round trips). `insertResource` is a fixed `INSERT ... RETURNING` with
 * an explicit column list (the statement is prepared: `preparedQuery`) whose parameters are
 * `values`, and with no `$` but its parameters' (recordings that arrive together are written
 * by one statement that numbers them anew). A proof claimed before is a PaymentReplayError and
 * writes nothing.
 *
 * Recordings that arrive while others are being written are written together, by one statement
 * with the CTEs of each side by side: one commit (one WAL flush) for all of them (`setCommit`,
 * shared/db/group-commit.ts). When that statement fails (a replayed or raced proof among them,
 * a lost connection), each is written again on its own, so each gets the answer it would have
 * had alone: a replayed proof its PaymentReplayError, the others their rows. With `readBack`, a
 * recording whose group committed before its connection dropped gets its rows too (writeAlone).
 */
export async function recordPaidInsert<R>(
  db: Db, insertResource: string, values: unknown[], paid: AcceptedPayment, purpose: string, subjectId: string, paymentId = newPaymentId(),
  readBack?: (q: Queryable) => Promise<R | undefined>,
): Promise<Recorded<R>> {
  const recording = { insertResource, values, payment: newPaymentOf(paid, purpose, subjectId, paymentId), readBack };
  return (await recorderOf(db).run(recording)) as Recorded<R>;
}

const recorders = new WeakMap<Db, SetCommit<PaidInsert, Recorded<unknown>>>();

/** The set commit of recordings into `db`, one per pool. */
function recorderOf(db: Db): SetCommit<PaidInsert, Recorded<unknown>> {
  let recorder = recorders.get(db);
  if (!recorder) {
    recorder = setCommit(db, writeRecordings, { alone: (recording) => writeAlone(db, recording), oneStatement: true });
    recorders.set(db, recorder);
  }
  return recorder;
}

/**
 * One recording, one autocommitted statement; a proof claimed before is a PaymentReplayError.
 * Written again after its group's statement failed, a recording may meet its own rows: the group
 * committed and only the answer was lost (the connection dropped after the commit). Its payment
 * id is fresh for this request, so a payment row with that id is its own: it is answered with
 * its rows, as the group would have answered it, not as a replay.
 */
async function writeAlone(db: Db, recording: PaidInsert): Promise<Recorded<unknown>> {
  try {
    return (await writeRecordings(db, [recording]))[0];
  } catch (err) {
    if (pgCode(err) === PgCode.uniqueViolation) {
      const own = await ownRecording(db, recording);
      if (own) return own;
    }
    if (isProofClaimed(err)) throw new PaymentReplayError(err);
    throw err;
  }
}

/** The rows a recording already wrote, if its payment id is in the table with its proof. */
async function ownRecording(db: Db, recording: PaidInsert): Promise<Recorded<unknown> | null> {
  if (!recording.readBack) return null;
  const payment = await getPayment(db, recording.payment.id);
  if (!payment || payment.proof_id !== recording.payment.proof_id) return null;
  const resource = await recording.readBack(db);
  return resource === undefined ? null : { resource, payment };
}

const PAYMENT_SELECT = PAYMENT_COLUMNS.map((c) => `payment.${c} AS "payment.${c}"`).join(', ');

/** `text` with its parameters `$n` numbered from `$(n + offset)`. */
function shiftParameters(text: string, offset: number): string {
  return offset === 0 ? text : text.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`);
}

/**
 * Writes recordings with one statement: for each, a CTE inserting its resource and one inserting
 * its payment, with its parameters numbered after the previous one's; one row back for each,
 * tagged with its place in the list.
 */
async function writeRecordings(q: Queryable, recordings: PaidInsert[]): Promise<Recorded<unknown>[]> {
  const ctes: string[] = [];
  const selects: string[] = [];
  const values: unknown[] = [];
  recordings.forEach((recording, i) => {
    const resource = shiftParameters(recording.insertResource, values.length);
    const payment = insertPaymentStatement(recording.payment, values.length + recording.values.length + 1);
    ctes.push(`resource_${i} AS (${resource}), payment_${i} AS (${payment.text})`);
    selects.push(`SELECT ${i} AS "recording", resource.*, ${PAYMENT_SELECT} FROM resource_${i} AS resource, payment_${i} AS payment`);
    values.push(...recording.values, ...payment.values);
  });
  const { rows } = await preparedQuery(q, `WITH ${ctes.join(',\n  ')}\n${selects.join('\nUNION ALL ')}`, values);
  const out: Recorded<unknown>[] = new Array(recordings.length);
  for (const row of rows as Record<string, unknown>[]) out[row.recording as number] = splitRecorded(row);
  if (rows.length !== recordings.length) throw new Error(`${recordings.length} recordings answered ${rows.length} rows`);
  return out;
}

/** A row of `writeRecordings` as the resource and its payment. */
function splitRecorded(row: Record<string, unknown>): Recorded<unknown> {
  const resource: Record<string, unknown> = {};
  const payment: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (key === 'recording') continue;
    if (key.startsWith('payment.')) payment[key.slice('payment.'.length)] = value;
    else resource[key] = value;
  }
  return { resource, payment: payment as unknown as PaymentRow };
}
