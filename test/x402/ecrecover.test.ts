import { describe, expect, it } from 'vitest';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { bytesToHex, hashTypedData, hexToBytes, numberToHex, recoverAddress as viemRecover, type Hex } from 'viem';
import { recoverAddress } from '../../shared/x402/ecrecover.js';

const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const account = privateKeyToAccount(generatePrivateKey());
const typed = {
  domain: { name: 'USDC', version: '2', chainId: 84532, verifyingContract: '0x036CbD53842c5426634e7929541eC2318f3dCF7e' as const },
  types: { Ping: [{ name: 'n', type: 'uint256' }] },
  primaryType: 'Ping' as const,
  message: { n: 1n },
};
const digest = hashTypedData(typed);

describe('recoverAddress', () => {
  it('recovers the signer exactly as viem does', async () => {
    const signature = await account.signTypedData(typed);
    expect(recoverAddress(digest, signature)?.toLowerCase()).toBe(account.address.toLowerCase());
    expect((await viemRecover({ hash: digest, signature })).toLowerCase()).toBe(account.address.toLowerCase());
  });

  it('refuses the malleable high-s twin of a valid signature, as the token contract does', async () => {
    const sig = hexToBytes(await account.signTypedData(typed));
    const s = BigInt(bytesToHex(sig.subarray(32, 64)));
    const twin = new Uint8Array(sig);
    twin.set(hexToBytes(numberToHex(N - s, { size: 32 })), 32);
    twin[64] = sig[64] === 27 ? 28 : 27;
    expect(recoverAddress(digest, bytesToHex(twin))).toBeUndefined();
  });

  it('refuses v other than 27 or 28, wrong lengths and garbage', async () => {
    const sig = hexToBytes(await account.signTypedData(typed));
    const v0 = new Uint8Array(sig);
    v0[64] = sig[64] - 27;
    expect(recoverAddress(digest, bytesToHex(v0))).toBeUndefined();
    expect(recoverAddress(digest, bytesToHex(sig.subarray(0, 64)))).toBeUndefined();
    expect(recoverAddress(digest, '0xzz' as Hex)).toBeUndefined();
    expect(recoverAddress(digest, `0x${'00'.repeat(65)}`)).toBeUndefined();
  });
});
