import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createHarness, type Harness } from '../helpers/harness.js';
import { signedPaymentFor } from '../helpers/clients.js';
import { agentBody } from '../helpers/agents.js';
import { settlePayment } from '../../shared/payments/settle.js';
import { paymentRails } from '../../shared/payments/rails/index.js';
import { purposeHandlers } from '../../shared/purposes.js';
import { reconcile } from '../../workers/maintenance.js';
import { balanceOf } from '../../shared/ledger/index.js';
import type { Facilitator, SettleResult } from '../../shared/x402/index.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ SETTLE_WAIT_MS: '300', RECONCILE_AFTER_MS: '0' });
});
afterAll(async () => h?.close());
afterEach(async () => {
  await h.stopWorkers();
  await h.assertLedger();
});

/** Registers with a signed payment while no worker runs: the answer is 202 and the row pending. */
async function pendingRegistration(handle: string) {
  const header = await signedPaymentFor(`${h.baseUrl}/api/v1/agents/register`, agentBody(handle));
  const res = await request(h.app).post('/api/v1/agents/register').send(agentBody(handle)).set('PAYMENT-SIGNATURE', header);
  expect(res.status).toBe(202);
  expect(res.headers.location).toBe(`/api/v1/agents/${res.body.agent.id}`);
  expect(res.body.agent.status).toBe('pending_bond');
  expect(res.body.bond.status).toBe('pending');
  return { agentId: res.body.agent.id as string, paymentId: res.body.bond.payment_id as string };
}

async function agentStatus(id: string) {
  return (await request(h.app).get(`/api/v1/agents/${id}`)).body.agent.status;
}

