/**
 * Webhooks against a real receiver on loopback (allowed outside production): signed bodies,
 * retries with backoff, redirects not followed, time-outs, the failed state and a redelivery,
 * the reconciler after Redis lost a job, and the event list an agent polls.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { createHarness, type Harness } from '../helpers/harness.js';
import { registerAgent, signedRequest, type RegisteredAgent } from '../helpers/agents.js';
import { computeSignature, parseSignatureHeader, signatureHeader } from '../../shared/auth/signature.js';
import { recordEvent } from '../../shared/events.js';
import { dispatchWebhooks, reconcileWebhooks } from '../../workers/maintenance.js';
import { webhookJobId, webhookRetry } from '../../queues/webhooks.js';
import { guardedLookup, postWebhook, WebhookRefusedError } from '../../shared/webhooks/deliver.js';

interface Received { path: string; headers: http.IncomingHttpHeaders; body: string }
type Mode = (n: number, res: http.ServerResponse) => void;

const ok: Mode = (_n, res) => res.writeHead(200).end('ok');
let mode: Mode = ok;
let received: Received[] = [];
let receiver: http.Server;
let hookUrl: string;
let h: Harness;
let alice: RegisteredAgent;
let bob: RegisteredAgent;

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function delivery(eventId: string, agentId: string) {
  const { rows } = await h.db.pool.query('SELECT * FROM webhook_deliveries WHERE event_id = $1 AND agent_id = $2', [eventId, agentId]);
  return rows[0];
}

async function settled(eventId: string, agentId: string) {
  return until(`delivery ${eventId}`, async () => {
    const d = await delivery(eventId, agentId);
    return d && d.status !== 'pending' ? d : undefined;
  });
}

/** Writes an event for `agent` the way domain code does, and runs the outbox pass. */
async function emit(agent: RegisteredAgent, type = 'job.claimed'): Promise<string> {
  await recordEvent(h.db.pool, type, 'job_test', [agent.id], { job_id: 'job_test', status: 'assigned' });
  const { rows } = await h.db.pool.query<{ id: string }>('SELECT max(id)::text AS id FROM events');
  await dispatch();
  return rows[0].id;
}

