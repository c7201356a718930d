/**
 * Payment hashes, preimages and token ids travel as 64 lowercase hex characters everywhere in
 * this service; these helpers check and compare them.
 */
import { createHash, timingSafeEqual } from 'node:crypto';

const HEX32 = /^[0-9a-f]{64}$/;

/** True for exactly 64 lowercase hex characters (32 bytes). */
export function isHex32(value: unknown): value is string {
  return typeof value === 'string' && HEX32.test(value);
}

/** sha256 of the bytes a hex string stands for, as lowercase hex. */
export function sha256Hex(hex: string): string {
  return createHash('sha256').update(Buffer.from(hex, 'hex')).digest('hex');
}

/**
 * True when sha256(preimage) is the payment hash; both 64 hex (case-insensitive). Compared in
 * constant time, though a hash comparison leaks little, because callers use it as an auth check.
 */
export function preimageMatches(preimage: string, paymentHash: string): boolean {
  const p = preimage.toLowerCase();
  const h = paymentHash.toLowerCase();
  if (!isHex32(p) || !isHex32(h)) return false;
  return timingSafeEqual(createHash('sha256').update(Buffer.from(p, 'hex')).digest(), Buffer.from(h, 'hex'));
}
