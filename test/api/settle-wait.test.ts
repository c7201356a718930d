import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../helpers/harness.js';
import { jsonPost, v2Client } from '../helpers/clients.js';
import { agentBody } from '../helpers/agents.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ SETTLE_WAIT_MS: '0' });
  h.startWorkers();
});
afterAll(async () => h?.close());

describe('SETTLE_WAIT_MS=0', () => {
  it('answers 202 at once instead of waiting for settlement, and the agent still activates', async () => {
    const res = await v2Client().fetch(`${h.baseUrl}/api/v1/agents/register`, jsonPost(agentBody('no-wait')));
    expect(res.status).toBe(202);
    const { agent } = await res.json();
    const until = Date.now() + 10_000;
    let status = agent.status;
    while (status !== 'active' && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 50));
      status = (await (await fetch(`${h.baseUrl}${res.headers.get('location')}`)).json()).agent.status;
    }
    expect(status).toBe('active');
    await h.assertLedger();
  });
});

describe('a settlement that could not be enqueued', () => {
  it('answers 202 at once (nothing will settle it before the reconciler) and keeps the payment pending', { timeout: 30_000 }, async () => {
    // A wait of a minute: were the answer to wait for settlement, this test would time out.
    const slow = await createHarness({ SETTLE_WAIT_MS: '60000' });
    try {
      slow.deps.redis.disconnect();
      const res = await v2Client().fetch(`${slow.baseUrl}/api/v1/agents/register`, jsonPost(agentBody('redis-away')));
      expect(res.status).toBe(202);
      const body = await res.json();
      expect(body.bond.status).toBe('pending');
      const { rows } = await slow.db.pool.query(`SELECT status FROM payments WHERE id = $1`, [body.bond.payment_id]);
      expect(rows[0].status).toBe('pending');
    } finally {
      await slow.deps.redis.connect().catch(() => {});
      await slow.close();
    }
  });
});