async function waitFor(check: () => Promise<boolean>, ms = 8000) {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A facilitator that settles, then dies before the service can record it, `times` times. */
function crashingAfterSettle(inner: Facilitator, times: number): Facilitator & { settles: number } {
  const f = {
    settles: 0,
    verify: inner.verify.bind(inner),
    supported: inner.supported.bind(inner),
    async settle(...args: Parameters<Facilitator['settle']>): Promise<SettleResult> {
      const result = await inner.settle(...args);
      f.settles++;
      if (f.settles <= times) throw new Error('worker died after the facilitator settled');
      return result;
    },
  };
  return f;
}

describe('settlement', () => {
  it('answers 202 with a Location when settlement is slow, and the worker activates the agent later', async () => {
    const { agentId } = await pendingRegistration('slow-settle');
    h.startWorkers();
    await waitFor(async () => (await agentStatus(agentId)) === 'active');
  });

  it('survives a crash between facilitator settlement and the database, without double credit', async () => {
    const { agentId, paymentId } = await pendingRegistration('crash-once');
    const facilitator = crashingAfterSettle(h.deps.facilitator, 1);
    h.startWorkers({ facilitator });
    await waitFor(async () => (await agentStatus(agentId)) === 'active');
    expect(facilitator.settles).toBe(2);
    const { rows } = await h.db.pool.query('SELECT status, attempts FROM payments WHERE id = $1', [paymentId]);
    expect(rows[0]).toEqual({ status: 'settled', attempts: 2 });
    expect((await balanceOf(h.db.pool, `bond:${agentId}`)).posted).toBe(5_000_000n);
    expect((await balanceOf(h.db.pool, `agent:${agentId}:available`)).posted).toBe(0n);
  });

  it('changes nothing when a settlement job runs again after it succeeded', async () => {
    const { agentId, paymentId } = await pendingRegistration('run-twice');
    const deps = { db: h.db.pool, rails: paymentRails({ facilitator: h.deps.facilitator }), purposes: purposeHandlers() };
    expect(await settlePayment(deps, paymentId)).toBe('settled');
    const before = await h.db.pool.query('SELECT count(*)::int AS n FROM ledger_transfers');
    expect(await settlePayment(deps, paymentId)).toBe('already_settled');
    const after = await h.db.pool.query('SELECT count(*)::int AS n FROM ledger_transfers');
    expect(after.rows[0].n).toBe(before.rows[0].n);
    expect(await agentStatus(agentId)).toBe('active');
  });

  it('settles concurrent runs of the same payment once', async () => {
    const { agentId, paymentId } = await pendingRegistration('run-racing');
    const deps = { db: h.db.pool, rails: paymentRails({ facilitator: h.deps.facilitator }), purposes: purposeHandlers() };
    const outcomes = await Promise.all(Array.from({ length: 6 }, () => settlePayment(deps, paymentId)));
    expect(outcomes.filter((o) => o === 'settled')).toHaveLength(1);
    expect((await balanceOf(h.db.pool, `bond:${agentId}`)).posted).toBe(5_000_000n);
  });

  it('keeps retrying a settlement the facilitator reports as pending and never marks it failed', async () => {
    const { paymentId } = await pendingRegistration('always-pending');
    let calls = 0;
    const pending: Facilitator = {
      verify: h.deps.facilitator.verify.bind(h.deps.facilitator),
      supported: h.deps.facilitator.supported.bind(h.deps.facilitator),
      async settle() {
        calls++;
        return { status: 'pending', reason: 'settlement_pending' };
      },
    };
    h.startWorkers({ facilitator: pending });
    await waitFor(async () => calls >= 2);
    const { rows } = await h.db.pool.query('SELECT status FROM payments WHERE id = $1', [paymentId]);
    expect(rows[0].status).toBe('pending');
    await h.stopWorkers();
    // Once the facilitator answers, the same payment settles.
    h.startWorkers();
    await reconcile({ db: h.db.pool, log: h.deps.log, settlement: h.deps.queues.settlement, reconcileAfterMs: 0 });
    await waitFor(async () => (await h.db.pool.query('SELECT status FROM payments WHERE id = $1', [paymentId])).rows[0].status === 'settled', 15000);
  });

  it('marks a payment the facilitator refuses as failed, frees the handle and credits nothing', async () => {
    const { agentId, paymentId } = await pendingRegistration('refused-bond');
    const refusing: Facilitator = {
      verify: h.deps.facilitator.verify.bind(h.deps.facilitator),
      supported: h.deps.facilitator.supported.bind(h.deps.facilitator),
      async settle() {
        return { status: 'invalid', reason: 'insufficient_funds' };
      },
    };
    h.startWorkers({ facilitator: refusing });
    await waitFor(async () => (await agentStatus(agentId)) === 'bond_failed');
    const { rows } = await h.db.pool.query('SELECT status, failure_reason FROM payments WHERE id = $1', [paymentId]);
    expect(rows[0]).toEqual({ status: 'failed', failure_reason: 'insufficient_funds' });
    const transfers = await h.db.pool.query(`SELECT count(*)::int AS n FROM ledger_transfers WHERE metadata->>'payment_id' = $1`, [paymentId]);
    expect(transfers.rows[0].n).toBe(0);
    const dir = await request(h.app).get('/api/v1/agents?q=refused-bond');
    expect(dir.body.count).toBe(0);
  });

  it('re-enqueues a payment whose queue job was lost, and it settles once', async () => {
    const { agentId, paymentId } = await pendingRegistration('lost-job');
    const job = await h.deps.queues.settlement.getJob(paymentId);
    await job?.remove();
    expect(await h.deps.queues.settlement.getJob(paymentId)).toBeUndefined();
    h.startWorkers();
    const result = await reconcile({ db: h.db.pool, log: h.deps.log, settlement: h.deps.queues.settlement, reconcileAfterMs: 0 });
    expect(result.requeued).toBeGreaterThanOrEqual(1);
    await waitFor(async () => (await agentStatus(agentId)) === 'active');
    const again = await reconcile({ db: h.db.pool, log: h.deps.log, settlement: h.deps.queues.settlement, reconcileAfterMs: 0 });
    expect(again.examined).toBe(0);
  });
});
