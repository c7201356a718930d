import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { ADMIN_TOKEN, createHarness, type Harness } from '../helpers/harness.js';
import { registerAgent, type RegisteredAgent } from '../helpers/agents.js';
import { accept, actOn, agentHeaders, contractBody, inDays, posted, propose, proposed } from '../helpers/contracts.js';
import { signedPaymentFor } from '../helpers/clients.js';
import { act, openJob } from '../helpers/jobs.js';
import { AccountIds } from '../../shared/ledger/index.js';
import { expireDueContracts, maintenanceProcessor } from '../../workers/maintenance.js';

let h: Harness;
let n = 0;
const agent = (role: string) => registerAgent(h.baseUrl, `c-${role}-${++n}`);
const pair = async () => [await agent('client'), await agent('provider')] as const;
const available = async (a: RegisteredAgent) => (await posted(h, AccountIds.agentAvailable(a.id))).available;
const resolve = (id: string, winner: string) => request(h.app).post(`/api/v1/contracts/${id}/resolve`).set('Authorization', `Bearer ${ADMIN_TOKEN}`).send({ winner });
const events = async (id: string) => (await h.db.pool.query<{ type: string }>('SELECT type FROM events WHERE subject_id = $1 ORDER BY id', [id])).rows.map((r) => r.type);
const usdc = (s: string) => BigInt(Math.round(Number(s) * 1e6));

beforeAll(async () => {
  h = await createHarness();
  h.startWorkers();
});
afterAll(async () => h?.close());
afterEach(async () => h.assertLedger());

describe('proposing a contract', () => {
  it('asks for the value plus the client stake, showing both stakes with their formula and inputs', async () => {
    const [client, provider] = await pair();
    const path = '/api/v1/contracts';
    const body = contractBody(provider.id);
    const res = await request(h.app).post(path).set(agentHeaders(client, path, JSON.stringify(body))).send(body);
    expect(res.status).toBe(402);
    expect(res.body.accepts[0].maxAmountRequired).toBe('12500000');
    expect(res.body.quote.stakes.client).toMatchObject({ amount: '2.50', currency: 'USDC', formula: expect.stringContaining('S_min') });
    expect(res.body.quote.stakes.client.inputs).toMatchObject({ V: '10.00', kind: 'judged', c: 0.25, D: '0.00', R: 0, S_min: '0.10', exposure_cap: '100.00' });
    expect(res.body.quote.stakes.provider.amount).toBe('2.50');
  });

  it.each([
    ['an unknown kind', { kind: 'vibes' }, 'kind'],
    ['a value over MAX_PAYMENT_USDC', { value: { amount: '20000.00', currency: 'USDC' } }, 'value.amount'],
    ['an over-precise value', { value: { amount: '1.0000001', currency: 'USDC' } }, 'value.amount'],
    ['a deadline in the past', { deadline: '2020-01-01T00:00:00Z' }, 'deadline'],
    ['an unknown provider', { provider_id: 'f'.repeat(24) }, 'provider_id'],
  ])('refuses %s with 400 before any 402', async (_name, extra, field) => {
    const [client, provider] = await pair();
    const path = '/api/v1/contracts';
    const body = contractBody(provider.id, extra);
    const res = await request(h.app).post(path).set(agentHeaders(client, path, JSON.stringify(body))).send(body);
    expect(res.status).toBe(400);
    expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain(field);
  });

  it('refuses a contract with oneself with 400', async () => {
    const client = await agent('self');
    const path = '/api/v1/contracts';
    const body = contractBody(client.id);
    const res = await request(h.app).post(path).set(agentHeaders(client, path, JSON.stringify(body))).send(body);
    expect(res.status).toBe(400);
  });

  it('refuses, before any 402, a contract beyond the exposure cap relative to the bond, counting open contracts', async () => {
    const [client, provider] = await pair();
    const path = '/api/v1/contracts';
    const tooBig = contractBody(provider.id, { value: { amount: '100.01', currency: 'USDC' } });
    const res = await request(h.app).post(path).set(agentHeaders(client, path, JSON.stringify(tooBig))).send(tooBig);
    expect(res.status).toBe(409);
    expect(res.body.error.details).toMatchObject({ party: 'client', exposure_cap: '100.00', open_exposure: '0.00', value: '100.01' });
    await proposed(h, client, provider.id, { value: { amount: '60.00', currency: 'USDC' } });
    const second = await propose(h, client, contractBody(provider.id, { value: { amount: '50.00', currency: 'USDC' } }));
    expect(second.status).toBe(409);
    expect(second.body.error.details.open_exposure).toBe('60.00');
    const { rows } = await h.db.pool.query('SELECT count(*)::int AS n FROM contracts WHERE client_agent_id = $1', [client.id]);
    expect(rows[0].n).toBe(1);
  });
});

