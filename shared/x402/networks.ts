/**
 * Network names in both x402 generations: v2 speaks CAIP-2 (`eip155:84532`), v1 speaks the
 * older names (`base-sepolia`). The table holds the EVM chains that both official client
 * generations (x402-fetch 1.x and @x402/evm 2.x) know by the same v1 name.
 */
import type { Caip2Network } from './types.js';

/** v1 names by EVM chain id. */
const V1_NAME_BY_CHAIN_ID: ReadonlyMap<number, string> = new Map([
  [8453, 'base'],
  [84532, 'base-sepolia'],
  [43114, 'avalanche'],
  [43113, 'avalanche-fuji'],
  [137, 'polygon'],
  [80002, 'polygon-amoy'],
]);

const CHAIN_ID_BY_V1_NAME: ReadonlyMap<string, number> = new Map(
  [...V1_NAME_BY_CHAIN_ID].map(([id, name]) => [name, id]),
);

// No leading zeros and at most 15 digits: a chain id must survive Number() without rounding.
const CAIP2_EIP155 = /^eip155:([1-9]\d{0,14})$/;

/**
 * The EVM chain id of a network given in either form, or undefined when it is neither an
 * `eip155:<id>` CAIP-2 id nor a v1 name in the table.
 *
 * @example chainIdOf('eip155:84532') === 84532; chainIdOf('base-sepolia') === 84532
 */
export function chainIdOf(network: string): number | undefined {
  const m = CAIP2_EIP155.exec(network);
  if (m) return Number(m[1]);
  return CHAIN_ID_BY_V1_NAME.get(network);
}

/** The CAIP-2 form (`eip155:<id>`) of a network given in either form, or undefined. */
export function toCaip2(network: string): Caip2Network | undefined {
  const id = chainIdOf(network);
  return id === undefined ? undefined : `eip155:${id}`;
}

/** The v1 name of a network given in either form, or undefined when v1 has no name for it. */
export function toV1Name(network: string): string | undefined {
  const id = chainIdOf(network);
  return id === undefined ? undefined : V1_NAME_BY_CHAIN_ID.get(id);
}
