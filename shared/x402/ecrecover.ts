/**
 * ECDSA public-key recovery for EIP-712 signatures through libsecp256k1, and recovery is the
 * largest CPU cost of accepting a paid request. Two builds of the same library: the native
 * one shipped prebuilt by the `secp256k1` package (Linux x64, macOS arm64, Windows x64; about
 * 70 us a recovery), else the WebAssembly one of `tiny-secp256k1` (about 320 us), both about
 * ten to forty times faster than recovery in JavaScript. The rules are the token contract's own
 * (USDC's ECRecover): v must be 27 or 28 and s in the lower half of the curve order, so that
 * nothing is accepted here that the chain would refuse.
 */
import { createRequire } from 'node:module';
import * as wasm from 'tiny-secp256k1';
import { bytesToBigInt, hexToBytes, keccak256, type Address, type Hex } from 'viem';

/** Half the order of secp256k1: an s above it is the malleable twin of a valid signature. */
const HALF_N = 0x7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0n;

/** The uncompressed public key (65 bytes) that signed `digest`; null or a throw when none can. */
type Recover = (digest: Uint8Array, signature64: Uint8Array, recoveryId: 0 | 1) => Uint8Array | null;

export type RecoveryBuild = 'native' | 'wasm';

const recoverWasm: Recover = (digest, signature64, recoveryId) => wasm.recover(digest, signature64, recoveryId, false);

/**
 * The native build when this platform has one: the `secp256k1` package's `bindings` entry loads
 * its prebuilt addon and throws without one (its main entry would fall back to JavaScript).
 */
function loadNative(): Recover | undefined {
  try {
    const native = createRequire(import.meta.url)('secp256k1/bindings') as {
      ecdsaRecover(signature: Uint8Array, recid: number, message: Uint8Array, compressed: boolean): Uint8Array;
    };
    return (digest, signature64, recoveryId) => native.ecdsaRecover(signature64, recoveryId, digest, false);
  } catch {
    return undefined;
  }
}

const recoverNative = loadNative();

/** Which build recovers in this process (the bench prints it beside verifyPayment's rate). */
export const recoveryBuild: RecoveryBuild = recoverNative ? 'native' : 'wasm';

const builds: Record<RecoveryBuild, Recover | undefined> = { native: recoverNative, wasm: recoverWasm };

/**
 * The address that signed `digest`, or undefined when the signature cannot be valid on chain.
 * `build` picks one build for tests; by default the fastest this platform has.
 */
export function recoverAddress(digest: Hex, signature: Hex, build: RecoveryBuild = recoveryBuild): Address | undefined {
  const recover = builds[build];
  if (!recover) throw new Error(`secp256k1: no ${build} build on this platform`);
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
    const point = recover(hexToBytes(digest), sig.subarray(0, 64), (v - 27) as 0 | 1);
    if (!point || point.length !== 65) return undefined;
    return `0x${keccak256(point.subarray(1)).slice(-40)}` as Address;
  } catch {
    return undefined;
  }
}
