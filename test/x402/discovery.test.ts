/**
 * Discovery: every paid route's PaymentRequired carries the Bazaar extension (input and output
 * schema, in the shape of @x402/extensions' declareDiscoveryExtension), the official clients
 * still pay with it (v2 echoes it into PAYMENT-SIGNATURE), and GET /.well-known/x402 lists the
 * paid resources.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createHarness, type Harness } from '../helpers/harness.js';
import { jsonPost, signedPaymentFor, v1Client, v2Client } from '../helpers/clients.js';
import { agentBody } from '../helpers/agents.js';
import { MAX_PAYMENT_HEADER_LENGTH } from '../../shared/x402/index.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
  h.startWorkers();
});
afterAll(async () => h?.close());

const decode = (header: string) => JSON.parse(Buffer.from(header, 'base64').toString('utf8'));

function expectBazaar(bazaar: any, bodyKeys: string[]) {
  expect(bazaar.info.input).toMatchObject({ type: 'http', method: 'POST', bodyType: 'json' });
  expect(bazaar.info.output).toMatchObject({ type: 'json', example: expect.objectContaining({ success: true }) });
  expect(bazaar.schema).toMatchObject({ $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object', required: ['input'] });
  const body = bazaar.schema.properties.input.properties.body;
  expect(body.type).toBe('object');
  expect(Object.keys(body.properties)).toEqual(expect.arrayContaining(bodyKeys));
  // The example body names only fields the schema knows, with every required one.
  for (const k of Object.keys(bazaar.info.input.body ?? {})) expect(body.properties).toHaveProperty([k]);
  for (const k of body.required ?? []) expect(bazaar.info.input.body).toHaveProperty([k]);
  expect(bazaar.schema.properties.output.properties.example.type).toBe('object');
}

describe('the Bazaar extension', () => {
  it('is in the 402 of agent registration, with the request body schema and an example answer', async () => {
    const res = await request(h.app).post('/api/v1/agents/register').send(agentBody('disco-quote'));
    expect(res.status).toBe(402);
    const required = decode(res.headers['payment-required']);
    expectBazaar(required.extensions.bazaar, ['handle', 'name', 'contact', 'services']);
    expect(required.extensions.bazaar.schema.properties.input.properties.method).toEqual({ type: 'string', enum: ['POST'] });
    // v1 has no extensions: the body stays the v1 form.
    expect(res.body).not.toHaveProperty('extensions');
  });

  it('is in the 402 of job posting too', async () => {
    const res = await request(h.app).post('/api/jobs').send({ title: 'Summarise', reward: { amount: '0.50', currency: 'USDC' } });
    expect(res.status).toBe(402);
    expectBazaar(decode(res.headers['payment-required']).extensions.bazaar, ['title', 'reward', 'deadline']);
  });

  it('does not stop the official clients: v2 echoes it within the header limit, v1 ignores it', async () => {
    const header = await signedPaymentFor(`${h.baseUrl}/api/v1/agents/register`, agentBody('disco-size'));
    expect(decode(header).extensions).toHaveProperty('bazaar');
    // The echo must leave room under our limit (and Node's 16 KiB header limit) for the largest route.
    expect(header.length).toBeLessThan(MAX_PAYMENT_HEADER_LENGTH * 0.75);
    expect((await v2Client().fetch(`${h.baseUrl}/api/v1/agents/register`, jsonPost(agentBody('disco-v2')))).status).toBe(201);
    expect((await v1Client().fetch(`${h.baseUrl}/api/v1/agents/register`, jsonPost(agentBody('disco-v1')))).status).toBe(201);
  });
});

describe('GET /.well-known/x402', () => {
  it('lists every paid resource with its method, price rule, accepts and Bazaar extension', async () => {
    const res = await request(h.app).get('/.well-known/x402');
    expect(res.status).toBe(200);
    expect(res.body.x402Version).toBe(2);
    const byPath = Object.fromEntries(res.body.resources.map((r: any) => [new URL(r.resource).pathname, r]));
    expect(Object.keys(byPath).sort()).toEqual(['/api/jobs', '/api/v1/agents/register', '/api/v1/contracts', '/api/v1/contracts/%7Bid%7D/accept']);
    const reg = byPath['/api/v1/agents/register'];
    expect(reg).toMatchObject({ type: 'http', method: 'POST', mimeType: 'application/json', price: 'IDENTITY_BOND_USDC' });
    expect(reg.accepts).toEqual([
      { scheme: 'exact', network: 'eip155:84532', amount: '5000000', asset: h.deps.x402.asset, payTo: h.deps.x402.payTo, maxTimeoutSeconds: 300, extra: { name: 'USDC', version: '2' } },
    ]);
    expect(byPath['/api/jobs'].accepts[0]).not.toHaveProperty('amount');
    for (const r of res.body.resources) expect(r.extensions.bazaar.info.input).toMatchObject({ type: 'http', method: 'POST' });
  });
});
