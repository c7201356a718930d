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
  /** An ERC-1271/ERC-6492 smart-wallet signature, and no facilitator to check it on chain. */
  smart_wallet_unverifiable: 'smart_wallet_unverifiable',
  /**
   * The v2 `accepted` echo is not one of our requirements: as the reference server matches it,
   * every field but `extra` deeply equal, and our `extra` a subset of the echo's.
   */
  accepted_mismatch: 'accepted_mismatch',
  /** A facilitator could not be reached or answered nonsense (see `FacilitatorUnavailableError`). */
  facilitator_unavailable: 'facilitator_unavailable',
  /** The facilitator refused our credentials (401/403): a configuration error of this service. */
  facilitator_unauthorized: 'facilitator_unauthorized',
  /** The facilitator's /verify refused the payment; its own reason is in `FacilitatorRejectedError.facilitatorReason`. */
  facilitator_rejected: 'facilitator_rejected',
} as const;

export type X402ReasonCode = keyof typeof X402Reason;

/**
 * The `error` of a 402, in the vocabulary of the reference implementation (@x402/evm's exact
 * facilitator, `x402`'s ErrorReasons), by our reason code. A code that is not ours (a
 * facilitator's own reason, `payment_already_used`...) is sent as it is.
 */
const WIRE_ERROR: Record<X402ReasonCode, string> = {
  missing_payment_header: 'payment_required',
  invalid_payment_header: 'invalid_payload',
  scheme_mismatch: 'invalid_exact_evm_scheme',
  network_mismatch: 'invalid_exact_evm_network_mismatch',
  asset_mismatch: 'invalid_payment_requirements',
  payee_mismatch: 'invalid_exact_evm_recipient_mismatch',
  amount_mismatch: 'invalid_exact_evm_payload_authorization_value_mismatch',
  authorization_not_yet_valid: 'invalid_exact_evm_payload_authorization_valid_after',
  authorization_expired: 'invalid_exact_evm_payload_authorization_valid_before',
  invalid_signature: 'invalid_exact_evm_signature',
  smart_wallet_unverifiable: 'invalid_exact_evm_signature',
  accepted_mismatch: 'invalid_payment_requirements',
  facilitator_unavailable: 'facilitator_unavailable',
  facilitator_unauthorized: 'facilitator_unavailable',
  facilitator_rejected: 'invalid_payment',
};

/** Short human messages by `error` code, shown beside it as `message`. */
const WIRE_MESSAGE: Record<string, string> = {
  payment_required: 'Payment required: sign one of the accepted requirements and send it in PAYMENT-SIGNATURE (v2) or X-PAYMENT (v1).',
  invalid_payload: 'The payment header could not be read (standard base64 of the x402 payment payload JSON, at most 8 KiB).',
  invalid_exact_evm_scheme: 'Only the "exact" scheme is accepted.',
  invalid_exact_evm_network_mismatch: 'The payment is for another network than the one required.',
  invalid_payment_requirements: 'The requirements in the payment (accepted) are not the ones this server offered; pay the current 402.',
  invalid_exact_evm_recipient_mismatch: 'The authorization pays another address than payTo.',
  invalid_exact_evm_payload_authorization_value_mismatch: 'The authorization value is not exactly the required amount.',
  invalid_exact_evm_payload_authorization_valid_after: 'The authorization is not valid yet (validAfter is in the future).',
  invalid_exact_evm_payload_authorization_valid_before: 'The authorization expires too soon (validBefore must be at least 6 s away).',
  invalid_exact_evm_signature: 'The signature does not recover to the payer (wrong key, token or EIP-712 domain, or a smart-wallet signature this server cannot check).',
  invalid_exact_evm_nonce_already_used: 'This authorization was already used; sign a new payment.',
  insufficient_funds: 'The payer does not hold enough of the asset.',
  invalid_exact_evm_insufficient_balance: 'The payer does not hold enough of the asset.',
};

/** Messages of our own reasons where the `error` code is shared and a plainer word helps. */
const REASON_MESSAGE: Record<string, string> = {
  smart_wallet_unverifiable:
    'A smart-wallet signature (ERC-1271 or ERC-6492) can only be checked on chain, and this server has no facilitator to do it; pay from an EOA (a plain private key).',
};

/** The `error` code a 402 carries for a reason (ours mapped to the reference vocabulary; others as they are). */
export function wireErrorOf(reason: string): string {
  return (WIRE_ERROR as Record<string, string>)[reason] ?? reason;
}

/** A short human message for a reason (ours or a facilitator's); `detail` when none is known. */
export function wireMessageOf(reason: string, detail?: string): string {
  return REASON_MESSAGE[reason] ?? WIRE_MESSAGE[wireErrorOf(reason)] ?? detail ?? `The payment was refused: ${wireErrorOf(reason)}.`;
}

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
