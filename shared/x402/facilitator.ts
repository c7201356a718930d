/**
 * A facilitator verifies and settles x402 payments. Two implementations: HttpFacilitator (a
 * standard facilitator over HTTP, for real chains) and EmbeddedFacilitator (no chain; the
 * ledger is the only record).
 *
 * The outcome of a settlement has three states because "we do not know yet" is not "failed":
 * a settle that timed out may still land on chain, and marking it failed invites the payer to
 * pay twice. Only a definite refusal is `invalid`.
 */
import type { DecodedPayment, ServerRequirements } from './types.js';

/** Result of asking a facilitator whether a payment is valid. */
export type VerifyResult =
  | { status: 'valid'; payer: string }
  | { status: 'invalid'; reason: string }
  /** No answer (time-out, network error, 5xx, unreadable): says nothing about the payment. */
  | { status: 'unavailable'; reason: string };

/** Result of asking a facilitator to settle a payment. */
export type SettleResult =
  /** Done; `network` is CAIP-2, `transaction` the chain's transaction hash. */
  | { status: 'settled'; transaction: string; network: string; payer: string }
  /** Not known yet: retry later with the SAME payload; never mark the payment failed for this. */
  | { status: 'pending'; reason: string }
  /** The facilitator definitely refused; `reason` is its own code (e.g. `insufficient_funds`). */
  | { status: 'invalid'; reason: string };

/** A scheme and network a facilitator handles, as GET /supported lists them. */
export interface SupportedKind {
  x402Version: number;
  scheme: string;
  network: string;
}

/** A payment this server verified before recording it (the row's proof id). */
export interface AcceptedProof {
  proofId: string;
}

/** Whether a facilitator can be used now; `reason` says why not. */
export interface FacilitatorHealth {
  ready: boolean;
  reason?: string;
}

/**
 * Verifies and settles payments. `requirements` are the server's own, in the payment's
 * generation (see `selectRequirements`); the payment's `raw` JSON is what gets forwarded.
 */
export interface Facilitator {
  verify(payment: DecodedPayment, requirements: ServerRequirements): Promise<VerifyResult>;
  /**
   * @param accepted - what this server's own verification established when it accepted the
   *   payment (its proof id). A facilitator that sees a chain ignores it and checks everything
   *   itself; the embedded one, having no chain, uses it instead of recovering the signature a
   *   second time.
   */
  settle(payment: DecodedPayment, requirements: ServerRequirements, accepted?: AcceptedProof): Promise<SettleResult>;
  /** @throws FacilitatorUnavailableError when the list cannot be obtained */
  supported(): Promise<SupportedKind[]>;
  /** Not ready when it refuses our credentials; absent means always ready. */
  health?(): FacilitatorHealth;
}
