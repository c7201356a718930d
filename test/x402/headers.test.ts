/**
 * Payment headers in and receipts out: anything a client can send is decoded or refused with an
 * X402Error, never a crash; receipts decode with the official clients' own decoders.
 */
import fc from 'fast-check';
import { x402HTTPClient } from '@x402/fetch';
import { decodePaymentResponseHeader } from '@x402/core/http';
import { decodeXPaymentResponse } from 'x402-fetch';
import { SettleResponseSchema } from 'x402/types';
import { beforeAll, describe, expect, it } from 'vitest';
import { X402Error, decodePaymentHeader, encodePaymentResponse, paymentResponseHeaderName } from '../../shared/x402/index.js';
import { randomAccount, testPaymentRequired, v2SigningClient, x402Settings as settings } from '../helpers/x402-fixtures.js';

const b64 = (text: string): string => Buffer.from(text, 'utf8').toString('base64');

let genuine: string;
let genuineJson: Record<string, any>;

beforeAll(async () => {
  const built = testPaymentRequired();
  const client = v2SigningClient(randomAccount());
  const payload = await client.createPaymentPayload(built.paymentRequired);
  genuine = new x402HTTPClient(client).encodePaymentSignatureHeader(payload)['PAYMENT-SIGNATURE'];
  genuineJson = JSON.parse(Buffer.from(genuine, 'base64').toString('utf8'));
});

function reasonOf(paymentSignature: string): string {
  try {
    decodePaymentHeader({ paymentSignature });
    return 'decoded';
  } catch (err) {
    if (err instanceof X402Error) return err.reason;
    throw err;
  }
}

describe('decodePaymentHeader', () => {
  it('decodes a genuine v2 header with its authorization as bigints and its raw JSON intact', () => {
    const p = decodePaymentHeader({ paymentSignature: genuine });
    expect(p.version).toBe(2);
    expect(p.scheme).toBe('exact');
    expect(p.network).toBe('eip155:84532');
    expect(p.authorization.value).toBe(5_000_000n);
    expect(typeof p.authorization.validBefore).toBe('bigint');
    expect(p.version === 2 && p.accepted.payTo).toBe(settings.payTo);
    expect(p.raw).toEqual(genuineJson);
  });

  it('accepts unpadded base64 as the official decoder (atob) does', () => {
    const padded = paddedGenuine();
    expect(padded).toMatch(/=$/);
    expect(decodePaymentHeader({ paymentSignature: padded.replace(/=+$/, '') }).raw).toEqual(decodePaymentHeader({ paymentSignature: padded }).raw);
  });

  it('prefers PAYMENT-SIGNATURE when X-PAYMENT is sent too', () => {
    expect(decodePaymentHeader({ paymentSignature: genuine, xPayment: 'garbage' }).version).toBe(2);
  });

  it('says missing_payment_header when neither header is present or both are empty', () => {
    expect(() => decodePaymentHeader({})).toThrow(expect.objectContaining({ reason: 'missing_payment_header' }));
    expect(() => decodePaymentHeader({ paymentSignature: '', xPayment: null })).toThrow(X402Error);
  });

  it.each([
    ['garbage', 'hello world'],
    ['base64url instead of standard base64', genuineBase64Url],
    ['base64 whose length leaves a lone sixth of a byte', () => `${genuine.slice(0, -4)}A`],
    ['two headers joined by a proxy', () => `${genuine}, ${genuine}`],
    ['base64 of text that is not JSON', () => b64('not json at all')],
    ['base64 of bytes that are not UTF-8', () => Buffer.from([0xff, 0xfe, 0x7b]).toString('base64')],
    ['base64 of a JSON array', () => b64('[1,2,3]')],
    ['base64 of an empty object', () => b64('{}')],
    ['an unknown x402Version', () => b64(JSON.stringify({ ...genuineJson, x402Version: 3 }))],
    ['a v2 payload without accepted', () => b64(JSON.stringify({ ...genuineJson, accepted: undefined }))],
    ['a value with a decimal point', () => b64(JSON.stringify(withAuth({ value: '5.0' })))],
    ['a value above uint256', () => b64(JSON.stringify(withAuth({ value: '9'.repeat(78) })))],
    ['a short nonce', () => b64(JSON.stringify(withAuth({ nonce: '0x1234' })))],
    ['a numeric validBefore', () => b64(JSON.stringify(withAuth({ validBefore: 1e12 })))],
    ['a Permit2 payload', () => b64(JSON.stringify({ ...genuineJson, payload: { signature: '0x00', permit2Authorization: {} } }))],
    ['a 100 KB header', () => 'A'.repeat(100 * 1024)],
    ['a 9 KB header of valid base64', () => b64(JSON.stringify({ ...genuineJson, pad: 'x'.repeat(9 * 1024) }))],
  ])('refuses %s as invalid_payment_header', (_name, make) => {
    const header = typeof make === 'function' ? make() : make;
    expect(reasonOf(header)).toBe('invalid_payment_header');
  });

  it('never throws anything but an X402Error, whatever string arrives', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.base64String()), (s) => {
        // A property returning false fails; anything but an X402Error escapes reasonOf and fails too.
        return ['decoded', 'invalid_payment_header', 'missing_payment_header'].includes(reasonOf(s));
      }),
      { numRuns: 2000 },
    );
  });

  it('never throws anything but an X402Error for any JSON, alone or grafted into a genuine payload', () => {
    const paths = [[], ['payload'], ['payload', 'authorization'], ['payload', 'authorization', 'value'], ['accepted'], ['accepted', 'extra']];
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom(...paths), (value, path) => {
        const json = path.length === 0 ? value : graft(structuredClone(genuineJson), path, value);
        return ['decoded', 'invalid_payment_header'].includes(reasonOf(b64(JSON.stringify(json))));
      }),
      { numRuns: 1000 },
    );
  });
});

