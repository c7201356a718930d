/**
 * x402 (USDC, EIP-3009 "exact" scheme) in the wire formats of the official packages: v2
 * (`PAYMENT-REQUIRED` / `PAYMENT-SIGNATURE` / `PAYMENT-RESPONSE`) and v1 (`X-PAYMENT` /
 * `X-PAYMENT-RESPONSE`). Pure functions to build 402 answers and decode, verify and receipt
 * payments, and two facilitators. See docs/x402.md.
 */
export { wireErrorOf, wireMessageOf, X402Error, X402Reason, InvalidPaymentHeaderError, PaymentRejectedError, FacilitatorUnavailableError, FacilitatorAuthError, FacilitatorRejectedError } from './errors.js';
export type { X402ReasonCode } from './errors.js';
export type * from './types.js';
export { chainIdOf, toCaip2, toV1Name } from './networks.js';
export {
  x402SettingsFromConfig,
  extraNetworksOf,
  buildPaymentRequired,
  requirementsV2For,
  toV1Requirements,
  selectRequirements,
} from './requirements.js';
export type { PriceRequest, PaymentRequiredResponse } from './requirements.js';
export {
  X402Header,
  X402_EXPOSED_HEADERS,
  X402_REQUEST_HEADERS,
  MAX_PAYMENT_HEADER_LENGTH,
  decodePaymentHeader,
  encodePaymentResponse,
  encodePaymentFailure,
  paymentResponseHeaderName,
} from './headers.js';
export type { PaymentHeaders } from './headers.js';
export { parsePaymentPayload, parseServerRequirements } from './payload.js';
export { verifyPayment, proofIdOf, isSmartWalletSignature, ERC6492_MAGIC_SUFFIX, VALID_BEFORE_MARGIN_SECONDS, TRANSFER_WITH_AUTHORIZATION } from './verify.js';
export type { VerifiedPayment, SmartWalletPolicy } from './verify.js';
export type { Facilitator, FacilitatorHealth, VerifyResult, SettleResult, SupportedKind } from './facilitator.js';
export { HttpFacilitator, FACILITATOR_UNAUTHORIZED } from './http-facilitator.js';
export type { HttpFacilitatorOptions } from './http-facilitator.js';
export { staticAuthorization, cdpJwtAuth, signCdpJwt, parseCdpSecret, CDP_JWT_LIFETIME_SECONDS } from './facilitator-auth.js';
export type { FacilitatorAuth, FacilitatorCall } from './facilitator-auth.js';
export { EmbeddedFacilitator } from './embedded-facilitator.js';
export { bazaarExtension, compactSchema } from './bazaar.js';
export type { BazaarExtension, DiscoveryDeclaration, JsonSchema } from './bazaar.js';
export { knownAsset } from './assets.js';
export type { KnownAsset } from './assets.js';
