/**
 * Why an L402 credential was refused. One class per reason so that callers and tests can tell
 * them apart; every one extends `L402Error` and carries the machine `reason`. The API answers
 * all of them with a fresh 402 challenge (or 401), and may show `reason`.
 */

export const L402Reason = {
  /** Not standard base64, not a V2 binary macaroon, or an identifier that is not aperture's. */
  bad_encoding: 'bad_encoding',
  /** The Authorization header is not `L402 <macaroon>:<64 hex preimage>` (or `LSAT ...`). */
  bad_authorization: 'bad_authorization',
  unknown_token: 'unknown_token',
  revoked_token: 'revoked_token',
  bad_signature: 'bad_signature',
  /** A caveat this server cannot check (a third-party caveat, or a malformed one of ours). */
  unsupported_caveat: 'unsupported_caveat',
  wrong_service: 'wrong_service',
  expired: 'expired',
  preimage_mismatch: 'preimage_mismatch',
} as const;

export type L402ReasonCode = keyof typeof L402Reason;

/** Base class: a refused L402 credential with its reason. */
export class L402Error extends Error {
  constructor(readonly reason: L402ReasonCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'L402Error';
  }
}

export class MacaroonEncodingError extends L402Error {
  constructor(detail: string, options?: { cause?: unknown }) {
    super(L402Reason.bad_encoding, `malformed macaroon: ${detail}`, options);
    this.name = 'MacaroonEncodingError';
  }
}

export class L402AuthorizationFormatError extends L402Error {
  constructor(detail: string) {
    super(L402Reason.bad_authorization, `malformed L402 authorization: ${detail}`);
    this.name = 'L402AuthorizationFormatError';
  }
}

export class UnknownTokenError extends L402Error {
  constructor(readonly tokenId: string) {
    super(L402Reason.unknown_token, `no root key for token ${tokenId}`);
    this.name = 'UnknownTokenError';
  }
}

export class RevokedTokenError extends L402Error {
  constructor(readonly tokenId: string) {
    super(L402Reason.revoked_token, `token ${tokenId} was revoked`);
    this.name = 'RevokedTokenError';
  }
}

export class MacaroonSignatureError extends L402Error {
  constructor() {
    super(L402Reason.bad_signature, 'macaroon signature does not verify');
    this.name = 'MacaroonSignatureError';
  }
}

export class UnsupportedCaveatError extends L402Error {
  constructor(readonly caveat: string) {
    super(L402Reason.unsupported_caveat, `cannot satisfy caveat ${JSON.stringify(caveat.slice(0, 80))}`);
    this.name = 'UnsupportedCaveatError';
  }
}

export class WrongServiceError extends L402Error {
  constructor(readonly wanted: string, readonly granted: string) {
    super(L402Reason.wrong_service, `token is for ${JSON.stringify(granted)}, not ${wanted}`);
    this.name = 'WrongServiceError';
  }
}

export class TokenExpiredError extends L402Error {
  constructor(readonly validUntil: Date) {
    super(L402Reason.expired, `token expired at ${validUntil.toISOString()}`);
    this.name = 'TokenExpiredError';
  }
}

export class PreimageMismatchError extends L402Error {
  constructor(readonly paymentHash: string) {
    super(L402Reason.preimage_mismatch, `preimage does not hash to ${paymentHash}`);
    this.name = 'PreimageMismatchError';
  }
}
