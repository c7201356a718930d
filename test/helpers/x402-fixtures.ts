/** Settings, keys and signed payments shared by the x402 tests (test/x402). */
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createPaymentHeader } from 'x402/client';
import { x402Client } from '@x402/fetch';
import { registerExactEvmScheme } from '@x402/evm/exact/client';
import {
  buildPaymentRequired,
  decodePaymentHeader,
  parsePaymentPayload,
  type DecodedPayment,
  type X402Settings,
} from '../../shared/x402/index.js';

export const x402Settings: X402Settings = {
  payTo: '0x5f1E3AC1b2D2a3E4F5a6b7c8d9e0F1A2B3C4d5e6',
  network: 'eip155:84532',
  asset: '0x036CbD53842c5426634e7929541eC2318f3dCF7e',
  assetName: 'USDC',
  assetVersion: '2',
  maxTimeoutSeconds: 300,
};

/** The 402 answer for a test resource on loopback; 5 USDC unless told otherwise. */
export function testPaymentRequired(amount = 5_000_000n) {
  return buildPaymentRequired(x402Settings, { amount, resourceUrl: 'http://127.0.0.1/paid', description: 'test' });
}

/** A throwaway account with a freshly generated key. */
export function randomAccount() {
  return privateKeyToAccount(generatePrivateKey());
}

type Account = ReturnType<typeof randomAccount>;

/** An @x402/fetch client with spend controls off that signs "exact" EVM payments as `account`. */
export function v2SigningClient(account: Account): x402Client {
  const client = new x402Client().setSpendControls(false);
  registerExactEvmScheme(client, { signer: account });
  return client;
}

/** One genuine payment of each generation for `built`, signed by `account`, decoded. */
export async function signedPayments(
  account: Account,
  built: ReturnType<typeof testPaymentRequired>,
): Promise<{ v2: DecodedPayment; v1: DecodedPayment }> {
  const v2 = parsePaymentPayload(await v2SigningClient(account).createPaymentPayload(built.paymentRequired));
  const v1 = decodePaymentHeader({ xPayment: await createPaymentHeader(account, 1, built.requirementsV1 as never) });
  return { v2, v1 };
}
