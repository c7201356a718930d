import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createHarness, type Harness } from '../helpers/harness.js';
import { registerAgent, signedRequest, type RegisteredAgent } from '../helpers/agents.js';
import { signPaymentRequired } from '../helpers/clients.js';
import { expireDeployments } from '../../workers/maintenance.js';

let h: Harness;
let owner: RegisteredAgent;
let stranger: RegisteredAgent;
beforeAll(async () => {
  h = await createHarness({ SETTLE_WAIT_MS: '5000' });
  h.startWorkers();
  [owner, stranger] = [await registerAgent(h.baseUrl, 'host-owner'), await registerAgent(h.baseUrl, 'host-stranger')];
});
afterAll(async () => h?.close());
afterEach(async () => h.assertLedger());

const trialBody = { name: 'echo', image: 'ghcr.io/example/echo:1.2', port: 8080, env: { API_TOKEN: 'secret-value-123' }, command: ['node', 'server.js'] };
const get = (agent: RegisteredAgent, path: string) => request(h.app).get(path).set('Authorization', `Bearer ${agent.apiKey}`);

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean): Promise<T> {
  let value = await read();
  for (const end = Date.now() + 10_000; !ok(value) && Date.now() < end;) {
    await new Promise((r) => setTimeout(r, 100));
    value = await read();
  }
  return value;
}

const deployment = (agent: RegisteredAgent, id: string) => until(async () => (await get(agent, `/api/deployments/${id}`)).body.deployment, (d) => !['provisioning', 'upgrading'].includes(d?.status));

let deployId: string;

describe('plans and the 7-day trial', () => {
  it('lists the four plans with resources and prices, and says the local driver runs nothing', async () => {
    const res = await request(h.app).get('/api/plans');
    expect(res.body).toMatchObject({ success: true, count: 4, driver: 'local' });
    expect(res.body.plans).toEqual([
      { name: 'trial', resources: { memory_mb: 512, cpu: 0.1 }, price: '0.00', currency: 'USD', period: '7d' },
      { name: 'micro', resources: { memory_mb: 512, cpu: 0.25 }, price: '5.00', currency: 'USD', period: 'month' },
      { name: 'small', resources: { memory_mb: 768, cpu: 0.5 }, price: '12.00', currency: 'USD', period: 'month' },
      { name: 'medium', resources: { memory_mb: 1536, cpu: 1 }, price: '24.00', currency: 'USD', period: 'month' },
    ]);
  });

  it('starts a trial that a worker provisions, without ever showing the env values', async () => {
    const res = await signedRequest(h.app, owner, 'post', '/api/trial', trialBody);
    expect(res.status).toBe(201);
    expect(res.body.deployment).toMatchObject({ deploy_id: expect.stringMatching(/^DEP-[A-Z0-9]{6}$/), status: 'provisioning', plan: 'trial', resources: { memory_mb: 512, cpu: 0.1 }, env_keys: ['API_TOKEN'], endpoint: null });
    expect(Date.parse(res.body.deployment.expires_at) - Date.now()).toBeGreaterThan(7 * 24 * 3600 * 1000 - 60_000);
    expect(JSON.stringify(res.body)).not.toContain('secret-value-123');
    deployId = res.body.deployment.deploy_id;
    const running = await deployment(owner, deployId);
    expect(running).toMatchObject({ status: 'running', endpoint: `local://${deployId}` });
    const manifest = JSON.parse(await readFile(join(h.deployDir, deployId, 'deployment.json'), 'utf8'));
    expect(manifest.spec.template.spec.containers[0]).toMatchObject({ image: trialBody.image, resources: { limits: { memory: '512Mi', cpu: '100m' } } });
    const { rows } = await h.db.pool.query(`SELECT env_sealed FROM deployments WHERE deploy_id = $1`, [deployId]);
    expect(rows[0].env_sealed).not.toContain('secret-value-123');
  });

  it('allows one trial per agent', async () => {
    const again = await signedRequest(h.app, owner, 'post', '/api/trial', { ...trialBody, name: 'second' });
    expect(again.status).toBe(409);
    expect(again.body.error.details).toEqual({ deploy_id: deployId });
  });

  it('shows a deployment to its owner only, and refuses bad input before anything is written', async () => {
    expect((await get(stranger, `/api/deployments/${deployId}`)).status).toBe(404);
    expect((await request(h.app).get(`/api/deployments/${deployId}`)).status).toBe(401);
    const list = await get(owner, '/api/deployments');
    expect(list.body).toMatchObject({ count: 1, deployments: [{ deploy_id: deployId }] });
    expect((await get(stranger, '/api/deployments')).body.count).toBe(0);
    const bad = await signedRequest(h.app, stranger, 'post', '/api/trial', { name: 'x', image: 'evil; rm -rf /' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0].path).toBe('image');
  });
});

