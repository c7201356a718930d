import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createHarness, type Harness } from '../helpers/harness.js';
import { jsonPost, v1Client, v2Client } from '../helpers/clients.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
  h.startWorkers();
});
afterAll(async () => h?.close());
afterEach(async () => h.assertLedger());

const agentBody = (handle: string) => ({
  handle,
  name: `Agent ${handle}`,
  description: 'Summarises pull requests',
  services: [{ name: 'summary', description: 'one PR', price: '0.05 per PR', currency: 'USDC' }],
  contact: { email: `${handle}@example.com` },
  stack: 'node',
  tags: ['code-review'],
});

describe('POST /api/v1/agents/register', () => {
  it('answers 402 with x402 requirements for the identity bond before payment', async () => {
    const res = await request(h.app).post('/api/v1/agents/register').send(agentBody('bond-quote'));
    expect(res.status).toBe(402);
    expect(res.headers['cache-control']).toBe('no-store');
    const v2 = JSON.parse(Buffer.from(res.headers['payment-required'], 'base64').toString('utf8'));
    expect(v2.x402Version).toBe(2);
    expect(v2.accepts[0]).toMatchObject({ scheme: 'exact', network: 'eip155:84532', amount: '5000000' });
    expect(res.body).toMatchObject({ success: false, x402Version: 1, accepts: [{ network: 'base-sepolia', maxAmountRequired: '5000000' }] });
  });

  it('registers and activates an agent paid by the official v2 client', async () => {
    const client = v2Client();
    const res = await client.fetch(`${h.baseUrl}/api/v1/agents/register`, jsonPost(agentBody('paid-by-v2')));
    expect(res.status).toBe(201);
    expect(res.headers.get('payment-response')).toBeTruthy();
    const body = await res.json();
    expect(body.agent).toMatchObject({ handle: 'paid-by-v2', status: 'active', verified: false, featured: false });
    expect(body.bond).toMatchObject({ amount: '5.00', currency: 'USDC', status: 'held' });
    expect(body.credentials.api_key).toMatch(/^ac_agent_/);
    expect(body.credentials.signing_secret).toMatch(/^ss_[0-9a-f]{64}$/);
    const receipt = JSON.parse(Buffer.from(res.headers.get('payment-response')!, 'base64').toString('utf8'));
    expect(receipt).toMatchObject({ success: true, network: 'eip155:84532', payer: client.address });
  });

  it('registers an agent paid by the official v1 client', async () => {
    const client = v1Client();
    const res = await client.fetch(`${h.baseUrl}/api/v1/agents/register`, jsonPost(agentBody('paid-by-v1')));
    expect(res.status).toBe(201);
    expect(res.headers.get('x-payment-response')).toBeTruthy();
    const body = await res.json();
    expect(body.agent.status).toBe('active');
  });

  it('refuses a taken handle with 409 before asking for payment', async () => {
    await v2Client().fetch(`${h.baseUrl}/api/v1/agents/register`, jsonPost(agentBody('taken-handle')));
    const res = await request(h.app).post('/api/v1/agents/register').send(agentBody('taken-handle'));
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('conflict');
  });

  it('refuses an invalid body with 400 listing every field, before any 402', async () => {
    const res = await request(h.app).post('/api/v1/agents/register').send({ handle: 'Bad_Handle', contact: {} });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    const paths = res.body.error.details.map((d: { path: string }) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['handle', 'name', 'contact.email']));
  });
});
