/**
 * The L402 header helpers: both challenge forms, and a strict parser for the Authorization
 * header that names what is wrong.
 */
import fc from 'fast-check';
import { parseL402, parseL402Authorization as albyParse } from '@getalby/lightning-tools';
import { describe, expect, it } from 'vitest';
import { L402AuthorizationFormatError, formatChallenge, parseL402Authorization } from '../../shared/lightning/index.js';

const MAC = 'AgEEbHNhdAJCAAD/+A==';
const INVOICE = 'lnbcrt10u1p4sg8s3pp5sx0hrlrf99ta2hjyr4uavs4ye455udqsm4qru02msnw54j45kptsdqydp5sxqzjcsp5';
const PRE = 'ab'.repeat(32);

describe('formatChallenge', () => {
  it('gives the L402 value first and the older LSAT value second', () => {
    expect(formatChallenge({ macaroon: MAC, invoice: INVOICE })).toEqual([
      `L402 macaroon="${MAC}", invoice="${INVOICE}"`,
      `LSAT macaroon="${MAC}", invoice="${INVOICE}"`,
    ]);
  });

  it('is read by the Alby parser alone and when fetch joins both values with a comma', () => {
    const values = formatChallenge({ macaroon: MAC, invoice: INVOICE });
    for (const header of [values[0], values[1], values.join(', ')]) {
      expect(parseL402(header)).toMatchObject({ token: MAC, invoice: INVOICE });
    }
  });

  it('refuses values that could break the header', () => {
    expect(() => formatChallenge({ macaroon: 'a"b', invoice: INVOICE })).toThrow(TypeError);
    expect(() => formatChallenge({ macaroon: MAC, invoice: 'lnbc1", x="y' })).toThrow(TypeError);
  });
});

describe('parseL402Authorization', () => {
  it('reads L402 and LSAT credentials, whatever the case of the scheme', () => {
    expect(parseL402Authorization(`L402 ${MAC}:${PRE}`)).toEqual({ scheme: 'L402', macaroon: MAC, preimage: PRE });
    expect(parseL402Authorization(`lsat ${MAC}:${PRE.toUpperCase()}`)).toEqual({ scheme: 'LSAT', macaroon: MAC, preimage: PRE });
    expect(parseL402Authorization(`  l402   ${MAC}:${PRE}  `).scheme).toBe('L402');
  });

  it('agrees with the Alby server-side parser on what it accepts', () => {
    expect(albyParse(`L402 ${MAC}:${PRE}`)).toEqual({ token: MAC, preimage: PRE });
  });

  it('refuses every other shape with L402AuthorizationFormatError and reason bad_authorization', () => {
    const bad = [
      undefined,
      '',
      `Bearer ${MAC}:${PRE}`,
      `Basic ${MAC}`,
      `L402 ${MAC}`,
      `L402 ${MAC}:${PRE.slice(1)}`,
      `L402 ${MAC}:${'zz'.repeat(32)}`,
      `L402 not*base64:${PRE}`,
      `L402 ${MAC}:${PRE} extra`,
      `L402 ${'A'.repeat(20_000)}:${PRE}`,
    ];
    for (const header of bad) {
      expect(() => parseL402Authorization(header)).toThrow(L402AuthorizationFormatError);
    }
  });

  it('never throws anything but its own error, whatever the input', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (header) => {
        try {
          parseL402Authorization(header);
        } catch (err) {
          expect(err).toBeInstanceOf(L402AuthorizationFormatError);
        }
      }),
    );
  });
});
