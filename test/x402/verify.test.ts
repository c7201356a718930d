/**
 * verifyPayment against payments signed by the official clients' own signing code, genuine and
 * tampered with. The server's requirements decide; the client's echo never does.
 */
import { x402HTTPClient } from '@x402/fetch';
import { createPaymentHeader } from 'x402/client';
import { describe, expect, it } from 'vitest';
import {
  PaymentRejectedError,
  decodePaymentHeader,
  verifyPayment,
  type PaymentRequirementsV1,
  type PaymentRequirementsV2,
} from '../../shared/x402/index.js';
import { randomAccount, testPaymentRequired, v2SigningClient, x402Settings as settings } from '../helpers/x402-fixtures.js';

const OTHER = '0xaAaAaAaaAaAaAaaAaAAAAAAAAaaaAaAaAaaAaaAa';
const built = testPaymentRequired();
const account = randomAccount();

/** A PAYMENT-SIGNATURE header as @x402/fetch would send it for these requirements. */
async function v2Header(overrides: Partial<PaymentRequirementsV2> = {}): Promise<string> {
  const client = v2SigningClient(account);
  const requirements = { ...built.requirementsV2, ...overrides };
  const payload = await client.createPaymentPayload({ ...built.paymentRequired, accepts: [requirements] });
  return new x402HTTPClient(client).encodePaymentSignatureHeader(payload)['PAYMENT-SIGNATURE'];
}

/** An X-PAYMENT header as x402-fetch would send it for these requirements. */
async function v1Header(overrides: Partial<PaymentRequirementsV1> = {}): Promise<string> {
  return createPaymentHeader(account, 1, { ...built.requirementsV1, ...overrides } as Parameters<typeof createPaymentHeader>[2]);
}

/** Decodes a header's JSON, lets `mutate` change it, and encodes it again. */
function tamper(header: string, mutate: (json: any) => void): string {
  const json = JSON.parse(Buffer.from(header, 'base64').toString('utf8'));
  mutate(json);
  return Buffer.from(JSON.stringify(json)).toString('base64');
}

async function reasonOf(header: string, requirements = built.requirementsV2, now?: Date): Promise<string> {
  const payment = decodePaymentHeader({ paymentSignature: header });
  const err = await verifyPayment(payment, requirements, { now }).then(
    () => 'accepted',
    (e: unknown) => (e instanceof PaymentRejectedError ? e.reason : `unexpected ${String(e)}`),
  );
  return err;
}

describe('verifyPayment with genuine payments', () => {
  it('accepts a v2 payment and names its payer, value and proof id', async () => {
    const payment = decodePaymentHeader({ paymentSignature: await v2Header() });
    const v = await verifyPayment(payment, built.requirementsV2);
    expect(v.payer).toBe(account.address);
    expect(v.value).toBe(5_000_000n);
    expect(v.chainId).toBe(84532);
    expect(v.proofId).toBe(`x402:84532:${account.address.toLowerCase()}:${payment.authorization.nonce.toLowerCase()}`);
  });

  it('accepts a v1 payment against either generation of the same requirements', async () => {
    const payment = decodePaymentHeader({ xPayment: await v1Header() });
    expect(payment.version).toBe(1);
    const a = await verifyPayment(payment, built.requirementsV1);
    const b = await verifyPayment(payment, built.requirementsV2);
    expect(a).toEqual(b);
  });

  it('gives the same proof id each time the same header is verified, so a replay collides on it', async () => {
    const header = await v2Header();
    const first = await verifyPayment(decodePaymentHeader({ paymentSignature: header }), built.requirementsV2);
    const again = await verifyPayment(decodePaymentHeader({ paymentSignature: header }), built.requirementsV2);
    expect(again.proofId).toBe(first.proofId);
  });

  // Issue 12: the echo is now matched strictly, as the reference server does (it was ignored
  // when the signed authorization was right). A tampered echo over a genuine authorization is refused.
  it('refuses a tampered echo of the amount and payee even over a right signed authorization', async () => {
    const header = tamper(await v2Header(), (j) => {
      j.accepted.amount = '1';
      j.accepted.payTo = OTHER;
    });
    expect(await reasonOf(header)).toBe('accepted_mismatch');
  });
});

describe('verifyPayment matches accepted as the reference server does', () => {
  it('accepts an echo whose extra holds more than ours (extra by subset), and one with its keys in another order', async () => {
    expect(await reasonOf(tamper(await v2Header(), (j) => (j.accepted.extra = { version: '2', name: 'USDC', assetTransferMethod: 'eip3009' })))).toBe('accepted');
    expect(await reasonOf(tamper(await v2Header(), (j) => (j.accepted = Object.fromEntries(Object.entries(j.accepted).reverse())))))
      .toBe('accepted');
  });

  it.each([
    ['another maxTimeoutSeconds', (j: any) => (j.accepted.maxTimeoutSeconds = 60)],
    ['an echoed amount that differs', (j: any) => (j.accepted.amount = '4999999')],
    ['a field we did not offer', (j: any) => (j.accepted.resource = 'http://127.0.0.1/other')],
    ['an extra without our version', (j: any) => (j.accepted.extra = { name: 'USDC' })],
    ['the asset in lower case', (j: any) => (j.accepted.asset = j.accepted.asset.toLowerCase())],
  ])('refuses %s as accepted_mismatch', async (_name, mutate) => {
    expect(await reasonOf(tamper(await v2Header(), mutate))).toBe('accepted_mismatch');
  });
});

