/**
 * ECDSA public-key recovery for EIP-712 signatures through libsecp256k1 compiled to WebAssembly
 * (tiny-secp256k1): about twenty times faster than recovery in JavaScript, and recovery is the
 * largest CPU cost of accepting a paid request. The rules are the token contract's own (USDC's
 * ECRecover): v must be 27 or 28 and s in the lower half of the curve order, so that nothing is
 * accepted here that the chain would refuse.
 */
import * as secp256k1 from 'tiny-secp256k1';
import { bytesToBigInt, hexToBytes, keccak256, type Address, type Hex } from 'viem';

/** Half the order of secp256k1: an s above it is the malleable twin of a valid signature. */
const HALF_N = 0x7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0n;

/** The address that signed `digest`, or undefined when the signature cannot be valid on chain. */
export function recoverAddress(digest: Hex, signature: Hex): Address | undefined {
  let sig: Uint8Array;
  try {
    sig = hexToBytes(signature);
  } catch {
    return undefined;
  }
  if (sig.length !== 65) return undefined;
  const v = sig[64];
  if (v !== 27 && v !== 28) return undefined;
  const s = bytesToBigInt(sig.subarray(32, 64));
  if (s === 0n || s > HALF_N) return undefined;
  try {
    const point = secp256k1.recover(hexToBytes(digest), sig.subarray(0, 64), (v - 27) as 0 | 1, false);
    if (!point) return undefined;
    return `0x${keccak256(point.subarray(1)).slice(-40)}` as Address;
  } catch {
    return undefined;
  }
}
