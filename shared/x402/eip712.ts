/**
 * The EIP-712 digest of an EIP-3009 TransferWithAuthorization, the one typed message x402's
 * "exact" scheme signs. Encoded by hand instead of through viem's generic `hashTypedData`: the
 * type hash is a constant and the domain separator of a token is computed once, so a digest
 * costs two keccak256 instead of seven. `test/x402/eip712.test.ts` checks it against viem.
 */
import { keccak256, stringToHex, type Hex } from 'viem';
import type { Eip3009Authorization } from './types.js';

/** EIP-3009 TransferWithAuthorization, as USDC defines it (and @x402/evm signs it). */
export const TRANSFER_WITH_AUTHORIZATION = {
  TransferWithAuthorization: [
    { name: 'from', type: 'address' },
    { name: 'to', type: 'address' },
    { name: 'value', type: 'uint256' },
    { name: 'validAfter', type: 'uint256' },
    { name: 'validBefore', type: 'uint256' },
    { name: 'nonce', type: 'bytes32' },
  ],
} as const;

const DOMAIN_TYPE_HASH = keccak256(stringToHex('EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)'));
/** keccak256 of the type's encoding, `TransferWithAuthorization(address from,...)`, read off the type above. */
const TRANSFER_TYPE_HASH = keccak256(
  stringToHex(`TransferWithAuthorization(${TRANSFER_WITH_AUTHORIZATION.TransferWithAuthorization.map((f) => `${f.type} ${f.name}`).join(',')})`),
);

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const BYTES32 = /^0x[0-9a-fA-F]{64}$/;
const UINT256_LIMIT = 1n << 256n;

export interface TokenDomain {
  name: string;
  version: string;
  chainId: number;
  verifyingContract: string;
}

/** One 32-byte ABI word of an address, without 0x. Throws on anything but 20 bytes of hex. */
function addressWord(address: string): string {
  if (!ADDRESS.test(address)) throw new TypeError(`not an address: ${address}`);
  return address.slice(2).toLowerCase().padStart(64, '0');
}

/** One 32-byte ABI word of a uint256, without 0x. Throws outside 0..2^256-1. */
function uintWord(value: bigint | number): string {
  const v = BigInt(value);
  if (v < 0n || v >= UINT256_LIMIT) throw new RangeError(`not a uint256: ${v}`);
  return v.toString(16).padStart(64, '0');
}

/** Domain separators by token domain: a service accepts a handful of tokens, so this stays small. */
const separators = new Map<string, Hex>();

function domainSeparator(domain: TokenDomain): Hex {
  const key = `${domain.chainId}\u0000${domain.verifyingContract.toLowerCase()}\u0000${domain.name}\u0000${domain.version}`;
  let separator = separators.get(key);
  if (!separator) {
    separator = keccak256(`0x${DOMAIN_TYPE_HASH.slice(2)}${keccak256(stringToHex(domain.name)).slice(2)}${keccak256(stringToHex(domain.version)).slice(2)}${uintWord(domain.chainId)}${addressWord(domain.verifyingContract)}`);
    if (separators.size < 64) separators.set(key, separator);
  }
  return separator;
}

/**
 * The digest a TransferWithAuthorization signature signs.
 *
 * @throws TypeError or RangeError when a field cannot be encoded (not an address, not a
 *   uint256, a nonce that is not 32 bytes)
 */
export function transferWithAuthorizationDigest(domain: TokenDomain, auth: Eip3009Authorization): Hex {
  if (!BYTES32.test(auth.nonce)) throw new TypeError(`not a bytes32 nonce: ${auth.nonce}`);
  const struct = keccak256(
    `0x${TRANSFER_TYPE_HASH.slice(2)}${addressWord(auth.from)}${addressWord(auth.to)}${uintWord(auth.value)}${uintWord(auth.validAfter)}${uintWord(auth.validBefore)}${auth.nonce.slice(2).toLowerCase()}`,
  );
  return keccak256(`0x1901${domainSeparator(domain).slice(2)}${struct.slice(2)}`);
}
