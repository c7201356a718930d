/**
 * The V2 binary macaroon codec and its HMAC chain, checked against npm `macaroon` 3.0.4 (an
 * independent implementation of libmacaroons' format) and by properties over 0..6 caveats.
 */
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { importMacaroon, newMacaroon } from 'macaroon';
import { describe, expect, it } from 'vitest';
import {
  MacaroonEncodingError,
  chainSignature,
  decodeMacaroonV2,
  encodeMacaroonV2,
  macaroonFromBase64,
  macaroonToBase64,
  type Macaroon,
} from '../../shared/lightning/index.js';
import { signatureMatches } from '../../shared/lightning/macaroon-signature.js';

const bytes = (min: number, max: number) => fc.uint8Array({ minLength: min, maxLength: max }).map((a) => Buffer.from(a));
const caveatText = fc.string({ minLength: 1, maxLength: 200 }).map((s) => Buffer.from(s, 'utf8'));

function signed(rootKey: Buffer, identifier: Buffer, caveats: Buffer[], location?: string): Macaroon {
  return {
    identifier,
    caveats: caveats.map((c) => ({ identifier: c })),
    signature: chainSignature(rootKey, identifier, caveats),
    ...(location ? { location } : {}),
  };
}

describe('V2 binary macaroons', () => {
  it('encodes byte for byte as npm macaroon does, up to the three caveats its exporter handles', () => {
    const rootKey = randomBytes(32);
    const identifier = randomBytes(66);
    const caveats = ['services=scan:0', 'scan_capabilities=scan', 'scan_valid_until=1900000000'].map((c) => Buffer.from(c));
    const theirs = newMacaroon({ identifier, location: 'lsat', rootKey, version: 2 });
    for (const c of caveats) theirs.addFirstPartyCaveat(c);
    expect(encodeMacaroonV2(signed(rootKey, identifier, caveats, 'lsat'))).toEqual(Buffer.from(theirs.exportBinary()));
  });

  it('is imported and verified by npm macaroon with 0 to 6 caveats', () => {
    fc.assert(
      fc.property(bytes(32, 32), bytes(1, 100), fc.array(caveatText, { maxLength: 6 }), (rootKey, identifier, caveats) => {
        const theirs = importMacaroon(macaroonToBase64(signed(rootKey, identifier, caveats, 'lsat')));
        expect(Buffer.from(theirs.identifier)).toEqual(identifier);
        expect(theirs.caveats.map((c) => Buffer.from(c.identifier))).toEqual(caveats);
        const seen: string[] = [];
        theirs.verify(rootKey, (cond) => {
          seen.push(cond);
          return null;
        });
        expect(seen).toEqual(caveats.map((c) => c.toString('utf8')));
      }),
      { numRuns: 60 },
    );
  });

  it('round-trips any macaroon with 0 to 6 caveats, through bytes and through base64', () => {
    const caveat = fc.record({ identifier: bytes(1, 300), location: fc.option(fc.string({ minLength: 1, maxLength: 20 }), { nil: undefined }), vid: fc.option(bytes(1, 80), { nil: undefined }) });
    const macaroon = fc.record({
      location: fc.option(fc.string({ minLength: 1, maxLength: 40 }), { nil: undefined }),
      identifier: bytes(1, 200),
      caveats: fc.array(caveat, { maxLength: 6 }),
      signature: bytes(32, 32),
    });
    fc.assert(
      fc.property(macaroon, (m) => {
        const clean = JSON.parse(JSON.stringify(m)) as unknown; // drops undefined optionals
        const back = decodeMacaroonV2(encodeMacaroonV2(m));
        expect(JSON.parse(JSON.stringify(back))).toEqual(clean);
        expect(JSON.parse(JSON.stringify(macaroonFromBase64(macaroonToBase64(m))))).toEqual(clean);
      }),
      { numRuns: 200 },
    );
  });

  it('fails verification, or decoding, when any single byte is flipped', () => {
    fc.assert(
      fc.property(
        bytes(32, 32),
        bytes(66, 66),
        fc.array(caveatText, { maxLength: 6 }),
        fc.nat(),
        fc.integer({ min: 1, max: 255 }),
        (rootKey, identifier, caveats, position, mask) => {
          const encoded = encodeMacaroonV2(signed(rootKey, identifier, caveats));
          const tampered = Buffer.from(encoded);
          tampered[position % tampered.length] ^= mask;
          let verified = false;
          try {
            const m = decodeMacaroonV2(tampered);
            verified = signatureMatches(rootKey, m.identifier, m.caveats.map((c) => c.identifier), m.signature) && !m.caveats.some((c) => c.vid);
          } catch (err) {
            expect(err).toBeInstanceOf(MacaroonEncodingError);
          }
          expect(verified).toBe(false);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('refuses bad encodings with MacaroonEncodingError', () => {
    const good = encodeMacaroonV2(signed(randomBytes(32), randomBytes(66), [Buffer.from('a=b')]));
    for (const bad of [
      Buffer.alloc(0),
      Buffer.from([1]),
      good.subarray(0, good.length - 1),
      Buffer.concat([good, Buffer.from([0])]),
      Buffer.from([2, 2, 0x80, 0x80, 0x80, 0x80, 0x80]),
    ]) {
      expect(() => decodeMacaroonV2(bad)).toThrow(MacaroonEncodingError);
    }
    for (const text of ['', 'not base64!', 'AgE', `${good.toString('base64url')}-_`]) {
      expect(() => macaroonFromBase64(text)).toThrow(MacaroonEncodingError);
    }
  });
});
