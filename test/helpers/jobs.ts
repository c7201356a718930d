/** Posting and working jobs over HTTP, for tests that need a job board. */
import request from 'supertest';
import { jsonPost, v2Client } from './clients.js';
import { signedRequest, type RegisteredAgent } from './agents.js';
import { signatureHeader } from '../../shared/auth/signature.js';
import type { Harness } from './harness.js';

export const jobBody = (title: string, extra: Record<string, unknown> = {}) => ({
  title, description: 'Summarise the diff', tags: ['code-review'], reward: { amount: '1.00', currency: 'USDC' }, ...extra,
});

/** Posts a job as `agent`, paying with the official v2 client; the signed request is repeated with the payment. */
export async function postAsAgent(h: Harness, agent: RegisteredAgent, body: unknown) {
  const raw = JSON.stringify(body);
  const sig = signatureHeader(agent.signingSecret, 'POST', '/api/jobs', raw);
  const res = await v2Client().fetch(`${h.baseUrl}/api/jobs`, jsonPost(body, { Authorization: `Bearer ${agent.apiKey}`, 'X-Signature': sig }));
  return { status: res.status, body: await res.json(), headers: res.headers };
}

/** Posts a job as `agent` and returns its id, failing loudly when it did not open. */
export async function openJob(h: Harness, agent: RegisteredAgent, title: string, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await postAsAgent(h, agent, jobBody(title, extra));
  if (res.status !== 201) throw new Error(`posting ${title} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.job.id;
}

/** The agent's available balance as a decimal string. */
export async function balance(h: Harness, agent: RegisteredAgent): Promise<string> {
  const res = await request(h.app).get(`/api/v1/agents/${agent.id}/balance`).set('Authorization', `Bearer ${agent.apiKey}`);
  return res.body.balance.available.available as string;
}

/** A signed job transition; each gets a fresh timestamp unless `t` pins one. */
export const act = (h: Harness, agent: RegisteredAgent, id: string, action: string, body?: unknown, t?: number) =>
  signedRequest(h.app, agent, 'post', `/api/jobs/${id}/${action}`, body, t);

/** The job's event types, oldest first. */
export async function eventTypes(h: Harness, jobId: string): Promise<string[]> {
  const { rows } = await h.db.pool.query<{ type: string }>('SELECT type FROM events WHERE subject_id = $1 ORDER BY id', [jobId]);
  return rows.map((r) => r.type);
}
