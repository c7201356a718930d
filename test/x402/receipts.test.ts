/**
 * Receipts after the paid answer: a 202 links to GET /api/v1/payments/:id, which shows the
 * settlement with its transaction and PAYMENT-RESPONSE once it lands (decoded by the official
 * clients' own decoders), only to its owner; a failed settlement answers 402 with a receipt of
 * `success: false` and the reason, on the paid request itself and on the receipt URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { decodePaymentResponseHeader } from '@x402/fetch';
import { decodeXPaymentResponse } from 'x402-fetch';
import { ADMIN_TOKEN, createHarness, type Harness } from '../helpers/harness.js';
import { jsonPost, v1Client, v2Client } from '../helpers/clients.js';
import { agentBody } from '../helpers/agents.js';
import type { Facilitator } from '../../shared/x402/index.js';
import { EmbeddedFacilitator } from '../../shared/x402/index.js';
import { x402Settings } from '../helpers/x402-fixtures.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ SETTLE_WAIT_MS: '0' });
});
afterAll(async () => h?.close());

const register = () => `${h.baseUrl}/api/v1/agents/register`;

async function waitFor<T>(f: () => Promise<T>, ok: (v: T) => boolean, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await f();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A facilitator that refuses every settlement with `reason`. */
function refusing(reason: string): Facilitator {
  const embedded = new EmbeddedFacilitator(x402Settings);
  return { verify: (p, r) => embedded.verify(p, r), supported: () => embedded.supported(), settle: async () => ({ status: 'invalid', reason }) };
}

describe('receipts of payments that settle after the answer', () => {
  it('links a 202 to the receipt, which shows the transaction and PAYMENT-RESPONSE once settled (official v2 client)', async () => {
    const client = v2Client();
    const res = await client.fetch(register(), jsonPost(agentBody('receipt-v2')));
    expect(res.status).toBe(202);
    expect(res.headers.get('payment-response')).toBeNull();
    const body = await res.json();
    const link = res.headers.get('link')!;
    expect(link).toBe(`</api/v1/payments/${body.bond.payment_id}>; rel="payment-receipt"`);
    const path = link.slice(1, link.indexOf('>'));
    const key = body.credentials.api_key;

    const pending = await request(h.app).get(path).set('Authorization', `Bearer ${key}`);
    expect(pending.status).toBe(200);
    expect(pending.body.payment).toMatchObject({ status: 'pending', settlement: null });
    expect(pending.headers['payment-response']).toBeUndefined();

    h.startWorkers();
    try {
      const settled = await waitFor(() => request(h.app).get(path).set('Authorization', `Bearer ${key}`), (r) => r.body.payment?.status === 'settled');
      expect(settled.status).toBe(200);
      expect(settled.body.payment).toMatchObject({ id: body.bond.payment_id, status: 'settled', payer: client.address, currency: 'USDC', amount_minor: '5000000' });
      expect(settled.body.payment.settlement.transaction).toMatch(/^0x[0-9a-f]{64}$/);
      const receipt = decodePaymentResponseHeader(settled.headers['payment-response']);
      expect(receipt).toMatchObject({ success: true, transaction: settled.body.payment.settlement.transaction, network: 'eip155:84532', payer: client.address });
    } finally {
      await h.stopWorkers();
    }
  });

  it('gives a v1 payment its receipt in X-PAYMENT-RESPONSE (official v1 client and decoder)', async () => {
    const client = v1Client();
    const res = await client.fetch(register(), jsonPost(agentBody('receipt-v1')));
    expect(res.status).toBe(202);
    const body = await res.json();
    h.startWorkers();
    try {
      const path = `/api/v1/payments/${body.bond.payment_id}`;
      const settled = await waitFor(() => request(h.app).get(path).set('Authorization', `Bearer ${body.credentials.api_key}`), (r) => r.body.payment?.status === 'settled');
      expect(decodeXPaymentResponse(settled.headers['x-payment-response'])).toMatchObject({ success: true, network: 'base-sepolia', payer: client.address });
      expect(settled.headers['payment-response']).toBeUndefined();
    } finally {
      await h.stopWorkers();
    }
  });

  it('shows a receipt only to its owner: another agent and an unknown id get 404, no key 401', async () => {
    const a = await (await v2Client().fetch(register(), jsonPost(agentBody('receipt-owner')))).json();
    const b = await (await v2Client().fetch(register(), jsonPost(agentBody('receipt-other')))).json();
    const path = `/api/v1/payments/${a.bond.payment_id}`;
    expect((await request(h.app).get(path)).status).toBe(401);
    const other = await request(h.app).get(path).set('Authorization', `Bearer ${b.credentials.api_key}`);
    expect(other.status).toBe(404);
    const unknown = await request(h.app).get('/api/v1/payments/pay_nothing').set('Authorization', `Bearer ${a.credentials.api_key}`);
    expect(unknown.status).toBe(404);
    expect(other.body).toEqual(unknown.body);
    expect((await request(h.app).get(path).set('Authorization', `Bearer ${ADMIN_TOKEN}`)).status).toBe(200);
  });
});

describe('a settlement that fails', () => {
  it('answers the paid request 402 with PAYMENT-RESPONSE success false and the reason, beside a fresh PAYMENT-REQUIRED', async () => {
    h.config.SETTLE_WAIT_MS = 5000;
    h.startWorkers({ facilitator: refusing('insufficient_funds') });
    try {
      const client = v2Client();
      const res = await client.fetch(register(), jsonPost(agentBody('receipt-broke')));
      expect(res.status).toBe(402);
      const receipt = decodePaymentResponseHeader(res.headers.get('payment-response')!);
      expect(receipt).toEqual({ success: false, errorReason: 'insufficient_funds', transaction: '', network: 'eip155:84532', payer: client.address });
      expect(res.headers.get('payment-required')).toBeTruthy();
      expect(await res.json()).toMatchObject({ success: false, error: 'insufficient_funds', message: 'The payer does not hold enough of the asset.' });
    } finally {
      h.config.SETTLE_WAIT_MS = 0;
      await h.stopWorkers();
    }
  });

  it('answers the receipt URL 402 with the failure once a pending settlement fails', async () => {
    const client = v2Client();
    const res = await client.fetch(register(), jsonPost(agentBody('receipt-fails-later')));
    expect(res.status).toBe(202);
    const { bond } = await res.json();
    h.startWorkers({ facilitator: refusing('invalid_exact_evm_nonce_already_used') });
    try {
      const path = `/api/v1/payments/${bond.payment_id}`;
      const failed = await waitFor(() => request(h.app).get(path).set('Authorization', `Bearer ${ADMIN_TOKEN}`), (r) => r.status === 402);
      expect(failed.status).toBe(402);
      expect(failed.body).toMatchObject({ success: false, error: 'invalid_exact_evm_nonce_already_used', payment: { status: 'failed' } });
      expect(decodePaymentResponseHeader(failed.headers['payment-response'])).toMatchObject({ success: false, errorReason: 'invalid_exact_evm_nonce_already_used', payer: client.address });
    } finally {
      await h.stopWorkers();
    }
  });
});
