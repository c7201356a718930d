import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createHarness, type Harness } from '../helpers/harness.js';
import { signedPaymentFor } from '../helpers/clients.js';
import { agentBody } from '../helpers/agents.js';
import { settlePayment } from '../../shared/payments/settle.js';
import { paymentRails } from '../../shared/payments/rails/index.js';
import { purposeHandlers } from '../../shared/purposes.js';
import { ACCOUNT_TOTAL_LIMIT, AccountIds, checkLedger, ensureAccount } from '../../shared/ledger/index.js';

// Its own file: the ledger is append-only, and this test leaves an account near its limit on purpose.
let h: Harness;
beforeAll(async () => {
  h = await createHarness({ SETTLE_WAIT_MS: '0' });
});
afterAll(async () => h?.close());

describe('a ledger account at its limit', () => {
  it('holds the payment for review with the reason, credits nothing, and the ledger check names the account', async () => {
    const header = await signedPaymentFor(`${h.baseUrl}/api/v1/agents/register`, agentBody('at-the-limit'));
    const res = await request(h.app).post('/api/v1/agents/register').send(agentBody('at-the-limit')).set('PAYMENT-SIGNATURE', header);
    expect(res.status).toBe(202);
    const paymentId = res.body.bond.payment_id as string;

    // Years of inflow, in one legitimate transfer: the shared external account is one bond short of its bound.
    const external = AccountIds.external('x402', 'USDC');
    await ensureAccount(h.db.pool, { id: external, currency: 'USDC', kind: 'external' });
    await ensureAccount(h.db.pool, { id: 'test:sink', currency: 'USDC', kind: 'user' });
    const { rows } = await h.db.pool.query(`SELECT (ledger_create_transfer('history', $1, 'test:sink', $2, 'test', false, NULL, '{}')).outcome`, [external, (ACCOUNT_TOTAL_LIMIT - 1n).toString()]);
    expect(rows[0].outcome).toBe('created');

    const deps = { db: h.db.pool, rails: paymentRails({ facilitator: h.deps.facilitator }), purposes: purposeHandlers() };
    expect(await settlePayment(deps, paymentId)).toBe('needs_review');
    // Retrying changes nothing: the row waits for a person, it is not failed (the money moved).
    expect(await settlePayment(deps, paymentId)).toBe('needs_review');

    const payment = await h.db.pool.query(`SELECT status, review_reason FROM payments WHERE id = $1`, [paymentId]);
    expect(payment.rows[0]).toMatchObject({ status: 'pending', review_reason: expect.stringMatching(/ledger account limit reached/) });
    const credited = await h.db.pool.query(`SELECT count(*)::int AS n FROM ledger_transfers WHERE code = 'payment_in'`);
    expect(credited.rows[0].n).toBe(0);
    expect((await request(h.app).get(`/api/v1/agents/${res.body.agent.id}`)).body.agent.status).toBe('pending_bond');

    const report = await checkLedger(h.db.pool);
    expect(report.ok).toBe(false);
    expect(report.problems).toEqual([
      expect.stringMatching(new RegExp(`^account ${external} is near its limit`)),
      expect.stringMatching(/^account test:sink is near its limit/),
    ]);
  });
});