const dispatch = () => dispatchWebhooks({ db: h.db.pool, log: h.deps.log, webhooks: { queue: h.webhookQueue, retry: webhookRetry(h.config) } });

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      mode(received.length, res);
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', () => r()));
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/agent?src=test`;
  h = await createHarness({ WEBHOOK_RETRY_BASE_MS: '40', WEBHOOK_MAX_ATTEMPTS: '3', WEBHOOK_TIMEOUT_MS: '500' });
  h.startWorkers();
  alice = await registerAgent(h.baseUrl, 'alice-hooks', { webhook_url: hookUrl });
  bob = await registerAgent(h.baseUrl, 'bob-polls');
});

afterAll(async () => {
  await h?.close();
  receiver.closeAllConnections();
  await new Promise((r) => receiver.close(r));
});

beforeEach(async () => {
  mode = ok;
  await dispatch(); // the registrations' own events, out of the way
  await until('quiet', async () => ((await h.db.pool.query("SELECT 1 FROM webhook_deliveries WHERE status = 'pending'")).rowCount ? undefined : true));
  received = [];
});

describe('webhook delivery', () => {
  it('posts the event signed with the agent\'s signing secret over the exact body, with its id in a header', async () => {
    const id = await emit(alice);
    const d = await settled(id, alice.id);
    expect(d).toMatchObject({ status: 'delivered', attempts: 1, last_status: 200 });
    expect(received).toHaveLength(1);
    const [got] = received;
    expect(got.path).toBe('/hooks/agent?src=test');
    expect(got.headers['x-event-id']).toBe(`evt_${id}`);
    expect(got.headers['x-event-type']).toBe('job.claimed');
    const body = JSON.parse(got.body);
    expect(body).toMatchObject({ id: `evt_${id}`, type: 'job.claimed', subject_id: 'job_test', data: { status: 'assigned' } });
    const sig = parseSignatureHeader(String(got.headers['x-signature']))!;
    expect(Math.abs(sig.t - Date.now() / 1000)).toBeLessThan(30);
    expect(sig.v1).toBe(computeSignature(alice.signingSecret, sig.t, 'POST', '/hooks/agent?src=test', got.body));
  });

  it('sends nothing to agents without a webhook_url, yet lists their events', async () => {
    await recordEvent(h.db.pool, 'job.claimed', 'job_x', [bob.id], {});
    expect((await dispatch()).dispatched).toBe(0);
    const res = await request(h.app).get(`/api/v1/agents/${bob.id}/events`).set('Authorization', `Bearer ${bob.apiKey}`);
    expect(res.status).toBe(200);
    expect(res.body.events[0]).toMatchObject({ type: 'job.claimed', subject_id: 'job_x', delivery: null });
  });

  it('retries a failing receiver with backoff until a 2xx marks the delivery delivered', async () => {
    mode = (n, res) => res.writeHead(n < 3 ? 503 : 204).end();
    const id = await emit(alice);
    expect(await settled(id, alice.id)).toMatchObject({ status: 'delivered', attempts: 3, last_status: 204, last_error: null });
    expect(received.map((r) => r.headers['x-event-id'])).toEqual([`evt_${id}`, `evt_${id}`, `evt_${id}`]);
  });

  it('does not follow a redirect, and after the last attempt the delivery stays failed and visible', async () => {
    let elsewhere = 0;
    mode = (_n, res) => res.writeHead(302, { Location: `${hookUrl}&redirected=1` }).end();
    const id = await emit(alice);
    const d = await settled(id, alice.id);
    expect(d).toMatchObject({ status: 'failed', attempts: 3, last_status: 302 });
    expect(d.last_error).toMatch(/redirects are not followed/);
    elsewhere = received.filter((r) => r.path.includes('redirected')).length;
    expect(elsewhere).toBe(0);
    const list = await request(h.app).get(`/api/v1/agents/${alice.id}/events?type=job`).set('Authorization', `Bearer ${alice.apiKey}`);
    expect(list.body.events.find((e: { id: string }) => e.id === `evt_${id}`).delivery).toMatchObject({ status: 'failed', attempts: 3 });
  });

  it('gives up on a receiver that does not answer in time', async () => {
    mode = () => {}; // never answers
    const id = await emit(alice);
    const d = await settled(id, alice.id);
    expect(d).toMatchObject({ status: 'failed', attempts: 3, last_status: null });
    expect(d.last_error).toMatch(/no answer within 500 ms/);
  });

  it('redelivers a failed event on the agent\'s signed request, with a fresh set of attempts', async () => {
    mode = (_n, res) => res.writeHead(500).end();
    const id = await emit(alice);
    expect((await settled(id, alice.id)).status).toBe('failed');
    mode = ok;
    const res = await signedRequest(h.app, alice, 'post', `/api/v1/agents/${alice.id}/events/evt_${id}/redeliver`);
    expect(res.status).toBe(202);
    expect(res.body.event.delivery.status).toBe('pending');
    expect(await settled(id, alice.id)).toMatchObject({ status: 'delivered', attempts: 1 });
    // Another agent's key, and an unsigned request, are refused.
    expect((await signedRequest(h.app, bob, 'post', `/api/v1/agents/${alice.id}/events/evt_${id}/redeliver`)).status).toBe(403);
    expect((await request(h.app).post(`/api/v1/agents/${alice.id}/events/evt_${id}/redeliver`).set('Authorization', `Bearer ${alice.apiKey}`)).status).toBe(401);
  });

  it('re-enqueues a pending delivery whose job Redis lost, and sends it once', async () => {
    await h.stopWorkers();
    const id = await emit(alice);
    const job = await h.webhookQueue.getJob(webhookJobId({ eventId: id, agentId: alice.id }));
    await job!.remove(); // as if Redis had been flushed
    const first = await reconcileWebhooks({ db: h.db.pool, log: h.deps.log, settlement: h.deps.queues.settlement, reconcileAfterMs: 0, webhooks: { queue: h.webhookQueue, retry: webhookRetry(h.config) } });
    expect(first.requeued).toBe(1);
    h.startWorkers();
    expect((await settled(id, alice.id)).status).toBe('delivered');
    expect(received.filter((r) => r.headers['x-event-id'] === `evt_${id}`)).toHaveLength(1);
  });
});

describe('SSRF guards in production', () => {
  it('refuses a loopback receiver before connecting, and for good', async () => {
    const result = await postWebhook({ url: hookUrl.replace('http:', 'https:'), body: '{}', signingSecret: 's', eventId: 'evt_1', eventType: 'x', timeoutMs: 500, production: true });
    expect(result).toMatchObject({ ok: false, permanent: true });
    const plain = await postWebhook({ url: hookUrl, body: '{}', signingSecret: 's', eventId: 'evt_1', eventType: 'x', timeoutMs: 500, production: true });
    expect(plain).toMatchObject({ ok: false, permanent: true });
    expect(received).toHaveLength(0);
  });

  it('checks every address a name resolves to at delivery time', async () => {
    const err = await new Promise<Error | null>((resolve) => guardedLookup(true)('localhost', {}, (e) => resolve(e)));
    expect(err).toBeInstanceOf(WebhookRefusedError);
    expect(err!.message).toMatch(/loopback/);
    const allowed = await new Promise<Error | null>((resolve) => guardedLookup(false)('localhost', {}, (e) => resolve(e)));
    expect(allowed).toBeNull();
  });
});

describe('the event list and the webhook setting', () => {
  it('pages an agent\'s events newest first with an opaque cursor, and filters by family', async () => {
    for (const t of ['job.opened', 'job.claimed', 'job.submitted']) await recordEvent(h.db.pool, t, 'job_page', [bob.id], {});
    const auth = { Authorization: `Bearer ${bob.apiKey}` };
    const first = await request(h.app).get(`/api/v1/agents/${bob.id}/events?limit=2&type=job`).set(auth);
    expect(first.body.events.map((e: { type: string }) => e.type)).toEqual(['job.submitted', 'job.claimed']);
    const second = await request(h.app).get(`/api/v1/agents/${bob.id}/events?limit=2&type=job&cursor=${first.body.next_cursor}`).set(auth);
    expect(second.body.events[0].type).toBe('job.opened');
    expect((await request(h.app).get(`/api/v1/agents/${bob.id}/events?cursor=bogus`).set(auth)).status).toBe(400);
    expect((await request(h.app).get(`/api/v1/agents/${bob.id}/events`).set('Authorization', `Bearer ${alice.apiKey}`)).status).toBe(403);
    expect((await request(h.app).get(`/api/v1/agents/${bob.id}/events`)).status).toBe(401);
  });

  it('lets an agent set and clear its own webhook_url with a signed PATCH', async () => {
    const patch = (agent: RegisteredAgent, body: unknown) => {
      const raw = JSON.stringify(body);
      const path = `/api/v1/agents/${agent.id}/webhook`;
      return request(h.app).patch(path).set('Authorization', `Bearer ${agent.apiKey}`).set('Content-Type', 'application/json')
        .set('X-Signature', signatureHeader(agent.signingSecret, 'PATCH', path, raw)).send(raw);
    };
    const set = await patch(bob, { webhook_url: hookUrl });
    expect(set.status).toBe(200);
    expect(set.body.webhook_url).toBe(hookUrl);
    const id = await emit(bob);
    expect((await settled(id, bob.id)).status).toBe('delivered');
    expect((await patch(bob, { webhook_url: 'ftp://x.example/' })).status).toBe(400);
    const cleared = await patch(bob, { webhook_url: null });
    expect(cleared.body.webhook_url).toBeNull();
  });
});
