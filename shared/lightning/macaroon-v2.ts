/**
 * The V2 binary macaroon format of libmacaroons and go-macaroon, written here because npm
 * `macaroon` 3.0.4 fails to export four or more caveats. Layout:
 *
 *   0x02, [location], identifier, EOS,
 *   per caveat: [location], identifier, [verification id], EOS,
 *   EOS, signature
 *
 * where a field is one type byte (1 location, 2 identifier, 4 verification id, 6 signature),
 * an unsigned LEB128 length and the bytes, and EOS is a 0 byte.
 */
import { MacaroonEncodingError } from './l402-errors.js';

const VERSION_2 = 2;
const Field = { eos: 0, location: 1, identifier: 2, vid: 4, signature: 6 } as const;

/** A header carries a few hundred bytes; anything much larger is refused before parsing. */
export const MAX_MACAROON_BYTES = 8192;
export const SIGNATURE_BYTES = 32;

export interface Caveat {
  identifier: Buffer;
  location?: string;
  /** Present only on third-party caveats. */
  vid?: Buffer;
}

export interface Macaroon {
  location?: string;
  identifier: Buffer;
  caveats: Caveat[];
  signature: Buffer;
}

function uvarint(n: number): number[] {
  const out: number[] = [];
  while (n >= 0x80) {
    out.push((n & 0x7f) | 0x80);
    n >>>= 7;
  }
  out.push(n);
  return out;
}

function field(type: number, data: Buffer): Buffer {
  return Buffer.concat([Buffer.from([type, ...uvarint(data.length)]), data]);
}

/** Encodes a macaroon in the V2 binary format. */
export function encodeMacaroonV2(m: Macaroon): Buffer {
  const parts: Buffer[] = [Buffer.from([VERSION_2])];
  const eos = Buffer.from([Field.eos]);
  if (m.location) parts.push(field(Field.location, Buffer.from(m.location, 'utf8')));
  parts.push(field(Field.identifier, m.identifier), eos);
  for (const c of m.caveats) {
    if (c.location) parts.push(field(Field.location, Buffer.from(c.location, 'utf8')));
    parts.push(field(Field.identifier, c.identifier));
    if (c.vid) parts.push(field(Field.vid, c.vid));
    parts.push(eos);
  }
  parts.push(eos, field(Field.signature, m.signature));
  return Buffer.concat(parts);
}

/** A cursor over the bytes being decoded; every read is bounds-checked. */
class Reader {
  private at = 0;
  constructor(private readonly bytes: Buffer) {}

  done(): boolean {
    return this.at >= this.bytes.length;
  }

  peek(): number {
    if (this.done()) throw new MacaroonEncodingError('truncated');
    return this.bytes[this.at];
  }

  byte(): number {
    const b = this.peek();
    this.at++;
    return b;
  }

  private length(): number {
    let n = 0;
    for (let shift = 0; shift < 28; shift += 7) {
      const b = this.byte();
      n |= (b & 0x7f) << shift;
      if (b < 0x80) return n;
    }
    throw new MacaroonEncodingError('field length too long');
  }

  /** Reads a field of `type` when the next byte is that type; undefined otherwise. */
  optional(type: number): Buffer | undefined {
    if (this.done() || this.peek() !== type) return undefined;
    this.at++;
    const n = this.length();
    if (this.at + n > this.bytes.length) throw new MacaroonEncodingError('field runs past the end');
    const data = this.bytes.subarray(this.at, this.at + n);
    this.at += n;
    return Buffer.from(data);
  }

  required(type: number, what: string): Buffer {
    const data = this.optional(type);
    if (!data) throw new MacaroonEncodingError(`expected ${what}`);
    return data;
  }

  eos(): void {
    if (this.byte() !== Field.eos) throw new MacaroonEncodingError('expected end of section');
  }
}

function readCaveat(r: Reader): Caveat {
  const location = r.optional(Field.location)?.toString('utf8');
  const identifier = r.required(Field.identifier, 'caveat identifier');
  const vid = r.optional(Field.vid);
  r.eos();
  return { identifier, ...(location ? { location } : {}), ...(vid ? { vid } : {}) };
}

/**
 * Decodes a V2 binary macaroon. Strict: unknown fields, a short signature or trailing bytes are
 * refused with MacaroonEncodingError, so that one token has exactly one encoding.
 */
export function decodeMacaroonV2(bytes: Buffer): Macaroon {
  if (bytes.length > MAX_MACAROON_BYTES) throw new MacaroonEncodingError('too large');
  const r = new Reader(bytes);
  if (r.byte() !== VERSION_2) throw new MacaroonEncodingError('not a V2 binary macaroon');
  const location = r.optional(Field.location)?.toString('utf8');
  const identifier = r.required(Field.identifier, 'identifier');
  r.eos();
  const caveats: Caveat[] = [];
  while (r.peek() !== Field.eos) caveats.push(readCaveat(r));
  r.eos();
  const signature = r.required(Field.signature, 'signature');
  if (signature.length !== SIGNATURE_BYTES) throw new MacaroonEncodingError('signature is not 32 bytes');
  if (!r.done()) throw new MacaroonEncodingError('trailing bytes');
  return { identifier, caveats, signature, ...(location ? { location } : {}) };
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** Standard base64 (padding optional on input, as some clients strip it) to bytes. */
export function macaroonFromBase64(text: string): Macaroon {
  if (typeof text !== 'string' || text.length > MAX_MACAROON_BYTES * 2 || !BASE64.test(text) || text.length % 4 === 1) {
    throw new MacaroonEncodingError('not standard base64');
  }
  return decodeMacaroonV2(Buffer.from(text, 'base64'));
}

/** Standard base64 with padding, as aperture sends it in headers. */
export function macaroonToBase64(m: Macaroon): string {
  return encodeMacaroonV2(m).toString('base64');
}
