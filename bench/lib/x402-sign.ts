/**
 * Pre-signs x402 v2 "exact" EVM payments (EIP-3009 TransferWithAuthorization) for one
 * PaymentRequired, offline and fast, so that the timed phase of a benchmark sends them without
 * signing. The payload is the one @x402/core + @x402/evm 2.27 build: `{ x402Version: 2,
 * payload: { authorization, signature }, resource, accepted }`, standard base64 in the
 * PAYMENT-SIGNATURE header. One wallet signs them all; each has its own random nonce.
 */
import { randomBytes } from 'node:crypto';
import { getAddress, toHex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { TRANSFER_WITH_AUTHORIZATION, type PaymentRequiredV2 } from '../../shared/x402/index.js';

export { TRANSFER_WITH_AUTHORIZATION };

/** Reads the `PAYMENT-REQUIRED` header of a 402 (standard base64 JSON). */
export function decodePaymentRequired(header: string): PaymentRequiredV2 {
  const value = JSON.parse(Buffer.from(header, 'base64').toString('utf8')) as PaymentRequiredV2;
  if (value.x402Version !== 2 || !Array.isArray(value.accepts) || value.accepts.length === 0) {
    throw new Error(`not a v2 PaymentRequired: ${JSON.stringify(value).slice(0, 200)}`);
  }
  return value;
}

export interface SignedPayments {
  payers: string[];
  /** PAYMENT-SIGNATURE header values, one per payment. */
  headers: string[];
  signMs: number;
}

/**
 * Signs `count` payments for the first "exact" EVM entry of `required`, valid for an hour
 * (`validAfter` 0, as the official client sends), by `wallets` random wallets in turn.
 */
export async function presignPayments(required: PaymentRequiredV2, count: number, wallets = 1): Promise<SignedPayments> {
  const accepted = required.accepts.find((a) => a.scheme === 'exact' && a.network.startsWith('eip155:'));
  if (!accepted) throw new Error(`no exact EVM requirements in ${JSON.stringify(required.accepts)}`);
  if (!accepted.extra?.name || !accepted.extra.version) throw new Error('requirements carry no EIP-712 domain (extra.name, extra.version)');
  const accounts = Array.from({ length: Math.max(1, wallets) }, () => privateKeyToAccount(generatePrivateKey()));
  const domain = {
    name: accepted.extra.name,
    version: accepted.extra.version,
    chainId: Number(accepted.network.split(':')[1]),
    verifyingContract: getAddress(accepted.asset),
  };
  const to = getAddress(accepted.payTo);
  const validBefore = BigInt(Math.floor(Date.now() / 1000) + 3600);
  const t0 = performance.now();
  const headers: string[] = [];
  for (let i = 0; i < count; i++) {
    const account = accounts[i % accounts.length];
    const nonce = toHex(randomBytes(32));
    const message = { from: account.address, to, value: BigInt(accepted.amount), validAfter: 0n, validBefore, nonce };
    const signature = await account.signTypedData({ domain, types: TRANSFER_WITH_AUTHORIZATION, primaryType: 'TransferWithAuthorization', message });
    const payload = {
      x402Version: 2,
      payload: {
        authorization: { from: account.address, to, value: accepted.amount, validAfter: '0', validBefore: validBefore.toString(), nonce },
        signature,
      },
      resource: required.resource,
      accepted,
    };
    headers.push(Buffer.from(JSON.stringify(payload), 'utf8').toString('base64'));
  }
  return { payers: accounts.map((a) => a.address), headers, signMs: performance.now() - t0 };
}