describe('verifyPayment refuses', () => {
  it('a tampered authorization value as amount_mismatch', async () => {
    expect(await reasonOf(tamper(await v2Header(), (j) => (j.payload.authorization.value = '50000000')))).toBe('amount_mismatch');
  });

  it('a payment signed for another amount as amount_mismatch, even when the echo claims ours', async () => {
    const header = tamper(await v2Header({ amount: '1000000' }), (j) => (j.accepted.amount = '5000000'));
    expect(await reasonOf(header)).toBe('amount_mismatch');
  });

  it('a payment to another payee as payee_mismatch, tampered or signed so', async () => {
    expect(await reasonOf(tamper(await v2Header(), (j) => (j.payload.authorization.to = OTHER)))).toBe('payee_mismatch');
    expect(await reasonOf(await v2Header({ payTo: OTHER }))).toBe('payee_mismatch');
  });

  it('a v2 echo naming another asset as asset_mismatch', async () => {
    expect(await reasonOf(await v2Header({ asset: OTHER }))).toBe('asset_mismatch');
  });

  it('a payment signed for another token contract as invalid_signature, even when the echo names ours', async () => {
    const header = tamper(await v2Header({ asset: OTHER }), (j) => (j.accepted.asset = settings.asset));
    expect(await reasonOf(header)).toBe('invalid_signature');
  });

  it('a payment signed with another EIP-712 domain name as invalid_signature', async () => {
    expect(await reasonOf(await v2Header({ extra: { name: 'USD Coin', version: '2' } }))).toBe('invalid_signature');
  });

  it('a payment for another network as network_mismatch, in either generation', async () => {
    expect(await reasonOf(await v2Header({ network: 'eip155:8453' }))).toBe('network_mismatch');
    const v1 = decodePaymentHeader({ xPayment: await v1Header({ network: 'base' }) });
    await expect(verifyPayment(v1, built.requirementsV1)).rejects.toMatchObject({ reason: 'network_mismatch' });
  });

  it('another scheme as scheme_mismatch', async () => {
    expect(await reasonOf(tamper(await v2Header(), (j) => (j.accepted.scheme = 'upto')))).toBe('scheme_mismatch');
  });

  it('a flipped signature byte, a short signature and a claimed other payer as invalid_signature', async () => {
    const header = await v2Header();
    const flipped = tamper(header, (j) => {
      const s: string = j.payload.signature;
      j.payload.signature = s.slice(0, 10) + (s[10] === '0' ? '1' : '0') + s.slice(11);
    });
    expect(await reasonOf(flipped)).toBe('invalid_signature');
    expect(await reasonOf(tamper(header, (j) => (j.payload.signature = '0x1234')))).toBe('invalid_signature');
    expect(await reasonOf(tamper(header, (j) => (j.payload.authorization.from = OTHER)))).toBe('invalid_signature');
  });

  it('an authorization whose nonce was changed as invalid_signature', async () => {
    const header = tamper(await v2Header(), (j) => (j.payload.authorization.nonce = `0x${'ab'.repeat(32)}`));
    expect(await reasonOf(header)).toBe('invalid_signature');
  });
});

describe('verifyPayment time window', () => {
  it('accepts until 6 seconds before validBefore and refuses after as authorization_expired', async () => {
    const header = await v2Header();
    const validBefore = Number(decodePaymentHeader({ paymentSignature: header }).authorization.validBefore);
    expect(await reasonOf(header, built.requirementsV2, new Date((validBefore - 6) * 1000))).toBe('accepted');
    expect(await reasonOf(header, built.requirementsV2, new Date((validBefore - 5) * 1000))).toBe('authorization_expired');
    expect(await reasonOf(header, built.requirementsV2, new Date((validBefore + 3600) * 1000))).toBe('authorization_expired');
  });

  it('refuses an authorization before its validAfter as authorization_not_yet_valid', async () => {
    // x402-fetch signs validAfter = now - 600 s.
    const payment = decodePaymentHeader({ xPayment: await v1Header() });
    const validAfter = Number(payment.authorization.validAfter);
    await expect(verifyPayment(payment, built.requirementsV1, { now: new Date((validAfter - 1) * 1000) })).rejects.toMatchObject({
      reason: 'authorization_not_yet_valid',
    });
    await expect(verifyPayment(payment, built.requirementsV1, { now: new Date(validAfter * 1000) })).resolves.toBeDefined();
  });
});
