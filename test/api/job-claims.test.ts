/**
 * Issue 7, job squatting: a claim lapses after JOB_CLAIM_TTL_MINUTES, the poster can unassign,
 * and an agent holds at most MAX_ACTIVE_CLAIMS_PER_AGENT claims at once. Nothing sleeps for the
 * time-out: a test moves a claim's lapse time into the past with SQL.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createHarness, type Harness } from '../helpers/harness.js';
import { jsonPost, v2Client } from '../helpers/clients.js';
import { registerAgent, type RegisteredAgent } from '../helpers/agents.js';
import { act, balance, eventTypes, jobBody, openJob } from '../helpers/jobs.js';
import { expireDueJobs } from '../../workers/maintenance.js';

const CAP = 2;
let h: Harness;
let poster: RegisteredAgent;
let worker: RegisteredAgent;
let other: RegisteredAgent;

beforeAll(async () => {
  h = await createHarness({ MAX_ACTIVE_CLAIMS_PER_AGENT: String(CAP) });
  h.startWorkers();
  [poster, worker, other] = [await registerAgent(h.baseUrl, 'squat-poster'), await registerAgent(h.baseUrl, 'squat-worker'), await registerAgent(h.baseUrl, 'squat-other')];
});
afterAll(async () => h?.close());
afterEach(async () => h.assertLedger());

const getJob = async (id: string) => (await request(h.app).get(`/api/jobs/${id}`)).body.job;
const runClock = () => expireDueJobs({ db: h.db.pool, log: h.deps.log });
const lapseNow = (id: string) => h.db.pool.query("UPDATE jobs SET claim_expires_at = now() - interval '1 second' WHERE id = $1", [id]);

describe('a claim time-out', () => {
  it('gives the claim a lapse time of JOB_CLAIM_TTL_MINUTES (24 h by default)', async () => {
    const id = await openJob(h, poster, 'ttl shown');
    const before = Date.now();
    const claimed = await act(h, worker, id, 'claim');
    expect(claimed.status).toBe(200);
    const lapses = new Date(claimed.body.job.claim_expires_at).getTime();
    expect(lapses - before).toBeGreaterThan(24 * 3600_000 - 60_000);
    expect(lapses - before).toBeLessThan(24 * 3600_000 + 60_000);
    expect((await act(h, worker, id, 'submit', { result: 'done' })).body.job.claim_expires_at).toBeNull();
  });

  it('lapses a claim past its time-out back to open on the clock, and leaves a fresh claim alone', async () => {
    const [stale, fresh] = [await openJob(h, poster, 'stale claim'), await openJob(h, poster, 'fresh claim')];
    await act(h, worker, stale, 'claim');
    await act(h, other, fresh, 'claim');
    await lapseNow(stale);
    const { lapsed } = await runClock();
    expect(lapsed).toBe(1);
    expect(await getJob(stale)).toMatchObject({ status: 'open', worker_agent_id: null, claim_expires_at: null });
    expect(await getJob(fresh)).toMatchObject({ status: 'assigned', worker_agent_id: other.id });
    expect(await eventTypes(h, stale)).toEqual(['job.created', 'job.claimed', 'job.claim_lapsed']);
    // The lapsed worker is no longer the job's worker (403); anyone may claim the job again.
    expect((await act(h, worker, stale, 'submit', { result: 'too late' })).status).toBe(403);
    expect((await act(h, worker, fresh, 'submit', { result: 'not mine' })).status).toBe(403);
    expect((await act(h, other, stale, 'claim')).body.job).toMatchObject({ status: 'assigned', worker_agent_id: other.id });
    for (const id of [stale, fresh]) await act(h, other, id, 'submit', { result: 'done' });
  });

  it('expires and refunds a claimed job whose deadline comes before its claim time-out', async () => {
    const before = await balance(h, poster);
    const id = await openJob(h, poster, 'deadline first', { deadline: new Date(Date.now() + 3600_000).toISOString() });
    await act(h, worker, id, 'claim');
    await h.db.pool.query("UPDATE jobs SET deadline = now() - interval '1 second', claim_expires_at = now() - interval '1 second' WHERE id = $1", [id]);
    const { expired, lapsed } = await runClock();
    expect({ expired, lapsed }).toEqual({ expired: 1, lapsed: 0 });
    expect((await getJob(id)).status).toBe('expired');
    expect(Number(await balance(h, poster)) - Number(before)).toBeCloseTo(1.0, 6);
  });
});

describe('unassigning', () => {
  it('lets the poster unassign an assigned job and then cancel it with the escrow refunded', async () => {
    const before = await balance(h, poster);
    const id = await openJob(h, poster, 'unassign me');
    await act(h, worker, id, 'claim');
    expect((await act(h, poster, id, 'cancel')).status).toBe(409);
    const res = await act(h, poster, id, 'unassign');
    expect(res.status).toBe(200);
    expect(res.body.job).toMatchObject({ status: 'open', worker_agent_id: null, claim_expires_at: null });
    expect((await act(h, poster, id, 'cancel')).body.job.status).toBe('cancelled');
    expect(Number(await balance(h, poster)) - Number(before)).toBeCloseTo(1.0, 6);
    expect(await eventTypes(h, id)).toEqual(['job.created', 'job.claimed', 'job.unassigned', 'job.cancelled']);
    // The worker taken off the job is still told about it.
    const { rows } = await h.db.pool.query("SELECT agent_ids, payload FROM events WHERE subject_id = $1 AND type = 'job.unassigned'", [id]);
    expect(rows[0].agent_ids).toContain(worker.id);
    expect(rows[0].payload.released_worker_agent_id).toBe(worker.id);
  });

  it('refuses anyone but the poster with 403, and an unassigned job with 409 naming its state', async () => {
    const id = await openJob(h, poster, 'not yours to unassign');
    const open = await act(h, poster, id, 'unassign');
    expect(open.status).toBe(409);
    expect(open.body.error).toMatchObject({ code: 'conflict', details: { current_state: 'open' } });
    await act(h, worker, id, 'claim');
    expect((await act(h, worker, id, 'unassign')).status).toBe(403);
    expect((await act(h, other, id, 'unassign')).status).toBe(403);
    await act(h, worker, id, 'submit', { result: 'done' });
    expect((await act(h, poster, id, 'unassign')).body.error.details.current_state).toBe('submitted');
  });

  it('lets an anonymous poster unassign with its job key', async () => {
    const posted = await (await v2Client().fetch(`${h.baseUrl}/api/jobs`, jsonPost(jobBody('anonymous unassign')))).json();
    await act(h, worker, posted.job.id, 'claim');
    const res = await request(h.app).post(`/api/jobs/${posted.job.id}/unassign`).set('Authorization', `Bearer ${posted.credentials.job_key}`);
    expect(res.body.job).toMatchObject({ status: 'open', worker_agent_id: null });
  });

  it('is described in the OpenAPI document', async () => {
    const doc = (await request(h.app).get('/openapi.json')).body;
    expect(doc.paths['/api/jobs/{id}/unassign'].post.responses).toHaveProperty('409');
  });
});

describe('the cap on concurrent claims', () => {
  it(`refuses a claim beyond MAX_ACTIVE_CLAIMS_PER_AGENT with 409 giving the limit and the count`, async () => {
    const capped = await registerAgent(h.baseUrl, 'squat-capped');
    const ids = [await openJob(h, poster, 'cap 1'), await openJob(h, poster, 'cap 2'), await openJob(h, poster, 'cap 3')];
    for (const id of ids.slice(0, CAP)) expect((await act(h, capped, id, 'claim')).status).toBe(200);
    const refused = await act(h, capped, ids[2], 'claim');
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'conflict', details: { limit: CAP, active_claims: CAP } });
    expect((await getJob(ids[2])).status).toBe('open');
    // A submitted job no longer counts: the agent may claim again.
    await act(h, capped, ids[0], 'submit', { result: 'done' });
    expect((await act(h, capped, ids[2], 'claim')).status).toBe(200);
  });

  it('lets no more than the cap of concurrent claims by one agent succeed', async () => {
    const racer = await registerAgent(h.baseUrl, 'squat-racer');
    const ids = await Promise.all(Array.from({ length: 6 }, (_, i) => openJob(h, poster, `race ${i}`)));
    const results = await Promise.all(ids.map((id) => act(h, racer, id, 'claim')));
    expect(results.filter((r) => r.status === 200)).toHaveLength(CAP);
    expect(results.filter((r) => r.status === 409).every((r) => r.body.error.details.limit === CAP)).toBe(true);
    const { rows } = await h.db.pool.query("SELECT count(*)::int AS n FROM jobs WHERE worker_agent_id = $1 AND status = 'assigned'", [racer.id]);
    expect(rows[0].n).toBe(CAP);
  });
});
