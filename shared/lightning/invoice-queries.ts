/**
 * The embedded backend's table, `lightning_invoices` (migration 0008). Every query takes a
 * `Queryable` and the current time as a parameter, so that expiry is judged by one clock that
 * tests can set.
 */
import type { Queryable } from '../db/pool.js';
import type { InvoiceState, InvoiceStatus } from './backend.js';

export interface InvoiceRow {
  payment_hash: string;
  preimage: string;
  invoice: string;
  amount_sats: bigint;
  memo: string;
  status: 'open' | 'settled' | 'canceled';
  created_at: Date;
  expires_at: Date;
  settled_at: Date | null;
}

export type NewInvoiceRow = Omit<InvoiceRow, 'status' | 'settled_at'>;

export async function insertInvoice(db: Queryable, row: NewInvoiceRow): Promise<void> {
  await db.query(
    `INSERT INTO lightning_invoices (payment_hash, preimage, invoice, amount_sats, memo, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [row.payment_hash, row.preimage, row.invoice, row.amount_sats, row.memo, row.created_at, row.expires_at],
  );
}

export async function findInvoice(db: Queryable, paymentHash: string): Promise<InvoiceRow | undefined> {
  const { rows } = await db.query<InvoiceRow>('SELECT * FROM lightning_invoices WHERE payment_hash = $1', [paymentHash]);
  return rows[0];
}

/** Settles an open, unexpired invoice; undefined when the row is not in that state. */
export async function settleOpenInvoice(db: Queryable, paymentHash: string, now: Date): Promise<InvoiceRow | undefined> {
  const { rows } = await db.query<InvoiceRow>(
    `UPDATE lightning_invoices SET status = 'settled', settled_at = $2
     WHERE payment_hash = $1 AND status = 'open' AND expires_at > $2
     RETURNING *`,
    [paymentHash, now],
  );
  return rows[0];
}

/** The state a reader sees: an open row past its expiry is expired, whatever is stored. */
export function stateOf(row: InvoiceRow, now: Date): InvoiceState {
  if (row.status === 'open' && row.expires_at.getTime() <= now.getTime()) return 'expired';
  return row.status;
}

export function statusOf(row: InvoiceRow, now: Date): InvoiceStatus {
  const state = stateOf(row, now);
  if (state !== 'settled') return { state, amountSats: row.amount_sats };
  return {
    state,
    amountSats: row.amount_sats,
    amountPaidSats: row.amount_sats,
    preimage: row.preimage,
    settledAt: row.settled_at ?? undefined,
  };
}