describe('working a contract', () => {
  it('runs proposed, active, delivered, completed: value to the provider minus the fee, both stakes released', async () => {
    const [client, provider] = await pair();
    const made = await propose(h, client, contractBody(provider.id));
    expect(made.status).toBe(201);
    const id = made.body.contract.id;
    expect(made.body.contract).toMatchObject({ status: 'proposed', value: { amount: '10.00' }, stakes: { client: { amount: '2.50' } } });
    expect((await posted(h, AccountIds.escrow('contract', id))).available).toBe(0n);
    const accepted = await accept(h, provider, id);
    expect(accepted.status).toBe(201);
    expect(accepted.body.contract).toMatchObject({ status: 'active', stakes: { provider: { amount: '2.50' } } });
    expect((await actOn(h, provider, id, 'deliver', { result: 'three bugs, patched' })).body.contract.status).toBe('delivered');
    const done = await actOn(h, client, id, 'complete');
    expect(done.status).toBe(200);
    expect(done.body.contract).toMatchObject({ status: 'completed', completion_fee: { amount: '0.25' } });
    expect(await available(provider)).toBe(usdc('12.25'));
    expect(await available(client)).toBe(usdc('2.50'));
    expect(await events(id)).toEqual(['contract.proposed', 'contract.accepted', 'contract.delivered', 'contract.completed']);
    const one = await request(h.app).get(`/api/v1/contracts/${id}`);
    expect(one.body.contract.history.map((e: { type: string }) => e.type)).toEqual(await events(id));
  });

  it('lets the provider decline a proposal, voiding the value and the client stake back', async () => {
    const [client, provider] = await pair();
    const id = await proposed(h, client, provider.id);
    expect(await available(client)).toBe(0n);
    const res = await actOn(h, provider, id, 'decline');
    expect(res.status).toBe(200);
    expect(res.body.contract.status).toBe('declined');
    expect(await available(client)).toBe(usdc('12.50'));
    expect(await events(id)).toEqual(['contract.proposed', 'contract.declined']);
  });

  it('resolves a dispute for the client: the value back and the provider stake slashed to it, minus the fee', async () => {
    const [client, provider] = await pair();
    const id = await proposed(h, client, provider.id);
    expect((await accept(h, provider, id)).status).toBe(201);
    const disputed = await actOn(h, client, id, 'dispute', { reason: 'nothing delivered' });
    expect(disputed.body.contract).toMatchObject({ status: 'disputed', disputed_by: 'client' });
    const res = await resolve(id, 'client');
    expect(res.status).toBe(200);
    expect(res.body.contract).toMatchObject({ status: 'resolved', resolution: 'client' });
    expect(await available(client)).toBe(usdc('14.9375'));
    expect(await available(provider)).toBe(0n);
  });

  it('resolves a dispute for the provider: the value paid and the client stake slashed to it, minus the fees', async () => {
    const [client, provider] = await pair();
    const id = await proposed(h, client, provider.id);
    expect((await accept(h, provider, id)).status).toBe(201);
    await actOn(h, provider, id, 'deliver', { result: 'done' });
    expect((await actOn(h, client, id, 'dispute', { reason: 'not what I meant' })).status).toBe(200);
    const res = await resolve(id, 'provider');
    expect(res.body.contract).toMatchObject({ status: 'resolved', resolution: 'provider' });
    expect(await available(provider)).toBe(usdc('14.6875'));
    expect(await available(client)).toBe(0n);
    expect(await events(id)).toEqual(['contract.proposed', 'contract.accepted', 'contract.delivered', 'contract.disputed', 'contract.resolved']);
  });

  it('answers the wrong party 403 and an illegal transition 409 naming the state', async () => {
    const [client, provider] = await pair();
    const stranger = await agent('stranger');
    const id = await proposed(h, client, provider.id);
    expect((await actOn(h, provider, id, 'cancel')).status).toBe(403);
    expect((await actOn(h, client, id, 'decline')).status).toBe(403);
    expect((await accept(h, stranger, id)).status).toBe(403);
    expect((await accept(h, client, id)).status).toBe(403);
    const early = await actOn(h, provider, id, 'deliver', { result: 'x' });
    expect(early.status).toBe(409);
    expect(early.body.error.details.current_state).toBe('proposed');
    expect((await request(h.app).post(`/api/v1/contracts/${id}/resolve`).set('Authorization', `Bearer ${client.apiKey}`).send({ winner: 'client' })).status).toBe(403);
    expect((await actOn(h, client, id, 'cancel')).body.contract.status).toBe('cancelled');
    const again = await actOn(h, client, id, 'cancel');
    expect(again.status).toBe(409);
    expect(again.body.error.details.current_state).toBe('cancelled');
    expect(await available(client)).toBe(usdc('12.50'));
  });
});