const create = (body: object) => request(h.app).post('/api/payment/create').send(body);
const verify = (body: object) => request(h.app).post('/api/payment/verify').send(body);
const devPay = async (invoice: string) => (await request(h.app).post('/api/l402/dev/pay').send({ invoice })).body.preimage as string;

describe('paying an upgrade through the gateway', () => {
  it('refuses an amount other than the plan\'s price and a deployment of another agent', async () => {
    const wrong = await create({ service: 'hosting', plan: 'micro', amount_usd: 4.99, payer_agent: owner.id, deploy_id: deployId });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.details).toEqual([{ path: 'amount_usd', message: 'expected 5.00' }]);
    const foreign = await create({ service: 'hosting', plan: 'micro', amount_usd: 5, payer_agent: stranger.id, deploy_id: deployId });
    expect(foreign.status).toBe(404);
    expect((await create({ service: 'hosting', plan: 'micro', amount_usd: 5.001, payer_agent: owner.id, deploy_id: deployId })).status).toBe(400);
  });

  it('upgrades by x402 signed by the official client: succeeded, resized, no longer expiring; verify is idempotent', async () => {
    const created = await create({ service: 'hosting', plan: 'micro', amount_usd: 5.0, payer_agent: owner.id, deploy_id: deployId });
    expect(created.status).toBe(201);
    const payment = created.body.payment;
    expect(payment).toMatchObject({ status: 'requires_payment', amount_usd: '5.00', currency: 'USD', methods: { lightning: { amount_sats: 5000 } } });
    expect(payment.methods.x402).toMatchObject({ x402Version: 2, accepts: [{ amount: '5000000' }] });
    const header = await signPaymentRequired(payment.methods.x402);

    // Ten verifies at once with the same proof: one records it, all answer, one payment credited.
    const results = await Promise.all(Array.from({ length: 10 }, () => verify({ payment_id: payment.id, proof: { x402: header } })));
    expect(results.every((r) => r.status === 200 || r.status === 202)).toBe(true);
    const settled = await until(async () => (await request(h.app).get(`/api/payment/${payment.id}`)).body.payment, (p) => p.status !== 'processing');
    expect(settled.status).toBe('succeeded');
    expect(settled.methods).toBeUndefined();
    const { rows } = await h.db.pool.query(`SELECT count(*)::int AS n FROM ledger_transfers WHERE code = 'payment_in' AND metadata->>'purpose' = 'gateway'`);
    expect(rows[0].n).toBe(1);

    const upgraded = await deployment(owner, deployId);
    expect(upgraded).toMatchObject({ status: 'running', plan: 'micro', resources: { memory_mb: 512, cpu: 0.25 }, expires_at: null });
    expect(Date.parse(upgraded.paid_until)).toBeGreaterThan(Date.now() + 27 * 24 * 3600 * 1000);
    const manifest = JSON.parse(await readFile(join(h.deployDir, deployId, 'deployment.json'), 'utf8'));
    expect(manifest.spec.template.spec.containers[0].resources.limits).toEqual({ memory: '512Mi', cpu: '250m' });

    const again = await verify({ payment_id: payment.id, proof: { x402: header } });
    expect(again.status).toBe(200);
    expect(again.body.payment.status).toBe('succeeded');

    // The same proof offered for another payment of the same price is refused.
    const other = await create({ service: 'hosting', plan: 'micro', amount_usd: 5, payer_agent: owner.id, deploy_id: deployId });
    const reused = await verify({ payment_id: other.body.payment.id, proof: { x402: header } });
    expect(reused.status).toBe(409);
    expect(reused.body.error.message).toMatch(/already used/);
  });

  it('renews by Lightning: the preimage of its own invoice, never another\'s', async () => {
    const created = await create({ service: 'hosting', plan: 'small', amount_usd: 12, payer_agent: owner.id, deploy_id: deployId });
    const { lightning } = created.body.payment.methods;
    const other = await create({ service: 'hosting', plan: 'small', amount_usd: 12, payer_agent: owner.id, deploy_id: deployId });
    const otherPreimage = await devPay(other.body.payment.methods.lightning.invoice);
    const foreign = await verify({ payment_id: created.body.payment.id, proof: { preimage: otherPreimage } });
    expect(foreign.status).toBe(401);
    const before = (await deployment(owner, deployId)).paid_until;
    const preimage = await devPay(lightning.invoice);
    await verify({ payment_id: created.body.payment.id, proof: { preimage } });
    const done = await until(async () => (await request(h.app).get(`/api/payment/${created.body.payment.id}`)).body.payment, (p) => p.status !== 'processing');
    expect(done.status).toBe('succeeded');
    const renewed = await deployment(owner, deployId);
    expect(renewed).toMatchObject({ plan: 'small', resources: { memory_mb: 768, cpu: 0.5 } });
    expect(Date.parse(renewed.paid_until)).toBeGreaterThan(Date.parse(before) + 27 * 24 * 3600 * 1000);
  });

  it('refuses an x402 payment that underpays', async () => {
    const created = await create({ service: 'hosting', plan: 'medium', amount_usd: 24, payer_agent: owner.id, deploy_id: deployId });
    const cheaper = structuredClone(created.body.payment.methods.x402);
    cheaper.accepts[0].amount = '1000000';
    const header = await signPaymentRequired(cheaper);
    const res = await verify({ payment_id: created.body.payment.id, proof: { x402: header } });
    expect(res.status).toBe(400);
    expect((await request(h.app).get(`/api/payment/${created.body.payment.id}`)).body.payment.status).toBe('requires_payment');
  });

  it('sells the monthly scan plan: a new key shown once to the verifier', async () => {
    const created = await create({ service: 'scan', plan: 'monthly', amount_usd: 9, payer_agent: stranger.id });
    expect(created.status).toBe(201);
    const preimage = await devPay(created.body.payment.methods.lightning.invoice);
    const res = await verify({ payment_id: created.body.payment.id, proof: { preimage } });
    expect(res.body.credentials.api_key).toMatch(/^ac_scan_/);
    await until(async () => (await request(h.app).get(`/api/payment/${created.body.payment.id}`)).body.payment, (p) => p.status !== 'processing');
    const me = await request(h.app).get('/api/keys/me').set('Authorization', `Bearer ${res.body.credentials.api_key}`);
    expect(me.body.key).toMatchObject({ plan: 'monthly', scans_total: 100, scans_remaining: 100 });
    const again = await verify({ payment_id: created.body.payment.id, proof: { preimage } });
    expect(again.body.credentials).toBeUndefined();
  });
});

