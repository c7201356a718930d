/**
 * Lightning (sats) and L402: the backend seam with its two implementations (embedded, LND REST),
 * aperture-compatible L402 macaroons, and the L402 header helpers. No HTTP routes here; see
 * docs/lightning.md.
 */
export * from './errors.js';
export { INVOICE_STATES, isFinalState, canMarkPaid } from './backend.js';
export type { InvoiceState, CreateInvoiceRequest, CreatedInvoice, InvoiceStatus, LightningBackend, DevPayableBackend } from './backend.js';
export { LIGHTNING_NETWORKS, MAX_MEMO_BYTES, MAX_INVOICE_SATS, deriveNodeKey, paymentHashOfInvoice } from './bolt11-invoice.js';
export type { LightningNetwork } from './bolt11-invoice.js';
export { isHex32, sha256Hex, preimageMatches } from './hex.js';
export { EmbeddedLightningBackend } from './embedded-backend.js';
export type { EmbeddedBackendOptions } from './embedded-backend.js';
export * from './l402-errors.js';
export { mintL402Macaroon, verifyL402, peekL402Identifier, L402_LOCATION } from './l402-macaroon.js';
export type { MintL402Request, MintedL402, VerifiedL402 } from './l402-macaroon.js';
export { revokeL402Token, revokeL402TokensForPayment } from './l402-root-keys.js';
export { CondServices, CapabilitiesSuffix, ValidUntilSuffix, SERVICE_NAME } from './l402-caveats.js';
export type { L402Caveat } from './l402-caveats.js';
export { formatChallenge, parseL402Authorization, L402_SCHEMES, MAX_AUTHORIZATION_LENGTH } from './l402-header.js';
export type { L402Authorization, L402Scheme } from './l402-header.js';
export { encodeMacaroonV2, decodeMacaroonV2, macaroonFromBase64, macaroonToBase64, MAX_MACAROON_BYTES } from './macaroon-v2.js';
export type { Macaroon, Caveat as MacaroonCaveat } from './macaroon-v2.js';
export { chainSignature, macaroonSigningKey } from './macaroon-signature.js';
export { encodeIdentifier, decodeIdentifier, IDENTIFIER_BYTES } from './l402-identifier.js';
export type { L402Identifier } from './l402-identifier.js';
export { LndRestBackend } from './lnd-backend.js';
export type { LndConnection } from './lnd-http.js';
export { createLightningBackend } from './create-backend.js';
export type { LightningConfig } from './create-backend.js';
export { checkSettlement } from './check-settlement.js';
export type { SettlementCheck } from './check-settlement.js';
