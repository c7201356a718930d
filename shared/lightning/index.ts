/**
 * Lightning (sats) and L402: the backend seam with its two implementations (embedded, LND REST),
 * aperture-compatible L402 macaroons, and the L402 header helpers. No HTTP routes here; see
 * docs/lightning.md.
 */
export * from './errors.js';
export { INVOICE_STATES, isFinalState, canMarkPaid } from './backend.js';
export type { InvoiceState, CreateInvoiceRequest, CreatedInvoice, InvoiceStatus, LightningBackend, DevPayableBackend } from './backend.js';
export { LIGHTNING_NETWORKS, MAX_MEMO_BYTES, MAX_INVOICE_SATS, deriveNodeKey } from './bolt11-invoice.js';
export type { LightningNetwork } from './bolt11-invoice.js';
export { isHex32, sha256Hex, preimageMatches } from './hex.js';
export { EmbeddedLightningBackend } from './embedded-backend.js';
export type { EmbeddedBackendOptions } from './embedded-backend.js';
