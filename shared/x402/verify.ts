/**
 * Verifies an x402 "exact" EVM payment against the server's OWN requirements. The client's
 * echo (`accepted` in v2) is only compared, never trusted: the amount, payee, asset and
 * EIP-712 domain all come from the server's requirements.
 */
import { getAddress, type Address, type Hex } from 'viem';
import { recoverAddress } from './ecrecover.js';
import { transferWithAuthorizationDigest } from './eip712.js';
import { PaymentRejectedError, X402Reason } from './errors.js';
import { chainIdOf } from './networks.js';
import { normalizeRequirements, type NormalizedRequirements } from './requirements.js';
import type { DecodedPayment, ServerRequirements } from './types.js';

/**
 * Seconds an authorization must still be valid for. The reference facilitator refuses
 * `validBefore < now + 6`: a payment accepted here must still be settleable there.
 */
export const VALID_BEFORE_MARGIN_SECONDS = 6n;

export { TRANSFER_WITH_AUTHORIZATION } from './eip712.js';

/** A payment that pays what the server asked for, signed by its payer. */
export interface VerifiedPayment {
  /** The signer (`authorization.from`), EIP-55 checksummed. */
  payer: Address;
  /** EIP-3009 nonce, lowercase hex. */
  nonce: Hex;
  /** Minor units; equals the requested amount. */
  value: bigint;
  /** Unix seconds after which the authorization can no longer be settled. */
  validBefore: bigint;
  chainId: number;
  /** `x402:<chainId>:<payer lowercase>:<nonce lowercase>`: unique per authorization, the replay key. */
  proofId: string;
  /**
   * True when the signature is a smart wallet's and was NOT checked here (policy `defer`): the
   * payment is valid only once a chain-aware verifier (the facilitator's /verify) says so.
   */
  signatureDeferred: boolean;
}

/** The proof id of an EIP-3009 authorization: one per (chain, payer, nonce), as the token contract sees it. */
export function proofIdOf(chainId: number, from: string, nonce: string): string {
  return `x402:${chainId}:${from.toLowerCase()}:${nonce.toLowerCase()}`;
}

function reject(reason: keyof typeof X402Reason, detail: string): never {
  throw new PaymentRejectedError(reason, detail);
}

/** Everything but the signature and the time window: cheap, and it names the precise mismatch. */
function checkTerms(payment: DecodedPayment, expected: NormalizedRequirements): void {
  if (payment.scheme !== 'exact' || expected.scheme !== 'exact') reject('scheme_mismatch', `scheme ${payment.scheme}`);
  if (chainIdOf(payment.network) !== expected.chainId) {
    reject('network_mismatch', `network ${payment.network}, expected ${expected.network}`);
  }
  if (payment.version === 2 && payment.accepted.asset.toLowerCase() !== expected.asset.toLowerCase()) {
    reject('asset_mismatch', `asset ${payment.accepted.asset}, expected ${expected.asset}`);
  }
  const auth = payment.authorization;
  if (auth.to.toLowerCase() !== expected.payTo.toLowerCase()) {
    reject('payee_mismatch', `pays ${auth.to}, expected ${expected.payTo}`);
  }
  if (auth.value !== expected.amount) reject('amount_mismatch', `value ${auth.value}, expected ${expected.amount}`);
}

function checkWindow(payment: DecodedPayment, nowSeconds: bigint): void {
  const { validAfter, validBefore } = payment.authorization;
  if (validAfter > nowSeconds) reject('authorization_not_yet_valid', `valid after ${validAfter}, now ${nowSeconds}`);
  if (validBefore < nowSeconds + VALID_BEFORE_MARGIN_SECONDS) {
    reject('authorization_expired', `valid before ${validBefore}, now ${nowSeconds}`);
  }
}

/** ERC-6492's magic suffix: a signature of a smart wallet that may not be deployed yet. */
export const ERC6492_MAGIC_SUFFIX = '6492649264926492649264926492649264926492649264926492649264926492';

