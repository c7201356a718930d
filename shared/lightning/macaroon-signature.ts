/**
 * The HMAC chain of a macaroon, as libmacaroons and go-macaroon compute it: the root key is first
 * turned into a signing key with HMAC-SHA256(key = "macaroons-key-generator", message = root key),
 * then sig0 = HMAC(signing key, identifier) and sig_i = HMAC(sig_{i-1}, caveat identifier).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const KEY_GENERATOR = 'macaroons-key-generator';

function hmac(key: Buffer | string, data: Buffer): Buffer {
  return createHmac('sha256', key).update(data).digest();
}

/** The key a macaroon is actually signed with; go-macaroon's makeKey. */
export function macaroonSigningKey(rootKey: Buffer): Buffer {
  return hmac(KEY_GENERATOR, rootKey);
}

/** The signature of a macaroon with these first-party caveats. */
export function chainSignature(rootKey: Buffer, identifier: Buffer, caveatIds: readonly Buffer[]): Buffer {
  let sig = hmac(macaroonSigningKey(rootKey), identifier);
  for (const caveat of caveatIds) sig = hmac(sig, caveat);
  return sig;
}

/** Recomputes the chain and compares in constant time. */
export function signatureMatches(rootKey: Buffer, identifier: Buffer, caveatIds: readonly Buffer[], signature: Buffer): boolean {
  const expected = chainSignature(rootKey, identifier, caveatIds);
  return signature.length === expected.length && timingSafeEqual(signature, expected);
}
