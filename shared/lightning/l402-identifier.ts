/**
 * The identifier of an L402 macaroon as Lightning Labs' aperture makes it: 66 bytes, a uint16
 * big-endian version (0), the 32-byte payment hash and a random 32-byte token id.
 */
import { MacaroonEncodingError } from './l402-errors.js';

export const IDENTIFIER_VERSION = 0;
export const IDENTIFIER_BYTES = 66;

export interface L402Identifier {
  /** 64 lowercase hex. */
  paymentHash: string;
  /** 64 lowercase hex; the key of the token's root key in `l402_root_keys`. */
  tokenId: string;
}

export function encodeIdentifier({ paymentHash, tokenId }: L402Identifier): Buffer {
  const out = Buffer.alloc(IDENTIFIER_BYTES);
  out.writeUInt16BE(IDENTIFIER_VERSION, 0);
  Buffer.from(paymentHash, 'hex').copy(out, 2);
  Buffer.from(tokenId, 'hex').copy(out, 34);
  return out;
}

export function decodeIdentifier(id: Buffer): L402Identifier {
  if (id.length !== IDENTIFIER_BYTES) throw new MacaroonEncodingError(`identifier is ${id.length} bytes, not ${IDENTIFIER_BYTES}`);
  const version = id.readUInt16BE(0);
  if (version !== IDENTIFIER_VERSION) throw new MacaroonEncodingError(`unknown identifier version ${version}`);
  return { paymentHash: id.subarray(2, 34).toString('hex'), tokenId: id.subarray(34, 66).toString('hex') };
}