/**
 * Whether a signature is a smart wallet's rather than an EOA's 65-byte ECDSA signature: ERC-6492
 * (wrapped, ends in the magic suffix) or ERC-1271 (the wallet's own encoding, longer than 65
 * bytes: smart wallets ABI-encode their signatures). Such a signature can only be checked by
 * calling the wallet on chain. Shorter bytes are garbage, refused here as `invalid_signature`;
 * a wallet whose ERC-1271 signature is exactly 65 bytes is treated as an EOA (and refused when
 * it does not recover to `from`).
 */
export function isSmartWalletSignature(signature: string): boolean {
  const hex = signature.replace(/^0x/i, '').toLowerCase();
  return hex.endsWith(ERC6492_MAGIC_SUFFIX) || hex.length > 130;
}

/**
 * What to do with a smart-wallet signature: `refuse` it (no chain to ask; the default), or
 * `defer` it to a verifier that can call the wallet (a facilitator's /verify), which the caller
 * MUST then ask before accepting the payment.
 */
export type SmartWalletPolicy = 'refuse' | 'defer';

async function checkSignature(payment: DecodedPayment, expected: NormalizedRequirements, smartWallets: SmartWalletPolicy): Promise<boolean> {
  const auth = payment.authorization;
  if (isSmartWalletSignature(payment.signature)) {
    if (smartWallets === 'defer') return true;
    reject('smart_wallet_unverifiable', 'an ERC-1271/ERC-6492 smart-wallet signature; checking it needs the chain (configure X402_FACILITATOR_URL)');
  }
  let digest: Hex;
  try {
    digest = transferWithAuthorizationDigest(
      { name: expected.extra.name, version: expected.extra.version, chainId: expected.chainId, verifyingContract: expected.asset },
      auth,
    );
  } catch {
    reject('invalid_signature', 'authorization cannot be hashed');
  }
  // Undefined: not a 65-byte ECDSA signature the token would accept (garbage, a high s, a v
  // other than 27/28, or a smart-wallet ERC-1271/6492 signature).
  const signer = recoverAddress(digest, payment.signature);
  if (!signer) reject('invalid_signature', 'signature does not recover');
  if (signer.toLowerCase() !== auth.from.toLowerCase()) reject('invalid_signature', `signed by ${getAddress(signer)}, not ${auth.from}`);
  return false;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Structural equality of JSON values; key order does not matter. */
function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => deepEqual(x, b[i]));
  if (isRecord(a) && isRecord(b)) {
    const ka = Object.keys(a).filter((k) => a[k] !== undefined);
    const kb = Object.keys(b).filter((k) => b[k] !== undefined);
    return ka.length === kb.length && ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && deepEqual(a[k], b[k]));
  }
  return false;
}

/** Every key of `expected` is in `actual` with a deeply equal value (objects recursively). */
function containsSubset(expected: unknown, actual: unknown): boolean {
  if (!isRecord(expected)) return deepEqual(expected, actual);
  if (!isRecord(actual)) return false;
  return Object.entries(expected).every(([k, v]) => containsSubset(v, actual[k]));
}

/**
 * A v2 payment's `accepted` must be one of our requirements, matched as the reference server
 * matches it (`paymentRequirementsMatchAccepted` in @x402/core): all fields but `extra` deeply
 * equal (no field missing or added, addresses compared as written), and our `extra` a subset of
 * the echo's. The fields that decide the payment were already checked one by one with precise
 * reasons; this catches the rest (maxTimeoutSeconds, the echoed amount, an extra field...).
 */
