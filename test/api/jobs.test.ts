import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { ADMIN_TOKEN, createHarness, type Harness } from '../helpers/harness.js';
import { jsonPost, signedPaymentFor, v1Client, v2Client } from '../helpers/clients.js';
import { registerAgent, signedRequest, type RegisteredAgent } from '../helpers/agents.js';
import { act, balance, jobBody, postAsAgent } from '../helpers/jobs.js';
import { expireDueJobs } from '../../workers/maintenance.js';

let h: Harness;
let poster: RegisteredAgent;
let worker: RegisteredAgent;
let other: RegisteredAgent;

beforeAll(async () => {
  h = await createHarness();
  h.startWorkers();
  [poster, worker, other] = [await registerAgent(h.baseUrl, 'job-poster'), await registerAgent(h.baseUrl, 'job-worker'), await registerAgent(h.baseUrl, 'job-other')];
});
afterAll(async () => h?.close());
afterEach(async () => h.assertLedger());

describe('posting a job', () => {
  it('asks for the posting fee plus the reward', async () => {
    const res = await request(h.app).post('/api/jobs').send(jobBody('quote'));
    expect(res.status).toBe(402);
    expect(res.body.accepts[0].maxAmountRequired).toBe('1100000');
  });

  it.each([
    ['a negative reward', { reward: { amount: '-1.00', currency: 'USDC' } }, 'reward.amount'],
    ['an over-precise reward', { reward: { amount: '1.0000001', currency: 'USDC' } }, 'reward.amount'],
    ['a reward given as a number', { reward: { amount: 1, currency: 'USDC' } }, 'reward.amount'],
    ['another currency', { reward: { amount: '1.00', currency: 'EUR' } }, 'reward.currency'],
    ['a deadline in the past', { deadline: '2020-01-01T00:00:00Z' }, 'deadline'],
    ['an unknown field', { colour: 'blue' }, '(root)'],
    ['a reward over MAX_PAYMENT_USDC', { reward: { amount: '999999999999', currency: 'USDC' } }, 'reward.amount'],
    ['a reward plus fee just over MAX_PAYMENT_USDC', { reward: { amount: '9999.95', currency: 'USDC' } }, 'reward.amount'],
    ['a NUL character in the title', { title: 'bad\u0000title' }, 'title'],
    ['a lone surrogate in the description', { description: 'half \ud800 a pair' }, 'description'],
  ])('refuses %s with 400 before any 402', async (_name, extra, path) => {
    const res = await request(h.app).post('/api/jobs').send(jobBody('bad', extra));
    expect(res.status).toBe(400);
    expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain(path);
  });

  it('opens an anonymous job paid by the v1 client, attributed to the wallet, with a job key', async () => {
    const client = v1Client();
    const res = await client.fetch(`${h.baseUrl}/api/jobs`, jsonPost(jobBody('anonymous job')));
    expect(res.status).toBe(201);
    expect(res.headers.get('x-payment-response')).toBeTruthy();
    const body = await res.json();
    expect(body.job).toMatchObject({ status: 'open', poster: { kind: 'wallet', agent_id: null, wallet: client.address.toLowerCase() } });
    expect(body.credentials.job_key).toMatch(/^ac_job_/);
  });

  it('keeps no job key for an Idempotency-Key replay, and gives a stranger without the payment nothing', async () => {
    const body = jobBody('idempotent anonymous job');
    const header = await signedPaymentFor(`${h.baseUrl}/api/jobs`, body);
    const first = await request(h.app).post('/api/jobs').set('PAYMENT-SIGNATURE', header).set('Idempotency-Key', 'anon-job-1').send(body);
    expect(first.status).toBe(201);
    const jobKey = first.body.credentials.job_key;
    const stranger = await request(h.app).post('/api/jobs').set('Idempotency-Key', 'anon-job-1').send(body);
    expect(stranger.status).toBe(409);
    const again = await request(h.app).post('/api/jobs').set('PAYMENT-SIGNATURE', header).set('Idempotency-Key', 'anon-job-1').send(body);
    expect(again.status).toBe(201);
    expect(again.body.job.id).toBe(first.body.job.id);
    expect(again.body.credentials).toBeNull();
    expect(JSON.stringify(again.body)).not.toContain(jobKey);
  });

  it('opens a job posted by an agent with Bearer and X-Signature, paid by the v2 client', async () => {
    const res = await postAsAgent(h, poster, jobBody('agent job'));
    expect(res.status).toBe(201);
    expect(res.headers.get('payment-response')).toBeTruthy();
    expect(res.body.job).toMatchObject({ status: 'open', poster: { kind: 'agent', agent_id: poster.id }, reward: { amount: '1.00', currency: 'USDC' } });
    expect(res.body.credentials).toBeUndefined();
  });

  it('refuses an agent post whose signature does not match, before any 402', async () => {
    const res = await request(h.app).post('/api/jobs').set('Authorization', `Bearer ${poster.apiKey}`).set('X-Signature', `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`).send(jobBody('forged'));
    expect(res.status).toBe(401);
  });

  it('creates at most one job from one payment, however many requests carry it at once', async () => {
    const header = await signedPaymentFor(`${h.baseUrl}/api/jobs`, jobBody('one payment'));
    const before = (await h.db.pool.query('SELECT count(*)::int AS n FROM jobs')).rows[0].n;
    const results = await Promise.all(Array.from({ length: 16 }, () => request(h.app).post('/api/jobs').set('PAYMENT-SIGNATURE', header).send(jobBody('one payment'))));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 402).every((r) => r.body.error === 'payment_already_used')).toBe(true);
    const after = (await h.db.pool.query('SELECT count(*)::int AS n FROM jobs')).rows[0].n;
    expect(after - before).toBe(1);
  });
});

