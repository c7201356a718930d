/**
 * The official x402 clients, as an agent developer would use them, with a throwaway key.
 * v2: @x402/fetch + @x402/evm. v1: x402-fetch. Nothing here touches a network but loopback.
 */
import { wrapFetchWithPayment as wrapV2, x402Client } from '@x402/fetch';
import { registerExactEvmScheme } from '@x402/evm/exact/client';
import { wrapFetchWithPayment as wrapV1 } from 'x402-fetch';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import type { Hex } from 'viem';

export interface PayingClient {
  address: string;
  key: Hex;
  fetch: (url: string, init?: RequestInit) => Promise<Response>;
}

/** A v2 client with spend controls off (bonds and rewards exceed its 1 USD default). */
export function v2Client(key: Hex = generatePrivateKey()): PayingClient {
  const account = privateKeyToAccount(key);
  const client = new x402Client();
  registerExactEvmScheme(client, { signer: account });
  client.setSpendControls(false);
  const f = wrapV2(globalThis.fetch, client);
  return { address: account.address, key, fetch: (url, init) => f(url, init) };
}

/** A v1 client allowed to pay up to 1000 USDC. */
export function v1Client(key: Hex = generatePrivateKey()): PayingClient {
  const account = privateKeyToAccount(key);
  const f = wrapV1(globalThis.fetch, account as never, 1_000_000_000n);
  return { address: account.address, key, fetch: (url, init) => f(url as never, init) };
}

export function jsonPost(body: unknown, headers: Record<string, string> = {}): RequestInit {
  return { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) };
}

/**
 * Signs a payment for `url` with the official v2 client without letting it reach the service:
 * the paid retry is captured and its PAYMENT-SIGNATURE returned, so a test can replay it.
 */
export async function signedPaymentFor(url: string, body: unknown, key: Hex = generatePrivateKey(), headers: Record<string, string> = {}): Promise<string> {
  const account = privateKeyToAccount(key);
  const client = new x402Client();
  registerExactEvmScheme(client, { signer: account });
  client.setSpendControls(false);
  let captured: string | undefined;
  const capturing: typeof fetch = async (input, init) => {
    const req = new Request(input as RequestInfo, init);
    const header = req.headers.get('payment-signature');
    if (header) {
      captured = header;
      return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
    }
    return globalThis.fetch(req);
  };
  await wrapV2(capturing, client)(url, jsonPost(body, headers));
  if (!captured) throw new Error(`no payment was signed for ${url}`);
  return captured;
}

/**
 * Signs a payment for a v2 PaymentRequired object that arrived some other way than a 402 (the
 * gateway's `methods.x402`), with the official v2 client: a local stand-in answers the client's
 * first request with that object and captures its PAYMENT-SIGNATURE.
 */
export async function signPaymentRequired(paymentRequired: object, key: Hex = generatePrivateKey()): Promise<string> {
  const client = new x402Client();
  registerExactEvmScheme(client, { signer: privateKeyToAccount(key) });
  client.setSpendControls(false);
  let captured: string | undefined;
  const standIn: typeof fetch = async (input, init) => {
    captured = new Request(input as RequestInfo, init).headers.get('payment-signature') ?? undefined;
    if (captured) return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
    const header = Buffer.from(JSON.stringify(paymentRequired)).toString('base64');
    return new Response('{}', { status: 402, headers: { 'content-type': 'application/json', 'PAYMENT-REQUIRED': header } });
  };
  const resource = (paymentRequired as { resource: { url: string } }).resource.url;
  await wrapV2(standIn, client)(resource, { method: 'POST' });
  if (!captured) throw new Error('no payment was signed');
  return captured;
}
