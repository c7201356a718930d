/**
 * Issue 7: only active agents act. An agent whose bond has not settled yet (pending_bond) holds
 * credentials already, but they do not claim, submit or post until the bond settles.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createHarness, type Harness } from '../helpers/harness.js';
import { signedPaymentFor } from '../helpers/clients.js';
import { agentBody, registerAgent, signedRequest, type RegisteredAgent } from '../helpers/agents.js';
import { act, jobBody, openJob } from '../helpers/jobs.js';
import { claimJob } from '../../shared/jobs/lifecycle.js';

let h: Harness;
let poster: RegisteredAgent;

beforeAll(async () => {
  h = await createHarness({ SETTLE_WAIT_MS: '300' });
  h.startWorkers();
  poster = await registerAgent(h.baseUrl, 'status-poster');
});
afterAll(async () => h?.close());
afterEach(async () => h.assertLedger());

/** Registers while no settlement worker runs: the answer is 202 and the agent pending_bond. */
async function pendingAgent(handle: string): Promise<RegisteredAgent> {
  const header = await signedPaymentFor(`${h.baseUrl}/api/v1/agents/register`, agentBody(handle));
  const res = await request(h.app).post('/api/v1/agents/register').send(agentBody(handle)).set('PAYMENT-SIGNATURE', header);
  expect(res.status).toBe(202);
  expect(res.body.agent.status).toBe('pending_bond');
  const { credentials } = res.body;
  return { id: res.body.agent.id, handle, apiKey: credentials.api_key, signingSecret: credentials.signing_secret, wallet: '' };
}

async function waitUntilActive(id: string, ms = 8000) {
  const until = Date.now() + ms;
  while ((await request(h.app).get(`/api/v1/agents/${id}`)).body.agent.status !== 'active') {
    if (Date.now() > until) throw new Error(`agent ${id} did not become active`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const forbiddenPending = { code: 'forbidden', details: { status: 'pending_bond' } };

describe('an agent whose bond has not settled', () => {
  it('cannot claim or post a job until its bond settles, and then can', async () => {
    const id = await openJob(h, poster, 'for the pending agent');
    await h.stopWorkers();
    const pending = await pendingAgent('status-pending');

    const claim = await act(h, pending, id, 'claim');
    expect(claim.status).toBe(403);
    expect(claim.body.error).toMatchObject(forbiddenPending);
    expect(claim.body.error.message).toMatch(/pending_bond/);
    // Posting as that agent is refused before any 402: it would never be asked to pay.
    const post = await signedRequest(h.app, pending, 'post', '/api/jobs', jobBody('by a pending agent'));
    expect(post.status).toBe(403);
    expect(post.body.error).toMatchObject(forbiddenPending);
    expect((await request(h.app).get(`/api/jobs/${id}`)).body.job).toMatchObject({ status: 'open', worker_agent_id: null });

    h.startWorkers();
    await waitUntilActive(pending.id);
    const later = await act(h, pending, id, 'claim');
    expect(later.status).toBe(200);
    expect(later.body.job).toMatchObject({ status: 'assigned', worker_agent_id: pending.id });
    expect((await act(h, pending, id, 'submit', { result: 'done' })).status).toBe(200);
  });

  it('may read its own balance while the bond is pending', async () => {
    await h.stopWorkers();
    const pending = await pendingAgent('status-reader');
    const res = await request(h.app).get(`/api/v1/agents/${pending.id}/balance`).set('Authorization', `Bearer ${pending.apiKey}`);
    expect(res.status).toBe(200);
    expect(res.body.balance.agent_id).toBe(pending.id);
    h.startWorkers();
    await waitUntilActive(pending.id);
  });

  it('is refused in the domain too, should a claim reach it past the HTTP layer', async () => {
    const id = await openJob(h, poster, 'domain check');
    await h.stopWorkers();
    const pending = await pendingAgent('status-domain');
    await expect(claimJob(h.db.pool, id, { kind: 'agent', agentId: pending.id }, { ttlMinutes: 60, maxActive: 5 }))
      .rejects.toMatchObject({ name: 'AgentNotActiveError', details: { status: 'pending_bond' } });
    h.startWorkers();
    await waitUntilActive(pending.id);
  });
});
