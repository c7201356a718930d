/**
 * Credentials for a facilitator: the headers to send with each call. Two kinds:
 *
 * - a static header (`X402_FACILITATOR_AUTH`, sent as `Authorization` as it is, e.g. `Bearer <token>`);
 * - the per-call JWT of the Coinbase Developer Platform (CDP) facilitator, signed from its
 *   documented API key id and secret (`CDP_API_KEY_ID`, `CDP_API_KEY_SECRET`): claims `sub` (the
 *   key id), `iss: "cdp"`, `nbf`, `iat`, `exp` (120 s later) and `uris: ["<METHOD> <host><path>"]`;
 *   header `alg`, `kid` (the key id), `typ: "JWT"` and a random `nonce`. An EC (P-256) PEM secret
 *   signs ES256; a base64 Ed25519 secret (64 bytes: seed then public key) signs EdDSA.
 *
 * Signed with node:crypto only.
 */
import { createPrivateKey, randomBytes, sign, type KeyObject } from 'node:crypto';

/** One facilitator call about to be made. */
export interface FacilitatorCall {
  method: 'GET' | 'POST';
  url: URL;
}

/** The headers to add to one facilitator call. */
export type FacilitatorAuth = (call: FacilitatorCall) => Record<string, string> | Promise<Record<string, string>>;

/** Sends `Authorization: <value>` on every call. */
export function staticAuthorization(value: string): FacilitatorAuth {
  const headers = { authorization: value };
  return () => headers;
}

/** How long a CDP JWT lives, as the CDP SDK signs them. */
export const CDP_JWT_LIFETIME_SECONDS = 120;

interface CdpKey {
  key: KeyObject;
  alg: 'ES256' | 'EdDSA';
}

// DER prefix of a PKCS#8 Ed25519 private key; the 32-byte seed follows.
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

/**
 * Reads a CDP API key secret: a PEM EC private key (newlines may be written `\n` in an
 * environment variable) or base64 of 64 Ed25519 bytes.
 *
 * @throws TypeError when it is neither
 */
export function parseCdpSecret(secret: string): CdpKey {
  const text = secret.trim().replace(/\\n/g, '\n');
  if (text.startsWith('-----BEGIN')) {
    let key: KeyObject;
    try {
      key = createPrivateKey({ key: text, format: 'pem' });
    } catch (err) {
      throw new TypeError(`not a readable PEM private key (${(err as Error).message})`);
    }
    if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1') {
      throw new TypeError('a PEM key must be an EC P-256 private key');
    }
    return { key, alg: 'ES256' };
  }
  const bytes = /^[A-Za-z0-9+/]+={0,2}$/.test(text) ? Buffer.from(text, 'base64') : Buffer.alloc(0);
  if (bytes.length !== 64) throw new TypeError('expected a PEM EC private key or base64 of a 64-byte Ed25519 key');
  const key = createPrivateKey({ key: Buffer.concat([ED25519_PKCS8_PREFIX, bytes.subarray(0, 32)]), format: 'der', type: 'pkcs8' });
  return { key, alg: 'EdDSA' };
}

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Signs one CDP JWT for a call. */
export function signCdpJwt(
  credentials: { keyId: string; secret: string | CdpKey },
  call: FacilitatorCall,
  nowSeconds = Math.floor(Date.now() / 1000),
): string {
  const { key, alg } = typeof credentials.secret === 'string' ? parseCdpSecret(credentials.secret) : credentials.secret;
  const header = { alg, kid: credentials.keyId, typ: 'JWT', nonce: randomBytes(16).toString('hex') };
  const claims = {
    sub: credentials.keyId,
    iss: 'cdp',
    uris: [`${call.method} ${call.url.host}${call.url.pathname}`],
    iat: nowSeconds,
    nbf: nowSeconds,
    exp: nowSeconds + CDP_JWT_LIFETIME_SECONDS,
  };
  const input = `${b64url(header)}.${b64url(claims)}`;
  const signature =
    alg === 'ES256'
      ? sign('sha256', Buffer.from(input), { key, dsaEncoding: 'ieee-p1363' })
      : sign(null, Buffer.from(input), key);
  return `${input}.${signature.toString('base64url')}`;
}

/**
 * A fresh CDP JWT on every call, as `Authorization: Bearer <jwt>`.
 *
 * @throws TypeError at once when the secret cannot be read (not at the first call)
 */
export function cdpJwtAuth(keyId: string, secret: string, clock: () => Date = () => new Date()): FacilitatorAuth {
  const parsed = parseCdpSecret(secret);
  return (call) => ({
    authorization: `Bearer ${signCdpJwt({ keyId, secret: parsed }, call, Math.floor(clock().getTime() / 1000))}`,
  });
}
