import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createHarness, type Harness } from '../helpers/harness.js';
import { signedPaymentFor } from '../helpers/clients.js';
import { agentBody } from '../helpers/agents.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
  h.startWorkers();
});
afterAll(async () => h?.close());
afterEach(async () => h.assertLedger());

const register = (body: unknown) => request(h.app).post('/api/v1/agents/register').send(body as object);

async function counts() {
  const { rows } = await h.db.pool.query<{ agents: number; payments: number; transfers: number }>(
    `SELECT (SELECT count(*) FROM agents)::int AS agents, (SELECT count(*) FROM payments)::int AS payments,
            (SELECT count(*) FROM ledger_transfers)::int AS transfers`);
  return rows[0];
}

describe('paying the identity bond', () => {
  it.each([
    ['garbage', 'not base64 at all!'],
    ['base64 of text', Buffer.from('hello').toString('base64')],
    ['base64 of the wrong JSON', Buffer.from(JSON.stringify({ x402Version: 2, payload: {} })).toString('base64')],
    ['a huge header', 'A'.repeat(7000)],
  ])('refuses %s in PAYMENT-SIGNATURE with a 402 and writes nothing', async (_name, header) => {
    const before = await counts();
    const res = await register(agentBody('malformed-payer')).set('PAYMENT-SIGNATURE', header);
    expect(res.status).toBe(402);
    // The reference vocabulary (x402 ErrorReasons) for an unreadable payload, with a human message beside it.
    expect(res.body).toMatchObject({ success: false, x402Version: 1, error: 'invalid_payload', message: expect.stringMatching(/could not be read/) });
    expect(res.headers['payment-required']).toBeTruthy();
    expect(await counts()).toEqual(before);
  });

  it('refuses a payment signed for another amount', async () => {
    // Lower the amount inside a genuinely signed header: the server compares against its own price.
    const header = await signedPaymentFor(`${h.baseUrl}/api/v1/agents/register`, agentBody('forged-amount'));
    const decoded = JSON.parse(Buffer.from(header, 'base64').toString('utf8'));
    decoded.payload.authorization.value = '1';
    const forged = Buffer.from(JSON.stringify(decoded)).toString('base64');
    const res = await register(agentBody('forged-amount')).set('PAYMENT-SIGNATURE', forged);
    expect(res.status).toBe(402);
    expect(res.body.error).toBe('invalid_exact_evm_payload_authorization_value_mismatch');
    expect(res.body.message).toBe('The authorization value is not exactly the required amount.');
  });

  it('refuses a replayed payment and credits nothing the second time', async () => {
    const header = await signedPaymentFor(`${h.baseUrl}/api/v1/agents/register`, agentBody('first-use'));
    const first = await register(agentBody('first-use')).set('PAYMENT-SIGNATURE', header);
    expect(first.status).toBe(201);
    const before = await counts();
    const replay = await register(agentBody('second-use')).set('PAYMENT-SIGNATURE', header);
    expect(replay.status).toBe(402);
    expect(replay.body.error).toBe('payment_already_used');
    expect(await counts()).toEqual(before);
  });

  it('lets exactly one of many concurrent requests carrying the same payment win', async () => {
    const header = await signedPaymentFor(`${h.baseUrl}/api/v1/agents/register`, agentBody('race-0'));
    const before = await counts();
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => register(agentBody(`race-${i}`)).set('PAYMENT-SIGNATURE', header)),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 402)).toHaveLength(11);
    const after = await counts();
    expect(after.agents - before.agents).toBe(1);
    expect(after.payments - before.payments).toBe(1);
    const { rows } = await h.db.pool.query(`SELECT count(*)::int AS n FROM ledger_transfers WHERE code = 'payment_in'`);
    expect(rows[0].n).toBe(after.payments);
  });

  it('replays the first answer for a repeated Idempotency-Key and refuses the key with another body', async () => {
    const header = await signedPaymentFor(`${h.baseUrl}/api/v1/agents/register`, agentBody('idem-agent'));
    const first = await register(agentBody('idem-agent')).set('PAYMENT-SIGNATURE', header).set('Idempotency-Key', 'reg-1');
    expect(first.status).toBe(201);
    const again = await register(agentBody('idem-agent')).set('PAYMENT-SIGNATURE', header).set('Idempotency-Key', 'reg-1');
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    // Credentials are shown once: the replay carries everything else and says so.
    const { credentials, ...rest } = first.body;
    expect(credentials.api_key).toMatch(/^ac_agent_/);
    expect(again.body).toEqual({ ...rest, credentials: null, credentials_note: expect.stringMatching(/shown once/) });
    const other = await register(agentBody('idem-other')).set('Idempotency-Key', 'reg-1');
    expect(other.status).toBe(409);
  });

  it('never hands the first caller\'s credentials to a stranger who repeats the key and body without paying', async () => {
    const header = await signedPaymentFor(`${h.baseUrl}/api/v1/agents/register`, agentBody('idem-victim'));
    const first = await register(agentBody('idem-victim')).set('PAYMENT-SIGNATURE', header).set('Idempotency-Key', 'victim-key');
    expect(first.status).toBe(201);
    const stranger = await register(agentBody('idem-victim')).set('Idempotency-Key', 'victim-key');
    expect(stranger.status).toBe(409);
    expect(JSON.stringify(stranger.body)).not.toContain(first.body.credentials.api_key);
    // Nor is any secret kept at rest for a later replay.
    const { rows } = await h.db.pool.query<{ body: string }>(`SELECT response_body::text AS body FROM idempotency_keys WHERE key = 'victim-key'`);
    expect(rows).toHaveLength(1);
    expect(rows[0].body).not.toContain(first.body.credentials.api_key);
    expect(rows[0].body).not.toContain(first.body.credentials.signing_secret);
  });

  it('does not keep a 402 under an Idempotency-Key, so the paid retry with the same key goes through', async () => {
    const quote = await register(agentBody('idem-quote')).set('Idempotency-Key', 'quote-then-pay');
    expect(quote.status).toBe(402);
    const header = await signedPaymentFor(`${h.baseUrl}/api/v1/agents/register`, agentBody('idem-quote'));
    const paid = await register(agentBody('idem-quote')).set('PAYMENT-SIGNATURE', header).set('Idempotency-Key', 'quote-then-pay');
    expect(paid.status).toBe(201);
  });
});