describe('encodePaymentResponse', () => {
  const settled = { transaction: `0x${'12'.repeat(32)}`, network: 'eip155:84532', payer: '0x3185D9C0880F37DB43127BB8d159fb9E83C611E9' };

  it('writes the v2 receipt that @x402/core decodes, with a CAIP-2 network', () => {
    expect(decodePaymentResponseHeader(encodePaymentResponse(settled, 2))).toEqual({ success: true, ...settled });
  });

  it('writes the v1 receipt that x402-fetch decodes and x402 validates, with the v1 network name', () => {
    const receipt = decodeXPaymentResponse(encodePaymentResponse(settled, 1));
    expect(receipt).toEqual({ success: true, ...settled, network: 'base-sepolia' });
    expect(SettleResponseSchema.safeParse(receipt).success).toBe(true);
  });

  it('names the receipt header of each generation', () => {
    expect(paymentResponseHeaderName(2)).toBe('PAYMENT-RESPONSE');
    expect(paymentResponseHeaderName(1)).toBe('X-PAYMENT-RESPONSE');
  });
});

function genuineBase64Url(): string {
  // "~~~" at a 3-byte boundary encodes to "fn5+"; one of three shifts puts it there, so the
  // url-safe form really differs from the standard one.
  for (let shift = 0; shift < 3; shift++) {
    const std = b64(JSON.stringify({ ...genuineJson, pad: `${' '.repeat(shift)}~~~` }));
    if (/[+/]/.test(std)) return std.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  }
  throw new Error('no shift produced a + or /');
}

function paddedGenuine(): string {
  for (let shift = 0; shift < 3; shift++) {
    const std = b64(JSON.stringify({ ...genuineJson, pad: ' '.repeat(shift) }));
    if (std.endsWith('=')) return std;
  }
  throw new Error('no shift needed padding');
}

function withAuth(changes: Record<string, unknown>): unknown {
  const json = structuredClone(genuineJson);
  Object.assign(json.payload.authorization, changes);
  return json;
}

function graft(target: Record<string, any>, path: string[], value: unknown): unknown {
  let node = target;
  for (const key of path.slice(0, -1)) node = node[key];
  node[path[path.length - 1]] = value;
  return target;
}
