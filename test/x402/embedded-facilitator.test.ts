/**
 * EmbeddedFacilitator: real EIP-712 verification, settlement without a chain. The pseudo
 * transaction is keccak256 of the proof id, so settling the same payload twice gives the same
 * answer.
 */
import { keccak256, toHex } from 'viem';
import { beforeAll, describe, expect, it } from 'vitest';
import { EmbeddedFacilitator, verifyPayment, type DecodedPayment } from '../../shared/x402/index.js';
import { randomAccount, signedPayments, testPaymentRequired, x402Settings as settings } from '../helpers/x402-fixtures.js';

const built = testPaymentRequired();
const account = randomAccount();
let v2: DecodedPayment;
let v1: DecodedPayment;

beforeAll(async () => {
  ({ v2, v1 } = await signedPayments(account, built));
});

function withSignature(p: DecodedPayment, signature: `0x${string}`): DecodedPayment {
  return { ...p, signature };
}

describe('EmbeddedFacilitator', () => {
  const facilitator = new EmbeddedFacilitator(settings);

  it('verifies a genuine payment of either generation as valid, naming the payer', async () => {
    expect(await facilitator.verify(v2, built.requirementsV2)).toEqual({ status: 'valid', payer: account.address });
    expect(await facilitator.verify(v1, built.requirementsV1)).toEqual({ status: 'valid', payer: account.address });
  });

  it('verifies for real: a forged signature is invalid', async () => {
    const forged = withSignature(v2, await account.signMessage({ message: 'not an authorization' }));
    expect(await facilitator.verify(forged, built.requirementsV2)).toEqual({ status: 'invalid', reason: 'invalid_signature' });
  });

  it('settles with keccak256 of the proof id as the transaction and a CAIP-2 network, the same answer every time', async () => {
    const { proofId } = await verifyPayment(v1, built.requirementsV1);
    const expected = { status: 'settled', transaction: keccak256(toHex(proofId)), network: 'eip155:84532', payer: account.address };
    expect(await facilitator.settle(v1, built.requirementsV1)).toEqual(expected);
    expect(await facilitator.settle(v1, built.requirementsV1)).toEqual(expected);
  });

  it('refuses to settle a forged payment, as invalid', async () => {
    const forged = withSignature(v2, `0x${'11'.repeat(65)}`);
    expect(await facilitator.settle(forged, built.requirementsV2)).toEqual({ status: 'invalid', reason: 'invalid_signature' });
  });

  it('refuses to settle a payment for another amount, as invalid', async () => {
    const other = testPaymentRequired(1_000_000n);
    expect(await facilitator.settle(v2, other.requirementsV2)).toEqual({ status: 'invalid', reason: 'amount_mismatch' });
  });

  it('settles a payment the server accepted without recovering its signature again, with the same answer', async () => {
    const { proofId } = await verifyPayment(v2, built.requirementsV2);
    expect(await facilitator.settle(v2, built.requirementsV2, { proofId })).toEqual(await facilitator.settle(v2, built.requirementsV2));
  });

  it('refuses an accepted proof id that belongs to another payload, and terms that changed since', async () => {
    const other = (await signedPayments(randomAccount(), built)).v2;
    const { proofId } = await verifyPayment(other, built.requirementsV2);
    expect(await facilitator.settle(v2, built.requirementsV2, { proofId })).toEqual({ status: 'invalid', reason: 'invalid_signature' });
    const own = await verifyPayment(v2, built.requirementsV2);
    expect(await facilitator.settle(v2, testPaymentRequired(1_000_000n).requirementsV2, own)).toEqual({ status: 'invalid', reason: 'amount_mismatch' });
  });

  it('checks the time window when verifying but not when settling, so a late retry gives the first answer', async () => {
    const late = new EmbeddedFacilitator(settings, () => new Date((Number(v2.authorization.validBefore) + 60) * 1000));
    expect(await late.verify(v2, built.requirementsV2)).toEqual({ status: 'invalid', reason: 'authorization_expired' });
    expect(await late.settle(v2, built.requirementsV2)).toMatchObject({ status: 'settled' });
  });

  it('lists "exact" on its network in both generations', async () => {
    expect(await facilitator.supported()).toEqual([
      { x402Version: 2, scheme: 'exact', network: 'eip155:84532' },
      { x402Version: 1, scheme: 'exact', network: 'base-sepolia' },
    ]);
  });
});
