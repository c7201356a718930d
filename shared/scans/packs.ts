/**
 * Scan packs sold by Lightning (spec 4.3, PRODUCT.md section 4): an offer is an invoice, an L402
 * macaroon bound to its payment hash, and a pending payment row whose subject is the scan key
 * the pack will become. The key is derived from the proof (the preimage), which only the payer
 * holds, so every redeem of one proof gives the same key, and the pack is minted once under the
 * payment's subject id however many redeems race.
 */
import { createHmac } from 'node:crypto';
import type { Db, Queryable } from '../db/pool.js';
import { NotFoundError, PaymentRequiredError, ConflictError } from '../errors.js';
import { hashApiKey } from '../auth/credentials.js';
import { newId } from '../ids.js';
import { AccountIds, createTransfer, ensureAccount } from '../ledger/index.js';
import { mintL402Macaroon, PreimageMismatchError, preimageMatches, revokeL402TokensForPayment, type LightningBackend } from '../lightning/index.js';
import { insertAcceptedPayment, recordPaid } from '../payments/record.js';
import { SettlementPendingError } from '../payments/errors.js';
import { findPaymentByProof, type PaymentRow } from '../payments/queries.js';
import { settlePayment, type PurposeHandler, type SettleDeps } from '../payments/settle.js';
import { SCAN_KEY_PREFIX, type ScanKeyRow } from './keys.js';

export const SCAN_PACK_PURPOSE = 'scan_pack';
/** The L402 service name in every scan macaroon's `services` caveat. */
export const SCAN_SERVICE = 'scan';

export interface PackTerms {
  sats: bigint;
  scans: number;
  invoiceExpirySeconds: number;
  /** How long the macaroon stays valid (it is spent by scans, not by time, within that). */
  validSeconds: number;
}

export interface PackOffer {
  invoice: string;
  paymentHash: string;
  amountSats: bigint;
  scans: number;
  expiresAt: Date;
  macaroon: string;
  payment: PaymentRow;
}

/** Issues an invoice and its macaroon, and records the pending payment of the pack. */
export async function offerScanPack(db: Db, backend: LightningBackend, terms: PackTerms, now = new Date()): Promise<PackOffer> {
  const created = await backend.createInvoice({ amountSats: terms.sats, memo: `agent-commerce: ${terms.scans} skill scans`, expirySeconds: terms.invoiceExpirySeconds });
  const { macaroon, tokenId } = await mintL402Macaroon(db, {
    paymentHash: created.paymentHash, service: SCAN_SERVICE, expiresAt: new Date(now.getTime() + terms.validSeconds * 1000),
  });
  const payment = await recordPaid(db, (tx) => insertAcceptedPayment(tx, {
    rail: 'lightning', proofId: created.paymentHash, payer: 'lightning', amount: terms.sats, currency: 'SAT',
    payload: { invoice: created.invoice, token_id: tokenId }, requirements: { scans: terms.scans, expires_at: created.expiresAt.toISOString() },
  }, SCAN_PACK_PURPOSE, newId()));
  return { invoice: created.invoice, paymentHash: created.paymentHash, amountSats: terms.sats, scans: terms.scans, expiresAt: created.expiresAt, macaroon, payment };
}

/** The key a proof redeems to: the same for every redeem of that proof, unknowable without it. */
export function packKeyOf(masterKey: string, paymentHash: string, preimage: string): string {
  return SCAN_KEY_PREFIX + createHmac('sha256', masterKey).update(`scan-pack:${paymentHash}:${preimage.toLowerCase()}`).digest('base64url');
}

export class InvoiceUnpaidError extends PaymentRequiredError {
  constructor(paymentHash: string) {
    super('the invoice is not paid yet; pay it, then redeem again', { payment_hash: paymentHash });
  }
}

export class InvoiceClosedError extends ConflictError {
  constructor(paymentHash: string, reason: string) {
    super(`the invoice can no longer be redeemed: ${reason}`, { payment_hash: paymentHash, reason });
  }
}

export interface Redeemed {
  apiKey: string;
  key: ScanKeyRow;
}

/**
 * Redeems a paid pack: checks the preimage against the hash, settles the payment if no worker
 * has yet (the same idempotent settlement as the queue's), and mints the key once.
 */
export async function redeemScanPack(deps: SettleDeps & { masterKey: string }, paymentHash: string, preimage: string): Promise<Redeemed> {
  if (!preimageMatches(preimage, paymentHash)) throw new PreimageMismatchError(paymentHash);
  let payment = await findPaymentByProof(deps.db, paymentHash);
  if (!payment || payment.purpose !== SCAN_PACK_PURPOSE) throw new NotFoundError('scan pack invoice');
  if (payment.status === 'pending') {
    await settlePayment(deps, payment.id).catch((err) => {
      if (!(err instanceof SettlementPendingError)) throw err;
    });
    payment = (await findPaymentByProof(deps.db, paymentHash))!;
  }
  if (payment.status === 'failed') throw new InvoiceClosedError(paymentHash, payment.failure_reason ?? 'failed');
  if (payment.status !== 'settled') throw new InvoiceUnpaidError(paymentHash);
  const apiKey = packKeyOf(deps.masterKey, paymentHash, preimage);
  return { apiKey, key: await ensurePackKey(deps.db, payment, hashApiKey(apiKey)) };
}

/** The pack's key row, inserted by the first redeem; later redeems find it unchanged. */
async function ensurePackKey(q: Queryable, payment: PaymentRow, keyHash: string): Promise<ScanKeyRow> {
  // Every L402-paid scan redeems its token again: a read first keeps those from writing.
  const existing = await q.query<ScanKeyRow>('SELECT * FROM scan_keys WHERE id = $1', [payment.subject_id]);
  if (existing.rows[0]) return existing.rows[0];
  const scans = (payment.requirements as { scans: number }).scans;
  const { rows } = await q.query<ScanKeyRow>(
    `INSERT INTO scan_keys (id, key_hash, scans_total, source, plan, payment_id) VALUES ($1, $2, $3, 'l402', 'pack', $4)
     ON CONFLICT DO NOTHING RETURNING *`,
    [payment.subject_id, keyHash, scans, payment.id],
  );
  if (rows[0]) return rows[0];
  // A concurrent redeem inserted it; this new statement sees its committed row.
  const found = await q.query<ScanKeyRow>('SELECT * FROM scan_keys WHERE id = $1', [payment.subject_id]);
  return found.rows[0];
}

/** The money side: the sats land on the pack's account and are sold to revenue at once. */
export const scanPackHandler: PurposeHandler = {
  inflowAccount: async (_tx, payment) => AccountIds.scanKey(payment.subject_id),
  async onSettled(tx, payment) {
    await ensureAccount(tx, { id: AccountIds.fees('SAT'), currency: 'SAT', kind: 'system' });
    await createTransfer(tx, {
      id: `sale:${payment.id}`, debit: AccountIds.scanKey(payment.subject_id), credit: AccountIds.fees('SAT'),
      amount: payment.amount, code: 'scan_pack_sale', metadata: { payment_id: payment.id },
    });
  },
  async onFailed(tx, payment) {
    // An expired invoice: its macaroon must not be redeemable later by any route.
    await revokeL402TokensForPayment(tx, payment.proof_id);
  },
};
