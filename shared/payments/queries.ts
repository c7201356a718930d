/** SQL for payment proofs. The UNIQUE proof_id is the atomic claim on a payment proof. */
import { preparedQuery, type Queryable } from '../db/pool.js';

export type PaymentStatus = 'pending' | 'settled' | 'failed';

/** The rails money arrives by; each has a file under shared/payments/rails/. */
export const PAYMENT_RAILS = ['x402', 'lightning', 'gateway'] as const;
export type PaymentRail = (typeof PAYMENT_RAILS)[number];

export interface PaymentRow {
  id: string;
  rail: PaymentRail;
  proof_id: string;
  purpose: string;
  subject_id: string;
  amount: bigint;
  currency: string;
  payer: string;
  status: PaymentStatus;
  payload: unknown;
  requirements: unknown;
  settlement: Record<string, unknown> | null;
  failure_reason: string | null;
  review_reason: string | null;
  attempts: number;
  created_at: Date;
  updated_at: Date;
  settled_at: Date | null;
}

/** Every column of `payments`, in the order of PaymentRow. */
export const PAYMENT_COLUMNS = [
  'id', 'rail', 'proof_id', 'purpose', 'subject_id', 'amount', 'currency', 'payer', 'status', 'payload', 'requirements',
  'settlement', 'failure_reason', 'review_reason', 'attempts', 'created_at', 'updated_at', 'settled_at',
] as const satisfies readonly (keyof PaymentRow)[];

/** PAYMENT_COLUMNS for a select list: what prepared statements name instead of `*`. */
const PAYMENT_LIST = PAYMENT_COLUMNS.join(', ');

export type NewPayment = Pick<PaymentRow, 'id' | 'rail' | 'proof_id' | 'purpose' | 'subject_id' | 'amount' | 'currency' | 'payer' | 'payload' | 'requirements'>;

/**
 * The INSERT of a payment row, `RETURNING *`, with its parameters numbered from `$<first>` (so
 * it can follow another statement's parameters in one query).
 */
export function insertPaymentStatement(p: NewPayment, first = 1): { text: string; values: unknown[] } {
  const params = Array.from({ length: 10 }, (_, i) => `$${first + i}`).join(', ');
  return {
    text: `INSERT INTO payments (id, rail, proof_id, purpose, subject_id, amount, currency, payer, payload, requirements)
     VALUES (${params}) RETURNING *`,
    values: [p.id, p.rail, p.proof_id, p.purpose, p.subject_id, p.amount, p.currency, p.payer, JSON.stringify(p.payload), JSON.stringify(p.requirements)],
  };
}

export async function insertPayment(q: Queryable, p: NewPayment): Promise<PaymentRow> {
  const { text, values } = insertPaymentStatement(p);
  const { rows } = await q.query<PaymentRow>(text, values);
  return rows[0];
}

export async function getPayment(q: Queryable, id: string, forUpdate = false): Promise<PaymentRow | undefined> {
  const { rows } = await q.query<PaymentRow>(`SELECT * FROM payments WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`, [id]);
  return rows[0];
}

export async function findPaymentByProof(q: Queryable, proofId: string): Promise<PaymentRow | undefined> {
  const { rows } = await q.query<PaymentRow>('SELECT * FROM payments WHERE proof_id = $1', [proofId]);
  return rows[0];
}

export async function latestPaymentFor(q: Queryable, purpose: string, subjectId: string): Promise<PaymentRow | undefined> {
  const { rows } = await q.query<PaymentRow>(
    'SELECT * FROM payments WHERE purpose = $1 AND subject_id = $2 ORDER BY created_at DESC LIMIT 1',
    [purpose, subjectId],
  );
  return rows[0];
}

/**
 * Counts a settlement attempt before the facilitator is called, so that a crash leaves a trace,
 * and returns the row: one round trip for the common case. Undefined when the payment is not
 * (or no longer) pending, or waits for review.
 */
export async function claimAttempt(q: Queryable, id: string): Promise<PaymentRow | undefined> {
  return (await claimAttempts(q, [id])).get(id);
}

/** `claimAttempt` for many payments in one statement: the claimed rows by id. */
export async function claimAttempts(q: Queryable, ids: string[]): Promise<Map<string, PaymentRow>> {
  const { rows } = await preparedQuery<PaymentRow>(
    q,
    `UPDATE payments SET attempts = attempts + 1, updated_at = now()
     WHERE id = ANY($1::text[]) AND status = 'pending' AND review_reason IS NULL RETURNING ${PAYMENT_LIST}`,
    [ids],
  );
  return new Map(rows.map((r) => [r.id, r]));
}

/** Many payments by id in one statement. */
export async function getPayments(q: Queryable, ids: string[]): Promise<Map<string, PaymentRow>> {
  const { rows } = await preparedQuery<PaymentRow>(q, `SELECT ${PAYMENT_LIST} FROM payments WHERE id = ANY($1::text[])`, [ids]);
  return new Map(rows.map((r) => [r.id, r]));
}

export async function markSettled(q: Queryable, id: string, settlement: Record<string, unknown>): Promise<PaymentRow | undefined> {
  const { rows } = await preparedQuery<PaymentRow>(
    q,
    `UPDATE payments SET status = 'settled', settlement = $2, settled_at = now(), updated_at = now()
     WHERE id = $1 AND status = 'pending' RETURNING ${PAYMENT_LIST}`,
    [id, JSON.stringify(settlement)],
  );
  return rows[0];
}

/**
 * `markSettled` for many payments in one statement: the rows it moved from pending to settled, by
 * id. An id given twice is marked once, with its first settlement.
 */
export async function markSettledMany(q: Queryable, settlements: { id: string; settlement: Record<string, unknown> }[]): Promise<Map<string, PaymentRow>> {
  const first = new Map<string, string>();
  for (const s of settlements) if (!first.has(s.id)) first.set(s.id, JSON.stringify(s.settlement));
  const { rows } = await preparedQuery<PaymentRow>(
    q,
    `UPDATE payments p SET status = 'settled', settlement = s.settlement, settled_at = now(), updated_at = now()
     FROM unnest($1::text[], $2::jsonb[]) AS s(id, settlement)
     WHERE p.id = s.id AND p.status = 'pending' RETURNING ${PAYMENT_COLUMNS.map((c) => `p.${c}`).join(', ')}`,
    [[...first.keys()], [...first.values()]],
  );
  return new Map(rows.map((r) => [r.id, r]));
}

export async function markFailed(q: Queryable, id: string, reason: string): Promise<PaymentRow | undefined> {
  const { rows } = await q.query<PaymentRow>(
    `UPDATE payments SET status = 'failed', failure_reason = $2, updated_at = now()
     WHERE id = $1 AND status = 'pending' RETURNING *`,
    [id, reason],
  );
  return rows[0];
}

export async function flagForReview(q: Queryable, id: string, reason: string): Promise<void> {
  await q.query(`UPDATE payments SET review_reason = $2, updated_at = now() WHERE id = $1 AND status = 'pending'`, [id, reason]);
}

/** Pending payments whose queue job may have been lost: untouched for `olderThanMs`. */
export async function stalePendingPayments(q: Queryable, olderThanMs: number, limit = 500): Promise<Pick<PaymentRow, 'id' | 'rail'>[]> {
  const { rows } = await q.query<Pick<PaymentRow, 'id' | 'rail'>>(
    `SELECT id, rail FROM payments
     WHERE status = 'pending' AND review_reason IS NULL AND updated_at < now() - make_interval(secs => $1::double precision / 1000)
     ORDER BY updated_at LIMIT $2`,
    [olderThanMs, limit],
  );
  return rows;
}