describe('listing jobs', () => {
  it('lists newest first in the {success, count, jobs} envelope with filters and a cursor', async () => {
    await postAsAgent(h, poster, jobBody('list-a', { tags: ['listing'] }));
    await postAsAgent(h, poster, jobBody('list-b', { tags: ['listing'] }));
    const res = await request(h.app).get('/api/jobs?tag=listing&limit=1');
    expect(Object.keys(res.body)).toEqual(['success', 'count', 'jobs', 'next_cursor']);
    expect(res.body.jobs[0].title).toBe('list-b');
    const next = await request(h.app).get(`/api/jobs?tag=listing&limit=1&cursor=${res.body.next_cursor}`);
    expect(next.body.jobs[0].title).toBe('list-a');
    const byHandle = await request(h.app).get('/api/jobs?poster=job-poster&status=open');
    expect(byHandle.body.jobs.every((j: { poster: { agent_id: string } }) => j.poster.agent_id === poster.id)).toBe(true);
    expect((await request(h.app).get('/api/jobs?status=nonsense')).status).toBe(400);
  });
});

describe('working a job', () => {
  it('pays the worker the reward minus the completion fee when the poster accepts', async () => {
    const { body } = await postAsAgent(h, poster, jobBody('full flow', { reward: { amount: '2.00', currency: 'USDC' } }));
    const id = body.job.id;
    const workerBefore = await balance(h, worker);
    expect((await act(h, worker, id, 'claim')).body.job).toMatchObject({ status: 'assigned', worker_agent_id: worker.id });
    const submitted = await act(h, worker, id, 'submit', { result: 'LGTM with two nits', url: 'https://example.com/review/1' });
    expect(submitted.body.job).toMatchObject({ status: 'submitted', result: { text: 'LGTM with two nits', url: 'https://example.com/review/1' } });
    const accepted = await act(h, poster, id, 'accept');
    expect(accepted.status).toBe(200);
    expect(accepted.body.job.status).toBe('completed');
    // 2.00 minus 2.5 % = 1.95
    expect(Number(await balance(h, worker)) - Number(workerBefore)).toBeCloseTo(1.95, 6);
    const events = await h.db.pool.query('SELECT type FROM events WHERE subject_id = $1 ORDER BY id', [id]);
    expect(events.rows.map((r) => r.type)).toEqual(['job.created', 'job.claimed', 'job.submitted', 'job.completed']);
  });

  it('answers 409 naming the current state for an illegal transition', async () => {
    const { body } = await postAsAgent(h, poster, jobBody('illegal'));
    const res = await act(h, poster, body.job.id, 'accept');
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'conflict', details: { current_state: 'open' } });
    expect(res.body.error.message).toMatch(/job is open; cannot accept/);
  });

  it('lets one of two racing claims win and tells the other the job is assigned', async () => {
    const { body } = await postAsAgent(h, poster, jobBody('race'));
    const [a, b] = await Promise.all([act(h, worker, body.job.id, 'claim'), act(h, other, body.job.id, 'claim')]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect([a, b].find((r) => r.status === 409)!.body.error.details.current_state).toBe('assigned');
  });

  it('refuses actions by the wrong party with 403', async () => {
    const { body } = await postAsAgent(h, poster, jobBody('parties'));
    expect((await act(h, poster, body.job.id, 'claim')).status).toBe(403);
    await act(h, worker, body.job.id, 'claim');
    expect((await act(h, other, body.job.id, 'submit', { result: 'not mine' })).status).toBe(403);
    await act(h, worker, body.job.id, 'submit', { result: 'done' });
    expect((await act(h, worker, body.job.id, 'accept')).status).toBe(403);
  });

  it('refunds the escrow when the poster cancels an open job', async () => {
    const before = await balance(h, poster);
    const { body } = await postAsAgent(h, poster, jobBody('cancel me'));
    const res = await act(h, poster, body.job.id, 'cancel');
    expect(res.body.job.status).toBe('cancelled');
    // The reward came back; the posting fee stays with the service.
    expect(Number(await balance(h, poster)) - Number(before)).toBeCloseTo(1.0, 6);
    // A second, freshly signed cancel finds it cancelled (the same signature again would be a replay).
    const again = await signedRequest(h.app, poster, 'post', `/api/jobs/${body.job.id}/cancel`);
    expect(again.status).toBe(409);
  });

  it('lets an anonymous poster manage its job with the job key', async () => {
    const res = await v2Client().fetch(`${h.baseUrl}/api/jobs`, jsonPost(jobBody('anonymous flow')));
    const { job, credentials } = await res.json();
    await act(h, worker, job.id, 'claim');
    await act(h, worker, job.id, 'submit', { result: 'done' });
    const wrongKey = await request(h.app).post(`/api/jobs/${job.id}/accept`).set('Authorization', 'Bearer ac_job_wrong');
    expect(wrongKey.status).toBe(403);
    const accepted = await request(h.app).post(`/api/jobs/${job.id}/accept`).set('Authorization', `Bearer ${credentials.job_key}`);
    expect(accepted.body.job.status).toBe('completed');
  });

  it('lets the admin resolve a dispute for either side', async () => {
    for (const winner of ['worker', 'poster'] as const) {
      const { body } = await postAsAgent(h, poster, jobBody(`dispute-${winner}`));
      await act(h, worker, body.job.id, 'claim');
      await act(h, worker, body.job.id, 'submit', { result: 'half done' });
      const disputed = await act(h, poster, body.job.id, 'dispute', { reason: 'incomplete' });
      expect(disputed.body.job).toMatchObject({ status: 'disputed', dispute_reason: 'incomplete' });
      const asAgent = await request(h.app).post(`/api/jobs/${body.job.id}/resolve`).set('Authorization', `Bearer ${poster.apiKey}`).send({ winner });
      expect(asAgent.status).toBe(403);
      const resolved = await request(h.app).post(`/api/jobs/${body.job.id}/resolve`).set('Authorization', `Bearer ${ADMIN_TOKEN}`).send({ winner });
      expect(resolved.body.job).toMatchObject({ status: 'resolved', resolution: winner });
    }
  });

  it('expires a job past its deadline and refunds the poster', async () => {
    const before = await balance(h, poster);
    const { body } = await postAsAgent(h, poster, jobBody('deadline', { deadline: new Date(Date.now() + 1500).toISOString() }));
    await new Promise((r) => setTimeout(r, 1600));
    expect((await act(h, worker, body.job.id, 'claim')).status).toBe(409);
    const { expired } = await expireDueJobs({ db: h.db.pool, log: h.deps.log });
    expect(expired).toBeGreaterThanOrEqual(1);
    expect((await request(h.app).get(`/api/jobs/${body.job.id}`)).body.job.status).toBe('expired');
    expect(Number(await balance(h, poster)) - Number(before)).toBeCloseTo(1.0, 6);
  });

  it("shows an agent only its own balance", async () => {
    const res = await request(h.app).get(`/api/v1/agents/${poster.id}/balance`).set('Authorization', `Bearer ${worker.apiKey}`);
    expect(res.status).toBe(403);
    const own = await request(h.app).get(`/api/v1/agents/${poster.id}/balance`).set('Authorization', `Bearer ${poster.apiKey}`);
    expect(own.body.balance.bond).toMatchObject({ available: '5.00', currency: 'USDC' });
  });
});
