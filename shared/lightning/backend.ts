/**
 * The seam between the service and a Lightning node. Two implementations: the embedded backend
 * (signs real BOLT11 invoices, keeps them in PostgreSQL, settles nothing on a network) and LND
 * over REST. Amounts are whole sats as bigint, like every amount in the ledger.
 */

/** States an invoice can be read in, defined once for types, checks and docs. */
export const INVOICE_STATES = ['open', 'settled', 'canceled', 'expired'] as const;
export type InvoiceState = (typeof INVOICE_STATES)[number];

export interface CreateInvoiceRequest {
  /** Whole sats, > 0. */
  amountSats: bigint;
  /** The BOLT11 description a wallet shows; at most 639 bytes (BOLT11's tagged-field limit). */
  memo: string;
  /** How long the invoice can be paid (config LIGHTNING_INVOICE_EXPIRY_SECONDS). */
  expirySeconds: number;
}

export interface CreatedInvoice {
  /** The BOLT11 payment request. */
  invoice: string;
  /** sha256 of the preimage, 64 lowercase hex. */
  paymentHash: string;
  expiresAt: Date;
}

export interface InvoiceStatus {
  state: InvoiceState;
  amountSats: bigint;
  /** What was received; set once the node has seen a payment. */
  amountPaidSats?: bigint;
  /** 64 lowercase hex; present only when `state` is `settled`. */
  preimage?: string;
  settledAt?: Date;
}

/** A Lightning node as far as this service needs one: issue invoices, read their state. */
export interface LightningBackend {
  /** `embedded` or `lnd`. */
  readonly kind: 'embedded' | 'lnd';
  /**
   * Issues an invoice.
   * @throws InvalidInvoiceRequestError for an amount, memo or expiry that can never work
   * @throws LightningBackendUnavailableError when the node cannot be reached (retry later)
   */
  createInvoice(request: CreateInvoiceRequest): Promise<CreatedInvoice>;
  /**
   * Reads an invoice by payment hash (64 hex); undefined when the node does not know it. A
   * settlement worker polls this until the state is final (see `isFinalState`).
   * @throws LightningBackendUnavailableError when the node cannot be reached (retry later)
   */
  lookupInvoice(paymentHash: string): Promise<InvoiceStatus | undefined>;
}

/** A backend that can pretend an invoice was paid: development and tests only. */
export interface DevPayableBackend extends LightningBackend {
  /**
   * Settles an open invoice and returns its preimage; idempotent for an already settled one.
   * @throws InvoiceNotFoundError, InvoiceNotPayableError (expired or canceled)
   */
  markPaid(paymentHash: string): Promise<string>;
}

/** True when no later lookup can change the state: stop polling. */
export function isFinalState(state: InvoiceState): boolean {
  return state !== 'open';
}

export function canMarkPaid(backend: LightningBackend): backend is DevPayableBackend {
  return typeof (backend as Partial<DevPayableBackend>).markPaid === 'function';
}
