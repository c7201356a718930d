/**
 * The hand-written TransferWithAuthorization digest must equal viem's generic EIP-712 hashing for
 * every input, or signatures would be refused (or worse, accepted for other terms).
 */
import { randomBytes } from 'node:crypto';
import { getAddress, hashTypedData, toHex, type Address } from 'viem';
import { describe, expect, it } from 'vitest';
import { transferWithAuthorizationDigest } from '../../shared/x402/eip712.js';
import { TRANSFER_WITH_AUTHORIZATION } from '../../shared/x402/index.js';

const address = (): Address => toHex(randomBytes(20));
const uint = (bytes: number) => BigInt(toHex(randomBytes(bytes)));

function viemDigest(domain: { name: string; version: string; chainId: number; verifyingContract: Address }, message: Parameters<typeof transferWithAuthorizationDigest>[1]) {
  return hashTypedData({
    domain: { ...domain, verifyingContract: getAddress(domain.verifyingContract) },
    types: TRANSFER_WITH_AUTHORIZATION,
    primaryType: 'TransferWithAuthorization',
    message: { ...message, from: getAddress(message.from), to: getAddress(message.to) },
  });
}

describe('transferWithAuthorizationDigest', () => {
  it('equals viem\'s hashTypedData over random domains and authorizations, extremes included', () => {
    const names = ['USDC', 'USD Coin', 'Bridged USDC (x)', 'ünïcode ✓', ''];
    for (let i = 0; i < 300; i++) {
      const domain = { name: names[i % names.length], version: i % 2 ? '2' : '1', chainId: [1, 8453, 84532, 2 ** 31 - 1][i % 4], verifyingContract: address() };
      const extremes = [0n, (1n << 256n) - 1n, uint(8), uint(32)];
      const message = {
        from: address(), to: address(),
        value: extremes[i % 4], validAfter: extremes[(i + 1) % 4], validBefore: extremes[(i + 2) % 4],
        nonce: toHex(randomBytes(32)),
      };
      expect(transferWithAuthorizationDigest(domain, message)).toBe(viemDigest(domain, message));
    }
  });

  it('reads addresses and nonces in any letter case, as the chain does', () => {
    const domain = { name: 'USDC', version: '2', chainId: 84532, verifyingContract: address() };
    const message = { from: address(), to: address(), value: 10n, validAfter: 0n, validBefore: 99n, nonce: toHex(randomBytes(32)) };
    const upper = { ...message, from: `0x${message.from.slice(2).toUpperCase()}` as Address, nonce: `0x${message.nonce.slice(2).toUpperCase()}` as `0x${string}` };
    expect(transferWithAuthorizationDigest({ ...domain, verifyingContract: domain.verifyingContract.toUpperCase().replace('0X', '0x') }, upper))
      .toBe(transferWithAuthorizationDigest(domain, message));
  });

  it('refuses what cannot be encoded: a short address, a value past 2^256, a short nonce', () => {
    const domain = { name: 'USDC', version: '2', chainId: 1, verifyingContract: address() };
    const ok = { from: address(), to: address(), value: 1n, validAfter: 0n, validBefore: 1n, nonce: toHex(randomBytes(32)) };
    expect(() => transferWithAuthorizationDigest(domain, { ...ok, from: '0x1234' as Address })).toThrow();
    expect(() => transferWithAuthorizationDigest(domain, { ...ok, value: 1n << 256n })).toThrow();
    expect(() => transferWithAuthorizationDigest(domain, { ...ok, value: -1n })).toThrow();
    expect(() => transferWithAuthorizationDigest(domain, { ...ok, nonce: '0xabcd' })).toThrow();
  });
});
