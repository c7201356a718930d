/**
 * Types of the x402 wire formats (v1 and v2, as the official packages write them) and of the
 * server's own view of a payment. Wire amounts are decimal strings of USDC minor units
 * (6 decimals); the server's own view uses bigint.
 */
import type { Address, Hex } from 'viem';

/** What the server asks to be paid with; built once from configuration. */
export interface X402Settings {
  /** The address that receives the payments. */
  payTo: Address;
  /** CAIP-2 network id, e.g. `eip155:84532` (Base Sepolia). */
  network: string;
  /** The token contract (USDC), also the EIP-712 `verifyingContract`. */
  asset: Address;
  /** EIP-712 domain name of the token: "USDC" on Base Sepolia, "USD Coin" on Base mainnet. */
  assetName: string;
  /** EIP-712 domain version of the token: "2" for Circle's USDC. */
  assetVersion: string;
  /** How long an authorization may stay valid; the v2 client signs `validBefore = now + this`. */
  maxTimeoutSeconds: number;
  /**
   * Further `accepts` entries after the first (X402_EXTRA_NETWORKS): other chains, each with its
   * known USDC and EIP-712 domain. Same payee, amount and time-out.
   */
  alternatives?: { network: string; asset: Address; assetName: string; assetVersion: string }[];
}

/** A CAIP-2 chain id such as `eip155:84532`. */
export type Caip2Network = `${string}:${string}`;

/**
 * The EIP-712 domain parameters of the asset, sent in `extra` so that clients can sign. A type
 * alias rather than an interface, so that it fits the official packages' `Record<string, unknown>`.
 */
export type AssetDomain = {
  name: string;
  version: string;
};

/** One way to pay, v2 form (an entry of `accepts` in the `PAYMENT-REQUIRED` header). */
export interface PaymentRequirementsV2 {
  scheme: 'exact';
  network: Caip2Network;
  /** Minor units, decimal string. */
  amount: string;
  asset: string;
  payTo: string;
  maxTimeoutSeconds: number;
  extra: AssetDomain;
}

/** One way to pay, v1 form (an entry of `accepts` in the 402 body). */
export interface PaymentRequirementsV1 {
  scheme: 'exact';
  /** v1 name, e.g. `base-sepolia`. */
  network: string;
  /** Minor units, decimal string; in "exact" it is the amount, not a ceiling. */
  maxAmountRequired: string;
  /** Absolute URL of the resource; x402-fetch refuses anything else. */
  resource: string;
  description: string;
  /** Required by x402-fetch's schema. */
  mimeType: string;
  payTo: string;
  maxTimeoutSeconds: number;
  asset: string;
  extra: AssetDomain;
}

/** The server's own requirements in either generation. */
export type ServerRequirements = PaymentRequirementsV2 | PaymentRequirementsV1;

/** v2 `resource` block of a PaymentRequired. */
export interface ResourceInfo {
  url: string;
  description: string;
  mimeType: string;
}

/** The v2 PaymentRequired object that travels base64-encoded in `PAYMENT-REQUIRED`. */
export interface PaymentRequiredV2 {
  x402Version: 2;
  error: string;
  resource: ResourceInfo;
  accepts: PaymentRequirementsV2[];
  /** Extensions by name, e.g. `bazaar` (discovery). */
  extensions?: Record<string, unknown>;
}

/** The 402 body: the v1 PaymentRequired plus the `success: false` the product adds. */
export interface PaymentRequiredBody {
  x402Version: 1;
  error: string;
  /** A short human message beside the `error` code, when the caller gave one. */
  message?: string;
  accepts: PaymentRequirementsV1[];
  success: false;
}

/** An EIP-3009 TransferWithAuthorization as signed by the payer. */
export interface Eip3009Authorization {
  from: Address;
  to: Address;
  value: bigint;
  /** Unix seconds. */
  validAfter: bigint;
  /** Unix seconds. */
  validBefore: bigint;
  /** 32 random bytes, hex. */
  nonce: Hex;
}

/** Wire form of the "exact" EVM payload (decimal strings), shared by v1 and v2. */
export interface ExactEvmPayloadWire {
  signature: string;
  authorization: { from: string; to: string; value: string; validAfter: string; validBefore: string; nonce: string };
}

/** Requirements as echoed by a v2 client in `accepted`: untrusted, kept for logs and facilitators. */
export interface EchoedRequirements {
  scheme: string;
  network: string;
  amount: string;
  asset: string;
  payTo: string;
  maxTimeoutSeconds: number;
  extra?: Record<string, unknown>;
}

/** Wire payload of `X-PAYMENT` (v1). Unknown fields the client sent are kept. */
export interface PaymentPayloadV1Wire {
  x402Version: 1;
  scheme: string;
  network: string;
  payload: ExactEvmPayloadWire;
  [extra: string]: unknown;
}

/** Wire payload of `PAYMENT-SIGNATURE` (v2). Unknown fields (extensions...) are kept. */
export interface PaymentPayloadV2Wire {
  x402Version: 2;
  accepted: EchoedRequirements;
  payload: ExactEvmPayloadWire;
  resource?: unknown;
  extensions?: unknown;
  [extra: string]: unknown;
}

interface DecodedCommon {
  scheme: string;
  /** As sent: a v1 name for v1, CAIP-2 for v2. */
  network: string;
  authorization: Eip3009Authorization;
  signature: Hex;
}

/** A decoded v1 payment. `raw` is the JSON as the client sent it, to store and forward unchanged. */
export interface DecodedPaymentV1 extends DecodedCommon {
  version: 1;
  raw: PaymentPayloadV1Wire;
}

/** A decoded v2 payment; `accepted` is the client's echo of the requirements it chose. */
export interface DecodedPaymentV2 extends DecodedCommon {
  version: 2;
  accepted: EchoedRequirements;
  raw: PaymentPayloadV2Wire;
}

/** A payment header, decoded and shape-checked but not yet verified. */
export type DecodedPayment = DecodedPaymentV1 | DecodedPaymentV2;

/** A settlement that went through. `network` is CAIP-2. */
export interface SettledPayment {
  transaction: string;
  network: string;
  payer: string;
}
