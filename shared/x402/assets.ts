/**
 * The USDC of each chain the service knows (those with a v1 name, `networks.ts`), with the
 * EIP-712 domain its EIP-3009 signatures use, as the reference packages' default asset tables
 * give them (@x402/evm `DEFAULT_ASSETS`, x402 1.x `config`). With it, X402_NETWORK alone is
 * enough: Base mainnet gets its USDC named "USD Coin", Base Sepolia's is named "USDC". A wrong
 * name still yields a signature, one that recovers to another address, so this matters.
 */
import { chainIdOf } from './networks.js';

export interface KnownAsset {
  asset: `0x${string}`;
  /** EIP-712 domain name and version of the token. */
  name: string;
  version: string;
  decimals: number;
  symbol: string;
}

const USDC = (asset: `0x${string}`, name: string): KnownAsset => ({ asset, name, version: '2', decimals: 6, symbol: 'USDC' });

const KNOWN: ReadonlyMap<number, KnownAsset> = new Map([
  [8453, USDC('0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', 'USD Coin')],
  [84532, USDC('0x036CbD53842c5426634e7929541eC2318f3dCF7e', 'USDC')],
  [43114, USDC('0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E', 'USD Coin')],
  [43113, USDC('0x5425890298aed601595a70AB815c96711a31Bc65', 'USD Coin')],
  [137, USDC('0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359', 'USD Coin')],
  [80002, USDC('0x41E94Eb019C0762f9Bfcf9Fb1E58725BfB0e7582', 'USDC')],
]);

/**
 * The known asset of a network: its USDC when `asset` is omitted, or the entry for `asset`
 * (compared case-insensitively) when it is that USDC; undefined otherwise.
 */
export function knownAsset(network: string, asset?: string): KnownAsset | undefined {
  const id = chainIdOf(network);
  const known = id === undefined ? undefined : KNOWN.get(id);
  if (!known) return undefined;
  return asset === undefined || asset.toLowerCase() === known.asset.toLowerCase() ? known : undefined;
}
