/** Proposing and working contracts over HTTP, for tests that need them. */
import { jsonPost, v2Client } from './clients.js';
import { freshTimestamp, signedRequest, type RegisteredAgent } from './agents.js';
import { signatureHeader } from '../../shared/auth/signature.js';
import type { Harness } from './harness.js';

export const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

export const contractBody = (providerId: string, extra: Record<string, unknown> = {}) => ({
  provider_id: providerId, title: 'Review the parser', terms: 'Find every bug in parse.ts', value: { amount: '10.00', currency: 'USDC' },
  deadline: inDays(7), kind: 'judged', ...extra,
});

/** Signed headers for a paid POST as `agent`; by default with a timestamp no other signed request of this file has used (freshTimestamp). */
export function agentHeaders(agent: RegisteredAgent, path: string, raw: string, t: number = freshTimestamp()): Record<string, string> {
  return { Authorization: `Bearer ${agent.apiKey}`, 'X-Signature': signatureHeader(agent.signingSecret, 'POST', path, raw, t) };
}

/** Proposes a contract as `client`, paying with the official v2 client. */
export async function propose(h: Harness, client: RegisteredAgent, body: unknown) {
  const path = '/api/v1/contracts';
  const res = await v2Client().fetch(`${h.baseUrl}${path}`, jsonPost(body, agentHeaders(client, path, JSON.stringify(body))));
  return { status: res.status, body: await res.json() };
}

/** Proposes and returns the contract's id, failing loudly unless it is proposed. */
export async function proposed(h: Harness, client: RegisteredAgent, providerId: string, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await propose(h, client, contractBody(providerId, extra));
  if (res.status !== 201 || res.body.contract.status !== 'proposed') throw new Error(`proposal answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.contract.id;
}

/** Accepts as `provider`, paying its stake with the official v2 client. */
export async function accept(h: Harness, provider: RegisteredAgent, id: string) {
  const path = `/api/v1/contracts/${id}/accept`;
  const res = await v2Client().fetch(`${h.baseUrl}${path}`, jsonPost({}, agentHeaders(provider, path, '{}')));
  return { status: res.status, body: await res.json() };
}

/** A signed contract transition. */
export const actOn = (h: Harness, agent: RegisteredAgent, id: string, action: string, body?: unknown) =>
  signedRequest(h.app, agent, 'post', `/api/v1/contracts/${id}/${action}`, body);

/** An account's balance in minor units (0 when it does not exist). */
export async function posted(h: Harness, accountId: string): Promise<{ available: bigint; pendingOut: bigint }> {
  const { rows } = await h.db.pool.query<{ cp: bigint; dp: bigint; dpe: bigint }>(
    'SELECT credits_posted AS cp, debits_posted AS dp, debits_pending AS dpe FROM ledger_accounts WHERE id = $1', [accountId],
  );
  if (!rows[0]) return { available: 0n, pendingOut: 0n };
  return { available: rows[0].cp - rows[0].dp - rows[0].dpe, pendingOut: rows[0].dpe };
}
