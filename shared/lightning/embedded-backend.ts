/**
 * The embedded backend: the service acts as its own Lightning node for invoices. It signs real
 * BOLT11 invoices with a node key shared by every process, keeps each preimage in PostgreSQL,
 * and never touches a network, so nothing is ever paid for real. `markPaid` stands in for a
 * payer in development and tests; the config refuses this backend in production unless
 * LIGHTNING_EMBEDDED_IN_PRODUCTION=true.
 */
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/pool.js';
import type { CreateInvoiceRequest, CreatedInvoice, DevPayableBackend, InvoiceStatus } from './backend.js';
import { signInvoice, type LightningNetwork } from './bolt11-invoice.js';
import { InvoiceNotFoundError, InvoiceNotPayableError } from './errors.js';
import { isHex32, sha256Hex } from './hex.js';
import { findInvoice, insertInvoice, settleOpenInvoice, stateOf, statusOf } from './invoice-queries.js';

export interface EmbeddedBackendOptions {
  db: Queryable;
  network: LightningNetwork;
  /** 64 hex; see `deriveNodeKey`. */
  nodeKey: string;
  /** Default `() => new Date()`; tests pass a fixed clock. */
  clock?: () => Date;
}

export class EmbeddedLightningBackend implements DevPayableBackend {
  readonly kind = 'embedded' as const;
  private readonly clock: () => Date;

  constructor(private readonly options: EmbeddedBackendOptions) {
    this.clock = options.clock ?? (() => new Date());
  }

  async createInvoice({ amountSats, memo, expirySeconds }: CreateInvoiceRequest): Promise<CreatedInvoice> {
    const preimage = randomBytes(32).toString('hex');
    const paymentHash = sha256Hex(preimage);
    const now = this.clock();
    const { network, nodeKey, db } = this.options;
    const { invoice, expiresAt } = signInvoice({ network, nodeKey, paymentHash, amountSats, memo, expirySeconds, now });
    await insertInvoice(db, {
      payment_hash: paymentHash,
      preimage,
      invoice,
      amount_sats: amountSats,
      memo,
      // The invoice's timestamp has whole seconds; the row keeps the same instant.
      created_at: new Date(Math.floor(now.getTime() / 1000) * 1000),
      expires_at: expiresAt,
    });
    return { invoice, paymentHash, expiresAt };
  }

  async lookupInvoice(paymentHash: string): Promise<InvoiceStatus | undefined> {
    if (!isHex32(paymentHash)) return undefined;
    const row = await findInvoice(this.options.db, paymentHash);
    return row && statusOf(row, this.clock());
  }

  /**
   * Development-only "pay this invoice": settles it and returns the preimage. Paying a settled
   * invoice again returns the same preimage and changes nothing.
   */
  async markPaid(paymentHash: string): Promise<string> {
    if (!isHex32(paymentHash)) throw new InvoiceNotFoundError(String(paymentHash));
    const now = this.clock();
    const settled = await settleOpenInvoice(this.options.db, paymentHash, now);
    if (settled) return settled.preimage;
    const row = await findInvoice(this.options.db, paymentHash);
    if (!row) throw new InvoiceNotFoundError(paymentHash);
    const state = stateOf(row, now);
    if (state === 'settled') return row.preimage;
    throw new InvoiceNotPayableError(paymentHash, state);
  }
}
