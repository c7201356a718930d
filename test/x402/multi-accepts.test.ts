/**
 * Several `accepts` entries (X402_EXTRA_NETWORKS): each chain with its known USDC and EIP-712
 * domain; the official clients may pay on any of them, and the payment is verified and settled
 * against the entry of its own chain.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { wrapFetchWithPayment, x402Client, decodePaymentResponseHeader } from '@x402/fetch';
import { registerExactEvmScheme } from '@x402/evm/exact/client';
import { createHarness, type Harness } from '../helpers/harness.js';
import { jsonPost, v1Client } from '../helpers/clients.js';
import { agentBody } from '../helpers/agents.js';
import { checkFacilitator, createFacilitator } from '../../shared/payments/facilitator.js';
import { ConfigError, loadConfig } from '../../shared/config.js';
import { startFacilitatorStandIn } from '../helpers/facilitator-stand-in.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ X402_EXTRA_NETWORKS: 'eip155:8453, eip155:137' });
  h.startWorkers();
});
afterAll(async () => h?.close());

const decode = (header: string) => JSON.parse(Buffer.from(header, 'base64').toString('utf8'));

describe('several accepts entries', () => {
  it('offers each network with its USDC and EIP-712 domain, in both generations', async () => {
    const res = await request(h.app).post('/api/v1/agents/register').send(agentBody('multi-quote'));
    expect(res.status).toBe(402);
    expect(decode(res.headers['payment-required']).accepts.map((a: any) => [a.network, a.asset, a.extra.name])).toEqual([
      ['eip155:84532', '0x036CbD53842c5426634e7929541eC2318f3dCF7e', 'USDC'],
      ['eip155:8453', '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', 'USD Coin'],
      ['eip155:137', '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359', 'USD Coin'],
    ]);
    expect(res.body.accepts.map((a: any) => a.network)).toEqual(['base-sepolia', 'base', 'polygon']);
  });

  it('takes a payment on Base mainnet from the official v2 client that chose it, and settles it there', async () => {
    const client = new x402Client((_version, accepts) => accepts.find((a) => a.network === 'eip155:8453')!).setSpendControls(false);
    registerExactEvmScheme(client, { signer: privateKeyToAccount(generatePrivateKey()) });
    const res = await wrapFetchWithPayment(globalThis.fetch, client)(`${h.baseUrl}/api/v1/agents/register`, jsonPost(agentBody('multi-base')));
    expect(res.status).toBe(201);
    expect(decodePaymentResponseHeader(res.headers.get('payment-response')!)).toMatchObject({ success: true, network: 'eip155:8453' });
    const row = await h.db.pool.query(`SELECT requirements FROM payments WHERE id = $1`, [(await res.json()).bond.payment_id]);
    expect(row.rows[0].requirements).toMatchObject({ network: 'eip155:8453', extra: { name: 'USD Coin' } });
  });

  it('still takes the first network from the official v1 client', async () => {
    const res = await v1Client().fetch(`${h.baseUrl}/api/v1/agents/register`, jsonPost(agentBody('multi-v1')));
    expect(res.status).toBe(201);
  });

  it('refuses an unknown extra network in configuration, and checks each one against the facilitator', async () => {
    expect(() => loadConfig({ NODE_ENV: 'test', X402_EXTRA_NETWORKS: 'eip155:1' })).toThrow(/X402_EXTRA_NETWORKS=eip155:1/);
    const standIn = await startFacilitatorStandIn();
    try {
      const c = loadConfig({ NODE_ENV: 'test', X402_FACILITATOR_URL: standIn.url, X402_EXTRA_NETWORKS: 'eip155:8453' });
      const err = await checkFacilitator(c, createFacilitator(c)).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ConfigError);
      expect((err as ConfigError).problems).toEqual([expect.stringMatching(/^X402_EXTRA_NETWORKS=eip155:8453: .* does not support scheme "exact" on eip155:8453/)]);
    } finally {
      await standIn.close();
    }
  });
});
