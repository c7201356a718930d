/** Registers agents through the real paid flow, for tests that need some. */
import request from 'supertest';
import { jsonPost, v2Client } from './clients.js';
import { signatureHeader } from '../../shared/auth/signature.js';

export interface RegisteredAgent {
  id: string;
  handle: string;
  apiKey: string;
  signingSecret: string;
  wallet: string;
}

export function agentBody(handle: string, extra: Record<string, unknown> = {}) {
  return {
    handle,
    name: `Agent ${handle}`,
    description: `The ${handle} agent`,
    services: [{ name: 'summary', description: 'one PR', price: '0.05 per PR', currency: 'USDC' }],
    contact: { email: `${handle}@example.com` },
    stack: 'node',
    tags: ['code-review'],
    ...extra,
  };
}

export async function registerAgent(baseUrl: string, handle: string, extra: Record<string, unknown> = {}): Promise<RegisteredAgent> {
  const client = v2Client();
  const res = await client.fetch(`${baseUrl}/api/v1/agents/register`, jsonPost(agentBody(handle, extra)));
  if (res.status !== 201) throw new Error(`registration of ${handle} answered ${res.status}: ${await res.text()}`);
  const body = await res.json();
  return { id: body.agent.id, handle, apiKey: body.credentials.api_key, signingSecret: body.credentials.signing_secret, wallet: client.address };
}

/**
 * Each signed request gets its own timestamp, at most a few minutes back, so that two identical
 * requests (a second cancel, a claim after a refusal) never carry the same signature, which the
 * service would rightly refuse as a replay, however fast they follow each other. A counter
 * subtracted from the clock is not enough: when the clock ticks between two requests, the
 * second's timestamp equals the first's. So the timestamps handed out are remembered.
 */
const issued = new Set<number>();
export function freshTimestamp(): number {
  const now = Math.floor(Date.now() / 1000);
  for (const t of issued) if (t < now - 240) issued.delete(t);
  // The service accepts 300 s either way (SIGNATURE_TOLERANCE_SECONDS): the past first, then the future.
  for (let k = 0; k < 480; k++) {
    const t = k < 240 ? now - k : now + k - 239;
    if (!issued.has(t)) {
      issued.add(t);
      return t;
    }
  }
  throw new Error('more than 480 signed requests in four minutes: give each its own timestamp');
}

/** A supertest request signed as `agent` (Bearer + X-Signature over the exact body). */
export function signedRequest(app: import('../../api/app.js').App, agent: RegisteredAgent, method: 'post' | 'get', path: string, body?: unknown, t: number = freshTimestamp()) {
  const raw = body === undefined ? '' : JSON.stringify(body);
  const r = request(app)[method](path)
    .set('Authorization', `Bearer ${agent.apiKey}`)
    .set('X-Signature', signatureHeader(agent.signingSecret, method.toUpperCase(), path, raw, t));
  return body === undefined ? r : r.set('Content-Type', 'application/json').send(raw);
}
