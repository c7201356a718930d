import { describe, expect, it } from 'vitest';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { bytesToHex, hashTypedData, hexToBytes, numberToHex, recoverAddress as viemRecover, type Hex } from 'viem';
import { randomBytes } from 'node:crypto';
import { recoverAddress, recoveryBuild, type RecoveryBuild } from '../../shared/x402/ecrecover.js';

const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const account = privateKeyToAccount(generatePrivateKey());
const typed = {
  domain: { name: 'USDC', version: '2', chainId: 84532, verifyingContract: '0x036CbD53842c5426634e7929541eC2318f3dCF7e' as const },
  types: { Ping: [{ name: 'n', type: 'uint256' }] },
  primaryType: 'Ping' as const,
  message: { n: 1n },
};
const digest = hashTypedData(typed);

// The CI machine is Linux x64, where the secp256k1 package ships its native build: both builds
// are checked there. Elsewhere only the WebAssembly one may exist.
const builds: RecoveryBuild[] = recoveryBuild === 'native' ? ['native', 'wasm'] : ['wasm'];

describe('recoverAddress', () => {
  it('uses the native build on Linux x64', () => {
    if (process.platform === 'linux' && process.arch === 'x64') expect(recoveryBuild).toBe('native');
  });

  describe.each(builds)('with the %s build', (build) => {
    it('recovers the signer exactly as viem does', async () => {
      const signature = await account.signTypedData(typed);
      expect(recoverAddress(digest, signature, build)?.toLowerCase()).toBe(account.address.toLowerCase());
      expect((await viemRecover({ hash: digest, signature })).toLowerCase()).toBe(account.address.toLowerCase());
    });

    it('refuses the malleable high-s twin of a valid signature, as the token contract does', async () => {
      const sig = hexToBytes(await account.signTypedData(typed));
      const s = BigInt(bytesToHex(sig.subarray(32, 64)));
      const twin = new Uint8Array(sig);
      twin.set(hexToBytes(numberToHex(N - s, { size: 32 })), 32);
      twin[64] = sig[64] === 27 ? 28 : 27;
      expect(recoverAddress(digest, bytesToHex(twin), build)).toBeUndefined();
    });

    it('refuses v other than 27 or 28, wrong lengths, r out of range and garbage', async () => {
      const sig = hexToBytes(await account.signTypedData(typed));
      const v0 = new Uint8Array(sig);
      v0[64] = sig[64] - 27;
      expect(recoverAddress(digest, bytesToHex(v0), build)).toBeUndefined();
      expect(recoverAddress(digest, bytesToHex(sig.subarray(0, 64)), build)).toBeUndefined();
      expect(recoverAddress(digest, '0xzz' as Hex, build)).toBeUndefined();
      expect(recoverAddress(digest, `0x${'00'.repeat(65)}`, build)).toBeUndefined();
      const rTooLarge = new Uint8Array(sig);
      rTooLarge.set(hexToBytes(numberToHex(N, { size: 32 })), 0);
      expect(recoverAddress(digest, bytesToHex(rTooLarge), build)).toBeUndefined();
    });
  });

  it.runIf(builds.length === 2)('gives the same answer with both builds, signatures valid or not', async () => {
    for (let i = 0; i < 200; i++) {
      const d = bytesToHex(randomBytes(32));
      const valid = hexToBytes(await account.sign({ hash: d }));
      // Every other one: r and s replaced by random words (often no point on the curve has that x).
      const sig = i % 2 === 0 ? valid : new Uint8Array([...randomBytes(64), valid[64]]);
      const hex = bytesToHex(sig);
      expect(recoverAddress(d, hex, 'native')).toBe(recoverAddress(d, hex, 'wasm'));
      if (i % 2 === 0) expect(recoverAddress(d, hex, 'native')?.toLowerCase()).toBe(account.address.toLowerCase());
    }
  });
});
