import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createHarness, type Harness } from '../helpers/harness.js';
import { jsonPost, v2Client } from '../helpers/clients.js';
import { benignSkill, postScan } from '../helpers/scans.js';
import { scrapeMetrics } from '../../shared/metrics.js';
import { feedKey } from '../../shared/feed-store.js';
import { serveMetrics } from '../../api/metrics.js';
import type { AddressInfo } from 'node:net';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
  h.startWorkers();
});
afterAll(async () => h?.close());

const agentBody = (handle: string) => ({
  handle,
  name: `Agent ${handle}`,
  description: 'Summarises pull requests',
  services: [{ name: 'summary', description: 'one PR', price: '0.05 per PR', currency: 'USDC' }],
  contact: { email: `${handle}@example.com` },
  tags: ['code-review'],
});

const scrape = async () => (await request(h.app).get('/metrics')).text;

/** The value of one sample line, or undefined when the line is absent. */
function sample(text: string, name: string, labels: string): number | undefined {
  const line = text.split('\n').find((l) => (l.startsWith(`${name}{`) || l.startsWith(`${name} `)) && labels.split(',').every((l2) => l.includes(l2)));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('GET /metrics', () => {
  it('shows the route pattern, a settled x402 payment, its latency and every queue\'s depth after a paid registration and a scan', async () => {
    const paid = await v2Client().fetch(`${h.baseUrl}/api/v1/agents/register`, jsonPost(agentBody('metered')));
    expect(paid.status).toBe(201);
    expect([201, 202]).toContain((await postScan(h.app, benignSkill('metered-skill'))).status);
    expect((await request(h.app).get('/api/v1/agents/metered')).status).toBe(200);

    const text = await scrape();
    expect(text).toMatch(/^# TYPE http_request_duration_seconds histogram$/m);
    expect(sample(text, 'http_request_duration_seconds_count', 'route="/api/v1/agents/register",status_code="201",method="POST"')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'http_request_duration_seconds_count', 'route="/api/scan"')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'http_request_duration_seconds_count', 'route="/api/v1/agents/:idOrHandle",status_code="200"')).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain('route="/api/v1/agents/metered"');
    expect(sample(text, 'payments_total', 'rail="x402",outcome="settled"')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'payment_settlement_seconds_count', 'rail="x402"')).toBeGreaterThanOrEqual(1);
    for (const queue of ['x402-settlement', 'skill-scans', 'threat-feed', 'webhook-delivery', 'hosting-provisioning', 'maintenance']) {
      for (const state of ['waiting', 'active', 'delayed', 'failed']) {
        expect(sample(text, 'bullmq_queue_jobs', `queue="${queue}",state="${state}"`), `${queue} ${state}`).toBeGreaterThanOrEqual(0);
      }
      expect(sample(text, 'bullmq_queue_scrape_ok', `queue="${queue}"`)).toBe(1);
    }
  });

  it('labels a request no route matched "unmatched", and a handler\'s error with its route pattern', async () => {
    expect((await request(h.app).get('/no/such/path/12345')).status).toBe(404);
    expect((await request(h.app).get('/api/v1/agents/nobody-by-this-name')).status).toBe(404);
    const text = await scrape();
    expect(sample(text, 'http_request_duration_seconds_count', 'route="unmatched",status_code="404"')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'http_request_duration_seconds_count', 'route="/api/v1/agents/:idOrHandle",status_code="404"')).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain('12345');
  });

  it('answers without queue depth, and says so, when a queue does not answer in time', async () => {
    const stuck = { name: 'stuck-queue', getJobCounts: () => new Promise<Record<string, number>>(() => {}) };
    const { body } = await scrapeMetrics({ queues: [stuck], timeoutMs: 50 });
    expect(sample(body, 'bullmq_queue_scrape_ok', 'queue="stuck-queue"')).toBe(0);
    expect(body).not.toMatch(/bullmq_queue_jobs\{[^}]*queue="stuck-queue"/);
  });

  it('reports the feed age as NaN while no feed is stored, then in seconds since its Last-Modified', async () => {
    await h.deps.redis.del(feedKey(h.config.QUEUE_PREFIX));
    expect(sample(await scrape(), 'feed_age_seconds', '')).toBeNaN();
    await h.deps.redis.hset(feedKey(h.config.QUEUE_PREFIX), 'last_modified', String(Date.now() - 120_000));
    expect(sample(await scrape(), 'feed_age_seconds', '')).toBeGreaterThanOrEqual(120);
  });
});

describe('the metrics listener of worker and clock processes (METRICS_PORT)', () => {
  it('serves GET /metrics with the queue depth, nothing else, and asks for METRICS_TOKEN when it is set', async () => {
    const config = { ...h.config, METRICS_TOKEN: 'metrics-token-0123456789', HOST: '127.0.0.1' };
    const queues = [h.scanQueue, h.feedQueue];
    const server = await serveMetrics(config, h.deps.log, { queues, redis: h.deps.redis, prefix: h.config.QUEUE_PREFIX }, 0);
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      expect((await fetch(`${base}/metrics`)).status).toBe(401);
      expect((await fetch(`${base}/other`, { headers: { authorization: 'Bearer metrics-token-0123456789' } })).status).toBe(404);
      const ok = await fetch(`${base}/metrics`, { headers: { authorization: 'Bearer metrics-token-0123456789' } });
      expect(ok.status).toBe(200);
      expect(sample(await ok.text(), 'bullmq_queue_jobs', 'queue="skill-scans",state="waiting"')).toBeGreaterThanOrEqual(0);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});
