/**
 * Errors of the x402 module. Every refusal carries a short, stable reason code that the API can
 * put in the `error` field of its 402 answer; messages are for logs and humans.
 */

/** Why a payment header or a payment was refused. */
export const X402Reason = {
  /** Neither `PAYMENT-SIGNATURE` nor `X-PAYMENT` was sent. */
  missing_payment_header: 'missing_payment_header',
  /** Not standard base64, not UTF-8 JSON, the wrong shape, or larger than 8 KiB. */
  invalid_payment_header: 'invalid_payment_header',
  scheme_mismatch: 'scheme_mismatch',
  network_mismatch: 'network_mismatch',
  asset_mismatch: 'asset_mismatch',
  payee_mismatch: 'payee_mismatch',
  amount_mismatch: 'amount_mismatch',
  authorization_not_yet_valid: 'authorization_not_yet_valid',
  authorization_expired: 'authorization_expired',
  invalid_signature: 'invalid_signature',
  /** A facilitator could not be reached or answered nonsense (see `FacilitatorUnavailableError`). */
  facilitator_unavailable: 'facilitator_unavailable',
  /** The facilitator refused our credentials (401/403): a configuration error of this service. */
  facilitator_unauthorized: 'facilitator_unauthorized',
  /** The facilitator's /verify refused the payment; its own reason is in `FacilitatorRejectedError.facilitatorReason`. */
  facilitator_rejected: 'facilitator_rejected',
} as const;

export type X402ReasonCode = keyof typeof X402Reason;

/** Base class: a refusal with a reason code. Callers answer 402 with `reason` as the error. */
export class X402Error extends Error {
  constructor(
    readonly reason: X402ReasonCode,
    message: string = reason,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'X402Error';
  }
}

/** The payment header could not be read at all: nothing about it can be trusted or logged as fact. */
export class InvalidPaymentHeaderError extends X402Error {
  constructor(detail: string, options?: { cause?: unknown }) {
    super(X402Reason.invalid_payment_header, `invalid payment header: ${detail}`, options);
    this.name = 'InvalidPaymentHeaderError';
  }
}

/** A well-formed payment that does not pay what the server asked for, or is not signed by its payer. */
export class PaymentRejectedError extends X402Error {
  constructor(reason: X402ReasonCode, detail: string) {
    super(reason, `payment rejected (${reason}): ${detail}`);
    this.name = 'PaymentRejectedError';
  }
}

/** A facilitator call that must succeed (GET /supported at start-up) could not be completed. */
export class FacilitatorUnavailableError extends X402Error {
  constructor(detail: string, options?: { cause?: unknown }) {
    super(X402Reason.facilitator_unavailable, `facilitator unavailable: ${detail}`, options);
    this.name = 'FacilitatorUnavailableError';
  }
}

/** The facilitator answered 401 or 403: our credentials are missing or wrong (X402_FACILITATOR_AUTH, CDP_API_KEY_*). */
export class FacilitatorAuthError extends X402Error {
  constructor(detail: string) {
    super(X402Reason.facilitator_unauthorized, `facilitator refused our credentials: ${detail}`);
    this.name = 'FacilitatorAuthError';
  }
}

/**
 * The facilitator's /verify refused a payment our own checks accepted (an unfunded payer, a
 * nonce already used on chain, a smart wallet it cannot validate...). `facilitatorReason` is its
 * own code, e.g. `insufficient_funds`: that is what the payer is told.
 */
export class FacilitatorRejectedError extends X402Error {
  constructor(readonly facilitatorReason: string) {
    super(X402Reason.facilitator_rejected, `the facilitator refused the payment: ${facilitatorReason}`);
    this.name = 'FacilitatorRejectedError';
  }
}