function checkAccepted(payment: DecodedPayment, requirements: ServerRequirements): void {
  if (payment.version !== 2 || !('amount' in requirements)) return;
  const { extra: acceptedExtra, ...acceptedCore } = payment.raw.accepted as unknown as Record<string, unknown>;
  const { extra: requiredExtra, ...requiredCore } = requirements as unknown as Record<string, unknown>;
  if (!deepEqual(requiredCore, acceptedCore)) {
    const fields = [...new Set([...Object.keys(requiredCore), ...Object.keys(acceptedCore)])].filter((k) => !deepEqual(requiredCore[k], acceptedCore[k]));
    reject('accepted_mismatch', `accepted differs from the requirements in ${fields.join(', ')}`);
  }
  if (requiredExtra !== undefined && !containsSubset(requiredExtra, acceptedExtra)) {
    reject('accepted_mismatch', 'accepted.extra does not contain the required extra');
  }
}

/**
 * The checks shared by verification and the embedded facilitator's settlement; `nowSeconds`
 * null skips the time window (see EmbeddedFacilitator.settle).
 *
 * @internal
 */
export async function checkPayment(
  payment: DecodedPayment,
  requirements: ServerRequirements,
  nowSeconds: bigint | null,
  smartWallets: SmartWalletPolicy = 'refuse',
): Promise<VerifiedPayment> {
  const expected = normalizeRequirements(requirements);
  checkTerms(payment, expected);
  if (nowSeconds !== null) checkWindow(payment, nowSeconds);
  const deferred = await checkSignature(payment, expected, smartWallets);
  checkAccepted(payment, requirements);
  return verifiedOf(payment, expected, deferred);
}

/**
 * The terms of a payment this server verified in full when it accepted it (`proofId` is what
 * that verification derived): terms and the v2 echo are checked again, which is cheap, and the
 * payload must be the one that proof id was derived from. The signature is not recovered again.
 * Only for a payment whose proof id came out of `checkPayment`, never for one from a client.
 *
 * @throws PaymentRejectedError as checkPayment, or `invalid_signature` when the payload is not
 *   the one the proof id belongs to
 */
export function checkAcceptedPayment(payment: DecodedPayment, requirements: ServerRequirements, proofId: string): VerifiedPayment {
  const expected = normalizeRequirements(requirements);
  checkTerms(payment, expected);
  checkAccepted(payment, requirements);
  const verified = verifiedOf(payment, expected, false);
  if (verified.proofId !== proofId) reject('invalid_signature', 'the payload is not the one this server verified');
  return verified;
}

function verifiedOf(payment: DecodedPayment, expected: NormalizedRequirements, deferred: boolean): VerifiedPayment {
  const { from, nonce, value, validBefore } = payment.authorization;
  return {
    payer: getAddress(from),
    nonce: nonce.toLowerCase() as Hex,
    value,
    validBefore,
    chainId: expected.chainId,
    proofId: proofIdOf(expected.chainId, from, nonce),
    signatureDeferred: deferred,
  };
}

/**
 * Verifies a decoded payment against the server's own requirements (either generation):
 * scheme and network match, the v2 echo names the same asset (and, last, is one of our
 * requirements exactly, as the reference server matches it), `to` is the payee, `value` is
 * exactly the amount, `validAfter <= now`, `validBefore >= now + 6 s`, and the EIP-712
 * TransferWithAuthorization signature (domain: the asset's name and version, the chain id, the
 * asset as verifying contract) recovers to `from`. Replay is NOT checked here: the caller
 * claims `proofId` under a unique constraint.
 *
 * @param options.now - the clock; default now
 * @param options.smartWallets - `refuse` (default) an ERC-1271/6492 signature as
 *   `smart_wallet_unverifiable`, or `defer` it (`signatureDeferred: true`) to a facilitator
 * @throws PaymentRejectedError with the reason of the first failed check
 */
export async function verifyPayment(
  payment: DecodedPayment,
  requirements: ServerRequirements,
  options: { now?: Date; smartWallets?: SmartWalletPolicy } = {},
): Promise<VerifiedPayment> {
  const nowSeconds = BigInt(Math.floor((options.now ?? new Date()).getTime() / 1000));
  return checkPayment(payment, requirements, nowSeconds, options.smartWallets);
}