describe('racing on one contract', () => {
  it('lets exactly one of a concurrent accept and cancel win, and never keeps a stake without a contract', async () => {
    for (let round = 0; round < 3; round++) {
      const [client, provider] = await pair();
      const id = await proposed(h, client, provider.id);
      const path = `/api/v1/contracts/${id}/accept`;
      const headers = agentHeaders(provider, path, '{}');
      const payment = await signedPaymentFor(`${h.baseUrl}${path}`, {}, undefined, headers);
      const [acc, can] = await Promise.all([
        request(h.app).post(path).set(headers).set('PAYMENT-SIGNATURE', payment).set('Content-Type', 'application/json').send('{}'),
        actOn(h, client, id, 'cancel'),
      ]);
      const accepted = acc.status === 201 || acc.status === 202;
      const cancelled = can.status === 200;
      expect([accepted, cancelled].filter(Boolean)).toHaveLength(1);
      expect(accepted ? can.status : acc.status).toBe(409);
      const { rows } = await h.db.pool.query("SELECT count(*)::int AS n FROM payments WHERE purpose = 'contract_stake' AND subject_id = $1", [id]);
      expect(rows[0].n).toBe(accepted ? 1 : 0);
      await h.assertLedger();
    }
  });

  it('credits one stake when the provider pays it twice at once, and refuses a third payment', async () => {
    const [client, provider] = await pair();
    const id = await proposed(h, client, provider.id);
    const path = `/api/v1/contracts/${id}/accept`;
    // Two distinct signed requests: the same second and body would make one a replay (401). One
    // clock reading for both: read twice, a second boundary between the reads could give both the same second.
    const now = Math.floor(Date.now() / 1000);
    const pay = async (secondsAgo: number) => {
      const headers = agentHeaders(provider, path, '{}', now - secondsAgo);
      const payment = await signedPaymentFor(`${h.baseUrl}${path}`, {}, undefined, headers);
      return () => request(h.app).post(path).set(headers).set('PAYMENT-SIGNATURE', payment).set('Content-Type', 'application/json').send('{}');
    };
    const [a, b] = [await pay(1), await pay(2)];
    const answers = await Promise.all([a(), b()]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    const later = await accept(h, provider, id);
    expect(later.status).toBe(409);
    expect(later.body.error.details.current_state).toBe('active');
    const { rows } = await h.db.pool.query("SELECT count(*)::int AS n FROM payments WHERE purpose = 'contract_stake' AND subject_id = $1", [id]);
    expect(rows[0].n).toBe(1);
    expect((await posted(h, AccountIds.stake('contract', id, 'provider'))).available).toBe(0n);
    const stake = await h.db.pool.query("SELECT amount FROM ledger_transfers WHERE id = $1 AND state = 'pending'", [`contract:${id}:stake:provider`]);
    expect(stake.rows[0].amount).toBe(2_500_000n);
  });
});

describe('an acceptance still settling', () => {
  it('keeps the proposal spoken for: cancel, decline and the clock are refused until it settles', async () => {
    const [client, provider] = await pair();
    const id = await proposed(h, client, provider.id);
    await h.stopWorkers();
    try {
      const pending = await accept(h, provider, id);
      expect(pending.status).toBe(202);
      expect(pending.body.contract).toMatchObject({ status: 'proposed', accept_payment_id: expect.any(String) });
      const cancel = await actOn(h, client, id, 'cancel');
      expect(cancel.status).toBe(409);
      expect(cancel.body.error.details).toMatchObject({ current_state: 'proposed', acceptance_pending: true });
      expect((await actOn(h, provider, id, 'decline')).status).toBe(409);
      await h.db.pool.query("UPDATE contracts SET deadline = now() - interval '1 minute' WHERE id = $1", [id]);
      expect((await expireDueContracts({ db: h.db.pool, log: h.deps.log })).expired).toBe(0);
    } finally {
      h.startWorkers();
    }
    await expect.poll(async () => (await request(h.app).get(`/api/v1/contracts/${id}`)).body.contract.status, { timeout: 10_000 }).toBe('active');
  });
});

describe('the clock', () => {
  it('expires a proposal past its deadline and voids its holds', async () => {
    const [client, provider] = await pair();
    const id = await proposed(h, client, provider.id);
    const holds = await h.db.pool.query("SELECT timeout_at FROM ledger_transfers WHERE id LIKE $1 AND state = 'pending'", [`contract:${id}:%`]);
    expect(holds.rows).toHaveLength(2);
    expect(holds.rows.every((r: { timeout_at: Date | null }) => r.timeout_at !== null)).toBe(true);
    expect((await expireDueContracts({ db: h.db.pool, log: h.deps.log })).expired).toBe(0);
    await h.db.pool.query("UPDATE contracts SET deadline = now() - interval '1 minute' WHERE id = $1", [id]);
    expect((await expireDueContracts({ db: h.db.pool, log: h.deps.log })).expired).toBe(1);
    const res = await request(h.app).get(`/api/v1/contracts/${id}`);
    expect(res.body.contract.status).toBe('expired');
    expect(await available(client)).toBe(usdc('12.50'));
    expect(await events(id)).toEqual(['contract.proposed', 'contract.expired']);
    const late = await accept(h, provider, id);
    expect(late.status).toBe(409);
  });
});

describe('the maintenance table', () => {
  it('runs expire-contracts as a scheduled task', async () => {
    const [client, provider] = await pair();
    const id = await proposed(h, client, provider.id);
    await h.db.pool.query("UPDATE contracts SET deadline = now() - interval '1 second' WHERE id = $1", [id]);
    const run = maintenanceProcessor({ db: h.db.pool, log: h.deps.log, settlement: h.deps.queues.settlement, reconcileAfterMs: 60_000 });
    expect(await run({ data: { task: 'expire-contracts', tick: 0 } } as never)).toEqual({ expired: 1 });
    expect((await request(h.app).get(`/api/v1/contracts/${id}`)).body.contract.status).toBe('expired');
  });
});

describe('listing contracts and trust', () => {
  it('lists contracts by party and status, newest first, with a cursor', async () => {
    const [client, provider] = await pair();
    const a = await proposed(h, client, provider.id);
    const b = await proposed(h, client, provider.id, { title: 'second' });
    await actOn(h, client, a, 'cancel');
    const all = await request(h.app).get(`/api/v1/contracts?party=${provider.handle}&limit=1`);
    expect(all.body).toMatchObject({ success: true, count: 1, contracts: [{ id: b }] });
    const next = await request(h.app).get(`/api/v1/contracts?party=${provider.id}&limit=1&cursor=${all.body.next_cursor}`);
    expect(next.body.contracts[0].id).toBe(a);
    expect(next.body.next_cursor).toBeNull();
    const cancelled = await request(h.app).get(`/api/v1/contracts?party=${client.id}&status=cancelled`);
    expect(cancelled.body.contracts.map((c: { id: string }) => c.id)).toEqual([a]);
    expect((await request(h.app).get('/api/v1/contracts?status=nonsense')).status).toBe(400);
  });

  it('shows the trust score with its inputs, and moves it and the next stake when a contract completes', async () => {
    const [client, provider] = await pair();
    const before = await request(h.app).get(`/api/v1/agents/${provider.id}/trust`);
    expect(before.status).toBe(200);
    expect(before.body.trust).toMatchObject({ agent_id: provider.id, inputs: { bond: '5.00', verified: false, reputation: { R: 0 } } });
    const id = await proposed(h, client, provider.id);
    await accept(h, provider, id);
    await actOn(h, provider, id, 'deliver', { result: 'done' });
    await actOn(h, client, id, 'complete');
    const after = await request(h.app).get(`/api/v1/agents/${provider.handle}/trust`);
    expect(after.body.trust.score).toBeGreaterThan(before.body.trust.score);
    expect(after.body.trust.inputs.work.contracts_as_provider).toMatchObject({ completed: 1, completed_value: '10.00', disputes_lost: 0 });
    const next = await propose(h, provider, contractBody(client.id));
    expect(next.status).toBe(201);
    expect(Number(next.body.contract.stakes.client.amount)).toBeLessThan(2.5);
    expect(next.body.contract.stakes.client.inputs.R).toBeGreaterThan(0);
    expect((await request(h.app).get('/api/v1/agents/nobody-here/trust')).status).toBe(404);
  });

  it('counts a completed job for its worker and its poster', async () => {
    const [poster, worker] = await pair();
    const before = (await request(h.app).get(`/api/v1/agents/${worker.id}/trust`)).body.trust.score;
    const job = await openJob(h, poster, 'trust job', { reward: { amount: '10.00', currency: 'USDC' } });
    await act(h, worker, job, 'claim');
    await act(h, worker, job, 'submit', { result: 'done' });
    expect((await act(h, poster, job, 'accept')).status).toBe(200);
    const after = (await request(h.app).get(`/api/v1/agents/${worker.id}/trust`)).body.trust;
    expect(after.inputs.work.jobs_as_worker).toMatchObject({ completed: 1, completed_value: '10.00' });
    expect(after.score).toBeGreaterThan(before);
    const posterTrust = (await request(h.app).get(`/api/v1/agents/${poster.id}/trust`)).body.trust;
    expect(posterTrust.inputs.work.jobs_as_poster.completed).toBe(1);
  });

  it('lowers the score of the agent that lost a dispute', async () => {
    const [client, provider] = await pair();
    const id = await proposed(h, client, provider.id, { deadline: inDays(2) });
    await accept(h, provider, id);
    await actOn(h, client, id, 'dispute', { reason: 'late' });
    await resolve(id, 'client');
    const t = await request(h.app).get(`/api/v1/agents/${provider.id}/trust`);
    expect(t.body.trust.inputs.work.contracts_as_provider.disputes_lost).toBe(1);
    expect(t.body.trust.inputs.reputation.R).toBe(0);
  });
});
