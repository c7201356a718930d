/**
 * Minting and verifying L402 macaroons as Lightning Labs' aperture makes them: a V2 binary
 * macaroon at location "lsat", identifier = version 0 || payment hash || token id, first-party
 * caveats for service, capabilities and expiry, signed from a random root key per token kept in
 * PostgreSQL. Headers carry it in standard base64.
 *
 * @example
 * const { macaroon } = await mintL402Macaroon(db, { paymentHash, service: 'scan', expiresAt });
 * const ok = await verifyL402({ macaroon, preimage }, db, { service: 'scan', now: new Date() });
 */
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/pool.js';
import { isHex32, preimageMatches } from './hex.js';
import { SERVICE_NAME, checkCaveats, decodeCaveat, encodeCaveat, mintCaveats, type L402Caveat } from './l402-caveats.js';
import {
  MacaroonSignatureError,
  PreimageMismatchError,
  RevokedTokenError,
  UnknownTokenError,
  UnsupportedCaveatError,
} from './l402-errors.js';
import { decodeIdentifier, encodeIdentifier } from './l402-identifier.js';
import { findRootKey, insertRootKey } from './l402-root-keys.js';
import { macaroonFromBase64, macaroonToBase64 } from './macaroon-v2.js';
import { chainSignature, signatureMatches } from './macaroon-signature.js';

/** The location aperture gives its macaroons; informational, not signed over. */
export const L402_LOCATION = 'lsat';

export interface MintL402Request {
  /** 64 hex: the hash of the invoice that pays for this token. */
  paymentHash: string;
  /** e.g. `scan`; letters, digits, `_`, `.`, `-`. */
  service: string;
  /** Written into a `<service>_capabilities` caveat when given. */
  capabilities?: readonly string[];
  /** Written into a `<service>_valid_until` caveat (whole seconds). */
  expiresAt: Date;
}

export interface MintedL402 {
  /** Standard base64 with padding. */
  macaroon: string;
  /** 64 hex; revoke the token with `revokeL402Token(db, tokenId)`. */
  tokenId: string;
}

/** Mints a macaroon and stores its root key. */
export async function mintL402Macaroon(db: Queryable, req: MintL402Request): Promise<MintedL402> {
  const paymentHash = req.paymentHash.toLowerCase();
  if (!isHex32(paymentHash)) throw new TypeError('paymentHash must be 64 hex characters');
  if (!SERVICE_NAME.test(req.service)) throw new TypeError(`invalid service name ${JSON.stringify(req.service)}`);
  for (const c of req.capabilities ?? []) if (!/^[\w.-]+$/.test(c)) throw new TypeError(`invalid capability ${JSON.stringify(c)}`);
  const tokenId = randomBytes(32).toString('hex');
  const rootKey = randomBytes(32);
  const identifier = encodeIdentifier({ paymentHash, tokenId });
  const caveats = mintCaveats(req.service, req.capabilities, req.expiresAt).map(encodeCaveat);
  await insertRootKey(db, { token_id: tokenId, root_key: rootKey, payment_hash: paymentHash, service: req.service, expires_at: req.expiresAt });
  const signature = chainSignature(rootKey, identifier, caveats);
  const macaroon = macaroonToBase64({ location: L402_LOCATION, identifier, caveats: caveats.map((id) => ({ identifier: id })), signature });
  return { macaroon, tokenId };
}

export interface VerifiedL402 {
  paymentHash: string;
  tokenId: string;
  /** Every caveat in order, including ones appended by the holder. */
  caveats: L402Caveat[];
  capabilities?: string[];
  validUntil?: Date;
}

/**
 * Verifies a macaroon, and its preimage when one is given (an `Authorization: L402` header
 * always carries one; a redeem by macaroon may too). Refusals, in the order they are checked:
 * MacaroonEncodingError, UnknownTokenError, RevokedTokenError, UnsupportedCaveatError (third
 * party), MacaroonSignatureError, WrongServiceError, TokenExpiredError, PreimageMismatchError.
 * Each is an L402Error with a `reason`.
 */
export async function verifyL402(
  credential: { macaroon: string; preimage?: string },
  db: Queryable,
  options: { service: string; now: Date },
): Promise<VerifiedL402> {
  const mac = macaroonFromBase64(credential.macaroon);
  const { paymentHash, tokenId } = decodeIdentifier(mac.identifier);
  const key = await findRootKey(db, tokenId);
  if (!key) throw new UnknownTokenError(tokenId);
  if (key.revoked) throw new RevokedTokenError(tokenId);
  const thirdParty = mac.caveats.find((c) => c.vid);
  if (thirdParty) throw new UnsupportedCaveatError(thirdParty.identifier.toString('utf8'));
  const caveatIds = mac.caveats.map((c) => c.identifier);
  if (!signatureMatches(key.root_key, mac.identifier, caveatIds, mac.signature)) throw new MacaroonSignatureError();
  // The identifier is signed, so this only fails if the table was edited by hand.
  if (key.payment_hash !== paymentHash) throw new MacaroonSignatureError();
  const caveats = caveatIds.map(decodeCaveat);
  const verdict = checkCaveats(caveats, options.service, options.now);
  if (credential.preimage !== undefined && !preimageMatches(credential.preimage, paymentHash)) {
    throw new PreimageMismatchError(paymentHash);
  }
  return { paymentHash, tokenId, caveats, ...verdict };
}

/** Reads the payment hash and token id of a macaroon without verifying anything (to find its invoice). */
export function peekL402Identifier(macaroon: string): { paymentHash: string; tokenId: string } {
  return decodeIdentifier(macaroonFromBase64(macaroon).identifier);
}
