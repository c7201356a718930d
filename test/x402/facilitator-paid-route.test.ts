/**
 * A paid route with an HTTP facilitator (a loopback stand-in that checks the Authorization
 * header): the local checks run first, then the facilitator's /verify before anything is
 * recorded, then /settle from the worker. An unfunded payer gets the facilitator's reason in a
 * 402; a facilitator that cannot answer gives a 503 and records nothing; a 401 makes /readyz
 * say not ready.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createHarness, type Harness } from '../helpers/harness.js';
import { jsonPost, signedPaymentFor, v1Client, v2Client } from '../helpers/clients.js';
import { agentBody } from '../helpers/agents.js';
import { startFacilitatorStandIn, type FacilitatorStandIn } from '../helpers/facilitator-stand-in.js';

const TOKEN = 'Bearer stand-in-token';
let h: Harness;
let standIn: FacilitatorStandIn;

beforeAll(async () => {
  standIn = await startFacilitatorStandIn();
  h = await createHarness({ X402_FACILITATOR_URL: standIn.url, X402_FACILITATOR_AUTH: TOKEN });
  h.startWorkers();
});
afterAll(async () => {
  await h?.close();
  await standIn?.close();
});
beforeEach(() => {
  standIn.calls = [];
  standIn.authorize = (a) => a === TOKEN;
  standIn.verify = undefined;
  standIn.settle = undefined;
});

const register = () => `${h.baseUrl}/api/v1/agents/register`;
const decode = (header: string | null) => JSON.parse(Buffer.from(header!, 'base64').toString('utf8'));
const paymentsOf = async (payer: string) =>
  Number((await h.db.pool.query('SELECT count(*) AS n FROM payments WHERE lower(payer) = lower($1)', [payer])).rows[0].n);

describe('a paid route with an HTTP facilitator', () => {
  it('verifies with the facilitator before recording, then settles through it (official v2 client)', async () => {
    const client = v2Client();
    const res = await client.fetch(register(), jsonPost(agentBody('fac-v2')));
    expect(res.status).toBe(201);
    expect(decode(res.headers.get('payment-response'))).toMatchObject({ success: true, payer: client.address });
    expect(standIn.calls.map((c) => [c.method, c.path, c.authorization])).toEqual([
      ['POST', '/x402/verify', TOKEN],
      ['POST', '/x402/settle', TOKEN],
    ]);
    await h.assertLedger();
  });

  it('does the same for the official v1 client, with v1 requirements', async () => {
    const res = await v1Client().fetch(register(), jsonPost(agentBody('fac-v1')));
    expect(res.status).toBe(201);
    expect(standIn.calls[0]).toMatchObject({ path: '/x402/verify', body: { x402Version: 1, paymentRequirements: { network: 'base-sepolia' } } });
  });

  it('refuses an unfunded payer with the facilitator reason in a 402, and records nothing', async () => {
    standIn.verify = (req, res) => void res.json({ isValid: false, invalidReason: 'insufficient_funds', payer: req.body.paymentPayload.payload.authorization.from });
    const header = await signedPaymentFor(register(), agentBody('fac-broke'));
    const res = await fetch(register(), jsonPost(agentBody('fac-broke'), { 'PAYMENT-SIGNATURE': header }));
    expect(res.status).toBe(402);
    expect(decode(res.headers.get('payment-required')).error).toBe('insufficient_funds');
    expect((await res.json()).error).toBe('insufficient_funds');
    expect(await paymentsOf(decode(header).payload.authorization.from)).toBe(0);
    expect(standIn.calls.map((c) => c.path)).toEqual(['/x402/verify']);
    // The official client sees the refusal too.
    const client = v2Client();
    const viaClient = await client.fetch(register(), jsonPost(agentBody('fac-broke-2')));
    expect(viaClient.status).toBe(402);
    expect(decode(viaClient.headers.get('payment-required')).error).toBe('insufficient_funds');
    expect(await paymentsOf(client.address)).toBe(0);
  });

  it('runs the local checks first: garbage never reaches the facilitator', async () => {
    const res = await fetch(register(), jsonPost(agentBody('fac-garbage'), { 'PAYMENT-SIGNATURE': 'bm90IGEgcGF5bWVudA==' }));
    expect(res.status).toBe(402);
    expect(decode(res.headers.get('payment-required')).error).toBe('invalid_payload');
    expect(standIn.calls).toEqual([]);
  });

  it('answers 503 and records nothing when the facilitator cannot verify; the same payment goes through later', async () => {
    standIn.verify = (_req, res) => void res.status(500).json({ error: 'boom' });
    const header = await signedPaymentFor(register(), agentBody('fac-later'));
    const res = await fetch(register(), jsonPost(agentBody('fac-later'), { 'PAYMENT-SIGNATURE': header }));
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(await paymentsOf(decode(header).payload.authorization.from)).toBe(0);
    standIn.verify = undefined;
    const again = await fetch(register(), jsonPost(agentBody('fac-later'), { 'PAYMENT-SIGNATURE': header }));
    expect(again.status).toBe(201);
  });

  it('reports not ready while the facilitator answers 401, and ready again once it accepts the credentials', async () => {
    standIn.authorize = () => false;
    const header = await signedPaymentFor(register(), agentBody('fac-401'));
    const res = await fetch(register(), jsonPost(agentBody('fac-401'), { 'PAYMENT-SIGNATURE': header }));
    expect(res.status).toBe(503);
    const ready = await request(h.app).get('/readyz');
    expect(ready.status).toBe(503);
    expect(ready.body).toEqual({
      ok: false, postgres: true, redis: true, facilitator: false, facilitator_reason: 'facilitator_unauthorized: POST /verify answered 401',
    });
    standIn.authorize = (a) => a === TOKEN;
    expect((await fetch(register(), jsonPost(agentBody('fac-401'), { 'PAYMENT-SIGNATURE': header }))).status).toBe(201);
    expect((await request(h.app).get('/readyz')).body).toEqual({ ok: true, postgres: true, redis: true, facilitator: true });
  });

  it('refuses an accepted echo that is not exactly our requirements, in the reference vocabulary, before asking the facilitator', async () => {
    const header = decode(await signedPaymentFor(register(), agentBody('fac-echo')));
    header.accepted.maxTimeoutSeconds = 60; // the signed authorization is untouched
    const res = await fetch(register(), jsonPost(agentBody('fac-echo'), { 'PAYMENT-SIGNATURE': Buffer.from(JSON.stringify(header)).toString('base64') }));
    expect(res.status).toBe(402);
    expect(decode(res.headers.get('payment-required')).error).toBe('invalid_payment_requirements');
    expect(await res.json()).toMatchObject({ error: 'invalid_payment_requirements', message: expect.stringMatching(/not the ones this server offered/) });
    expect(standIn.calls).toEqual([]);
  });
});