describe('the clock', () => {
  it('expires a trial at its end and suspends a paid plan past its grace, scaling each to zero', async () => {
    const agent = await registerAgent(h.baseUrl, 'host-clock');
    const res = await signedRequest(h.app, agent, 'post', '/api/trial', { name: 'short', image: 'nginx:1.27' });
    const id = res.body.deployment.deploy_id;
    await deployment(agent, id);
    const in8days = new Date(Date.now() + 8 * 24 * 3600 * 1000);
    expect(await expireDeployments({ db: h.db.pool, log: h.deps.log, settlement: h.deps.queues.settlement, reconcileAfterMs: 0, provisioning: h.provisioningQueue }, in8days))
      .toMatchObject({ expired: 1 });
    expect((await get(agent, `/api/deployments/${id}`)).body.deployment.status).toBe('expired');
    await until(async () => JSON.parse(await readFile(join(h.deployDir, id, 'deployment.json'), 'utf8')).spec.replicas, (r) => r === 0);

    // The upgraded deployment: paid for about two months; past that and the 3-day grace, suspended.
    const in70days = new Date(Date.now() + 70 * 24 * 3600 * 1000);
    expect(await expireDeployments({ db: h.db.pool, log: h.deps.log, settlement: h.deps.queues.settlement, reconcileAfterMs: 0, provisioning: h.provisioningQueue, hostingGraceDays: 3 }, in70days))
      .toMatchObject({ suspended: 1 });
    expect((await get(owner, `/api/deployments/${deployId}`)).body.deployment.status).toBe('suspended');
  });
});
