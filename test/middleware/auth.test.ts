import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import express, { type Express } from 'express';
import request from 'supertest';
import { createHarness, ADMIN_TOKEN, type Harness } from '../helpers/harness.js';
import { registerAgent, type RegisteredAgent } from '../helpers/agents.js';
import { signedPaymentFor } from '../helpers/clients.js';
import { bearer, signature } from '../../api/middleware/auth.js';
import { errorHandler } from '../../api/middleware/errors.js';
import { acceptPayment } from '../../api/paid.js';
import { signatureHeader } from '../../shared/auth/signature.js';

let h: Harness;
let agent: RegisteredAgent;
let app: Express;

/** A small app with the real middleware: one signed route, one signed and paid route. */
function signedApp(): Express {
  const a = express();
  a.use(express.json({ verify: (req, _res, buf) => ((req as express.Request).rawBody = buf) }));
  a.post('/signed', bearer(h.deps), signature(h.deps), (req, res) => {
    res.json({ ok: true, as: req.principal?.kind === 'agent' ? req.principal.agent.handle : null });
  });
  a.post('/signed-paid', bearer(h.deps), signature(h.deps, { deferSpend: true }), async (req, res) => {
    const paid = await acceptPayment(h.deps, req, res, { amount: 10_000n, description: 'a signed, paid call' });
    if (paid) res.json({ ok: true });
  });
  a.use(errorHandler(h.deps.log));
  return a;
}

beforeAll(async () => {
  h = await createHarness();
  h.startWorkers();
  agent = await registerAgent(h.baseUrl, 'signer-agent');
  app = signedApp();
});
afterAll(async () => h?.close());

const body = { hello: 'world' };
const raw = JSON.stringify(body);
const now = () => Math.floor(Date.now() / 1000);
const post = (path: string, sig?: string, key = agent.apiKey) => {
  const r = request(app).post(path).set('Content-Type', 'application/json').set('Authorization', `Bearer ${key}`);
  return (sig ? r.set('X-Signature', sig) : r).send(raw);
};

describe('Bearer keys', () => {
  it('refuses a missing or unknown key with 401 and a WWW-Authenticate header', async () => {
    const none = await request(app).post('/signed').send(body);
    expect(none.status).toBe(401);
    expect(none.headers['www-authenticate']).toMatch(/^Bearer/);
    const unknown = await post('/signed', signatureHeader(agent.signingSecret, 'POST', '/signed', raw), 'ac_agent_nope');
    expect(unknown.status).toBe(401);
    expect(unknown.body.error.code).toBe('unauthorized');
  });

  it('stores keys hashed, never in plain text', async () => {
    const { rows } = await h.db.pool.query('SELECT api_key_hash FROM agents WHERE id = $1', [agent.id]);
    expect(rows[0].api_key_hash).toMatch(/^[0-9a-f]{64}$/);
    const dump = JSON.stringify((await h.db.pool.query('SELECT row_to_json(a)::text AS j FROM agents a')).rows);
    expect(dump).not.toContain(agent.apiKey);
    expect(dump).not.toContain(agent.signingSecret);
  });

  it('accepts the admin token as a principal of its own', async () => {
    const res = await request(h.app).patch(`/api/v1/agents/${agent.id}`).set('Authorization', `Bearer ${ADMIN_TOKEN}`).send({ featured: true });
    expect(res.status).toBe(200);
  });
});

describe('X-Signature', () => {
  it('accepts a fresh signature over the exact request', async () => {
    const res = await post('/signed', signatureHeader(agent.signingSecret, 'POST', '/signed', raw));
    expect(res.status).toBe(200);
    expect(res.body.as).toBe('signer-agent');
  });

  it('refuses a request without X-Signature', async () => {
    const res = await post('/signed');
    expect(res.status).toBe(401);
    expect(res.body.error.message).toMatch(/X-Signature/);
  });

  it('refuses a signature made with the wrong secret or over another body', async () => {
    const wrongSecret = await post('/signed', signatureHeader('ss_wrong', 'POST', '/signed', raw));
    expect(wrongSecret.status).toBe(401);
    const otherBody = await post('/signed', signatureHeader(agent.signingSecret, 'POST', '/signed', '{"hello":"mars"}'));
    expect(otherBody.status).toBe(401);
    expect(otherBody.body.error.message).toMatch(/does not match/);
  });

  it('refuses a malformed header', async () => {
    const res = await post('/signed', 'v1=abc,t=notanumber');
    expect(res.status).toBe(401);
  });

  it('refuses a stale signature and one from the future', async () => {
    // Well outside the 300 s tolerance: one second over failed when the server's clock had ticked
    // into the next second before it checked (the future signature then sat exactly at the limit).
    const stale = await post('/signed', signatureHeader(agent.signingSecret, 'POST', '/signed', raw, now() - 330));
    expect(stale.status).toBe(401);
    expect(stale.body.error.message).toMatch(/stale/);
    const future = await post('/signed', signatureHeader(agent.signingSecret, 'POST', '/signed', raw, now() + 330));
    expect(future.status).toBe(401);
    expect(future.body.error.message).toMatch(/future/);
  });

  it('refuses a replayed signature', async () => {
    const sig = signatureHeader(agent.signingSecret, 'POST', '/signed', raw, now() - 17);
    expect((await post('/signed', sig)).status).toBe(200);
    const replay = await post('/signed', sig);
    expect(replay.status).toBe(401);
    expect(replay.body.error.message).toMatch(/already used/);
  });

  it('does not spend a signature on a 402 challenge, so the paid retry with it succeeds once', async () => {
    const sig = signatureHeader(agent.signingSecret, 'POST', '/signed-paid', raw);
    const challenge = await post('/signed-paid', sig);
    expect(challenge.status).toBe(402);
    const header = await signedPaymentForApp();
    const paid = await post('/signed-paid', sig).set('PAYMENT-SIGNATURE', header);
    expect(paid.status).toBe(200);
    const replay = await post('/signed-paid', sig).set('PAYMENT-SIGNATURE', header);
    expect(replay.status).toBe(401);
  });
});

/** The official v2 client signs against /signed-paid's 402 (served on a port for the client). */
async function signedPaymentForApp(): Promise<string> {
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const port = (server.address() as { port: number }).port;
  try {
    const sig = signatureHeader(agent.signingSecret, 'POST', '/signed-paid', raw);
    return await signedPaymentFor(`http://127.0.0.1:${port}/signed-paid`, body, undefined, { Authorization: `Bearer ${agent.apiKey}`, 'X-Signature': sig });
  } finally {
    server.close();
  }
}
