/**
 * The official x402 clients, unchanged, pay a tiny in-process Express app that answers with this
 * module: v2 (@x402/fetch + @x402/evm) and v1 (x402-fetch). Signing needs no chain or network.
 */
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express, { type Request, type Response } from 'express';
import { keccak256, toHex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { decodePaymentResponseHeader, wrapFetchWithPayment, x402Client, x402HTTPClient } from '@x402/fetch';
import { registerExactEvmScheme } from '@x402/evm/exact/client';
import { decodeXPaymentResponse, wrapFetchWithPayment as wrapFetchWithPaymentV1 } from 'x402-fetch';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  EmbeddedFacilitator,
  X402Error,
  X402_REQUEST_HEADERS,
  buildPaymentRequired,
  decodePaymentHeader,
  encodePaymentResponse,
  paymentResponseHeaderName,
  selectRequirements,
  verifyPayment,
} from '../../shared/x402/index.js';
import { x402Settings as settings } from '../helpers/x402-fixtures.js';

const FIVE_USDC = 5_000_000n;

interface Paid {
  version: 1 | 2;
  proofId: string;
  payer: string;
  body: unknown;
  /** Names of the request headers of the paid retry. */
  headers: string[];
}

let server: Server;
let baseUrl: string;
let paid: Paid[] = [];
let refusals: string[] = [];
const facilitator = new EmbeddedFacilitator(settings);

function challenge(res: Response, error?: string): void {
  const p = buildPaymentRequired(settings, { amount: FIVE_USDC, resourceUrl: `${baseUrl}/paid`, description: 'A paid test resource', error });
  res.status(402).set('PAYMENT-REQUIRED', p.header).set('Cache-Control', 'no-store').json(p.body);
}

async function paidRoute(req: Request, res: Response): Promise<void> {
  const paymentSignature = req.get('payment-signature');
  const xPayment = req.get('x-payment');
  if (!paymentSignature && !xPayment) return challenge(res);
  const built = buildPaymentRequired(settings, { amount: FIVE_USDC, resourceUrl: `${baseUrl}/paid`, description: 'A paid test resource' });
  try {
    const payment = decodePaymentHeader({ paymentSignature, xPayment });
    const requirements = selectRequirements(payment, built);
    const verified = await verifyPayment(payment, requirements);
    const settled = await facilitator.settle(payment, requirements);
    if (settled.status !== 'settled') throw new Error(`embedded settle said ${settled.status}`);
    paid.push({ version: payment.version, proofId: verified.proofId, payer: verified.payer, body: req.body, headers: Object.keys(req.headers) });
    res
      .status(201)
      .set(paymentResponseHeaderName(payment.version), encodePaymentResponse(settled, payment.version))
      .json({ success: true, proof_id: verified.proofId });
  } catch (err) {
    if (!(err instanceof X402Error)) throw err;
    challenge(res, err.reason);
  }
}

beforeAll(async () => {
  const app = express();
  app.use(express.json());
  app.post('/paid', paidRoute);
  server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  paid = [];
  refusals = [];
});

function v2Client(spendControls: boolean) {
  const account = privateKeyToAccount(generatePrivateKey());
  const client = new x402Client();
  registerExactEvmScheme(client, { signer: account });
  if (!spendControls) client.setSpendControls(false);
  return { account, client, pay: wrapFetchWithPayment(fetch, client) };
}

const postJson = { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ hello: 'agent' }) };

describe('the official v2 client (@x402/fetch with @x402/evm)', () => {
  it('pays 5 USDC through PAYMENT-SIGNATURE and reads the PAYMENT-RESPONSE receipt', async () => {
    const { account, client, pay } = v2Client(false);
    const res = await pay(`${baseUrl}/paid`, postJson);
    expect(res.status).toBe(201);
    expect(refusals).toEqual([]);
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ version: 2, payer: account.address, body: { hello: 'agent' } });

    const receipt = new x402HTTPClient(client).getPaymentSettleResponse((name) => res.headers.get(name));
    expect(receipt).toEqual({
      success: true,
      transaction: keccak256(toHex(paid[0].proofId)),
      network: 'eip155:84532',
      payer: account.address,
    });
    expect(decodePaymentResponseHeader(res.headers.get('PAYMENT-RESPONSE')!)).toEqual(receipt);
    expect(paid[0].proofId).toBe(`x402:84532:${account.address.toLowerCase()}:${paid[0].proofId.split(':')[3]}`);
  });

  it('refuses a 5 USDC price by itself while its default spend controls (1 USD) are on', async () => {
    const { pay } = v2Client(true);
    await expect(pay(`${baseUrl}/paid`, postJson)).rejects.toThrow(/spendControls/);
    expect(paid).toEqual([]);
  });
});

describe('the official v1 client (x402-fetch)', () => {
  it('pays 5 USDC from the 402 body through X-PAYMENT and reads the X-PAYMENT-RESPONSE receipt', async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const pay = wrapFetchWithPaymentV1(fetch, account, 10_000_000n);
    const res = await pay(`${baseUrl}/paid`, postJson);
    expect(res.status).toBe(201);
    expect(refusals).toEqual([]);
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ version: 1, payer: account.address });

    const receipt = decodeXPaymentResponse(res.headers.get('X-PAYMENT-RESPONSE')!);
    expect(receipt).toEqual({
      success: true,
      transaction: keccak256(toHex(paid[0].proofId)),
      network: 'base-sepolia',
      payer: account.address,
    });
  });

  it('refuses by itself to pay more than its maxValue, 0.10 USDC unless told otherwise', async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const pay = wrapFetchWithPaymentV1(fetch, account);
    await expect(pay(`${baseUrl}/paid`, postJson)).rejects.toThrow(/exceeds maximum/);
    expect(paid).toEqual([]);
  });
});

describe('two payments by the same payer', () => {
  it('carry different proof ids, because each authorization has its own random nonce', async () => {
    const { pay } = v2Client(false);
    await pay(`${baseUrl}/paid`, postJson);
    await pay(`${baseUrl}/paid`, postJson);
    expect(paid).toHaveLength(2);
    expect(paid[0].proofId).not.toBe(paid[1].proofId);
  });
});

describe('a browser preflight', () => {
  it('must allow every x402 request header that either official client sends on its paid retry', async () => {
    await v2Client(false).pay(`${baseUrl}/paid`, postJson);
    await wrapFetchWithPaymentV1(fetch, privateKeyToAccount(generatePrivateKey()), 10_000_000n)(`${baseUrl}/paid`, postJson);
    const allowed = X402_REQUEST_HEADERS.toLowerCase().split(/,\s*/);
    const sent = new Set(paid.flatMap((p) => p.headers.filter((h) => /payment|access-control/.test(h))));
    expect([...sent].sort()).toEqual(['access-control-expose-headers', 'payment-signature', 'x-payment']);
    for (const h of sent) expect(allowed).toContain(h);
  });
});
