import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { ADMIN_TOKEN, createHarness, type Harness } from '../helpers/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h?.close());

describe('operations endpoints', () => {
  it('answers liveness and readiness', async () => {
    expect((await request(h.app).get('/healthz')).body).toEqual({ ok: true });
    expect((await request(h.app).get('/readyz')).body).toEqual({ ok: true, postgres: true, redis: true });
  });

  it('serves an OpenAPI 3.1.0 document, version 9.6.0, with both auth schemes and every route', async () => {
    const doc = (await request(h.app).get('/openapi.json')).body;
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('9.6.0');
    expect(doc.components.securitySchemes.BearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.securitySchemes.HMACSignature).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-Signature' });
    for (const path of ['/api/v1/agents/register', '/api/v1/agents', '/api/v1/agents/{idOrHandle}', '/api/jobs', '/api/jobs/{id}', '/api/jobs/{id}/claim', '/api/feed', '/api/feed.rss', '/api/scan']) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
    expect(doc.components.schemas.Agent.required).toEqual(expect.arrayContaining(['id', 'handle', 'services', 'tags', 'created_at']));
  });

  it('serves Swagger UI at /docs from this server, under a CSP that allows no other script source', async () => {
    const res = await request(h.app).get('/docs');
    expect(res.status).toBe(200);
    expect(res.text).toContain('/openapi.json');
    expect(res.text).toContain('/docs/assets/swagger-ui-bundle.js');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).not.toMatch(/script-src[^;]*unsafe/);
    const bundle = await request(h.app).get('/docs/assets/swagger-ui-bundle.js');
    expect(bundle.status).toBe(200);
    expect(bundle.headers['content-type']).toMatch(/javascript/);
    const init = await request(h.app).get('/docs/init.js');
    expect(init.text).toContain("url: '/openapi.json'");
    expect((await request(h.app).get('/docs/assets/../../package.json')).status).not.toBe(200);
  });

  it('has a landing page at / with links to the docs, the feed and the directory, and JSON for programs', async () => {
    const page = await request(h.app).get('/').set('Accept', 'text/html');
    expect(page.status).toBe(200);
    for (const link of ['/docs', '/openapi.json', '/api/feed', '/api/v1/agents']) expect(page.text).toContain(`href="${link}"`);
    const json = await request(h.app).get('/').set('Accept', 'application/json');
    expect(json.body).toMatchObject({ success: true, name: 'agent-commerce', links: { docs: '/docs', feed: '/api/feed' } });
  });

  it('exposes Prometheus metrics', async () => {
    const res = await request(h.app).get('/metrics');
    expect(res.text).toContain('process_cpu_user_seconds_total');
  });
});

describe('the queue dashboard', () => {
  it('asks for credentials, refuses a wrong token, and opens for the admin by Bearer or Basic', async () => {
    const none = await request(h.app).get('/admin/queues');
    expect(none.status).toBe(401);
    expect(none.headers['www-authenticate']).toMatch(/^Basic/);
    const wrong = await request(h.app).get('/admin/queues').set('Authorization', 'Bearer not-the-admin-token');
    expect(wrong.status).toBe(403);
    const basic = await request(h.app).get('/admin/queues').auth('ops', ADMIN_TOKEN);
    expect(basic.status).toBe(200);
    expect(basic.text).toMatch(/<html/i);
    const api = await request(h.app).get('/admin/queues/api/queues').set('Authorization', `Bearer ${ADMIN_TOKEN}`);
    expect(api.status).toBe(200);
    expect(api.body.queues.map((q: { name: string }) => q.name).sort()).toEqual(['hosting-provisioning', 'maintenance', 'skill-scans', 'threat-feed', 'webhook-delivery', 'x402-settlement']);
  });
});

describe('errors', () => {
  const cursorOf = (iso: string) => Buffer.from(JSON.stringify([iso, 'ffffffffffffffffffffffff'])).toString('base64url');

  it.each([
    ['a NUL in a query string', () => request(h.app).get('/api/jobs?tag=a%00b')],
    ['a NUL in a path id', () => request(h.app).get('/api/v1/agents/abc%00def')],
    ['a cursor with a date Postgres cannot hold', () => request(h.app).get(`/api/jobs?cursor=${cursorOf('-100000-01-01T00:00:00.000Z')}`)],
    ['a cursor with a date far in the future', () => request(h.app).get(`/api/v1/agents?cursor=${cursorOf('+275000-01-01T00:00:00.000Z')}`)],
    ['a body labelled gzip that is not', () => request(h.app).post('/api/jobs').set('Content-Type', 'application/json').set('Content-Encoding', 'gzip').send('{"title":"x"}')],
  ])('answers %s with 400, not 500', async (_name, send) => {
    const res = await send();
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: { code: 'invalid_request' } });
  });

  it('answers an unknown route with the 404 envelope', async () => {
    const res = await request(h.app).get('/api/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, error: { code: 'not_found', message: 'no route for GET /api/nothing-here' } });
  });

  it('answers malformed JSON with 400 and no parser internals', async () => {
    const res = await request(h.app).post('/api/v1/agents/register').set('Content-Type', 'application/json').send('{"handle": ');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error: { code: 'invalid_request', message: 'request body is not valid JSON' } });
  });

  it('answers a non-JSON body with 415', async () => {
    const res = await request(h.app).post('/api/v1/agents/register').set('Content-Type', 'text/plain').send('handle=x');
    expect(res.status).toBe(415);
    expect(res.body.error.code).toBe('unsupported_media_type');
  });

  it('answers a body over the limit with 413', async () => {
    const res = await request(h.app).post('/api/v1/agents/register').send({ handle: 'big', name: 'x'.repeat(70 * 1024) });
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('payload_too_large');
  });

  it('sets security headers and CORS for x402 clients', async () => {
    const res = await request(h.app).options('/api/jobs').set('Origin', 'https://agent.example').set('Access-Control-Request-Method', 'POST');
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-headers']).toMatch(/PAYMENT-SIGNATURE/);
    const get = await request(h.app).get('/healthz');
    expect(get.headers['x-content-type-options']).toBe('nosniff');
    expect(get.headers['access-control-expose-headers']).toMatch(/PAYMENT-REQUIRED/);
  });
});

/** The budget is per clock minute: start well inside one so the window cannot roll over mid-test. */
async function insideOneMinute(): Promise<void> {
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 50_000) await new Promise((r) => setTimeout(r, 60_500 - intoMinute));
}

describe('rate limits', () => {
  it('answers 429 with Retry-After past the per-minute budget', { timeout: 30_000 }, async () => {
    const limited = await createHarness({ RATE_LIMIT_PER_MINUTE: '3' });
    try {
      await insideOneMinute();
      const statuses = [];
      for (let i = 0; i < 5; i++) statuses.push((await request(limited.app).get('/api/v1/agents')).status);
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      const res = await request(limited.app).get('/api/v1/agents');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(res.body.error.code).toBe('rate_limited');
      // A made-up key does not buy a fresh budget.
      const keyed = await request(limited.app).get('/api/v1/agents').set('Authorization', 'Bearer ac_agent_someone');
      expect(keyed.status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('rate limits cover every path', () => {
  it('counts /metrics, /readyz and preflights against the same budget', { timeout: 30_000 }, async () => {
    const limited = await createHarness({ RATE_LIMIT_PER_MINUTE: '3' });
    try {
      await insideOneMinute();
      const statuses = [
        (await request(limited.app).get('/metrics')).status,
        (await request(limited.app).get('/readyz')).status,
        (await request(limited.app).options('/api/jobs')).status,
        (await request(limited.app).get('/metrics')).status,
        (await request(limited.app).options('/api/jobs')).status,
      ];
      expect(statuses).toEqual([200, 200, 204, 429, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('METRICS_TOKEN', () => {
  it('closes /metrics to callers without the token', async () => {
    const guarded = await createHarness({ METRICS_TOKEN: 'metrics-token-0123456789' });
    try {
      expect((await request(guarded.app).get('/metrics')).status).toBe(401);
      expect((await request(guarded.app).get('/metrics').set('Authorization', 'Bearer wrong-token-0123456789')).status).toBe(401);
      const ok = await request(guarded.app).get('/metrics').set('Authorization', 'Bearer metrics-token-0123456789');
      expect(ok.status).toBe(200);
      expect(ok.text).toMatch(/# TYPE/);
    } finally {
      await guarded.close();
    }
  });
});

describe('TRUST_PROXY', () => {
  const spoofed = (app: Harness['app'], forwarded: string) => request(app).get('/api/v1/agents').set('X-Forwarded-For', forwarded);

  it('ignores X-Forwarded-For by default, so a forged address buys no fresh budget', { timeout: 30_000 }, async () => {
    const limited = await createHarness({ RATE_LIMIT_PER_MINUTE: '2' });
    try {
      await insideOneMinute();
      const statuses = [];
      for (const ip of ['1.1.1.1', '2.2.2.2', '3.3.3.3']) statuses.push((await spoofed(limited.app, ip)).status);
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await limited.close();
    }
  });

  it('with one trusted hop, takes the address the proxy saw and not what the client wrote before it', { timeout: 30_000 }, async () => {
    const limited = await createHarness({ RATE_LIMIT_PER_MINUTE: '2', TRUST_PROXY: '1' });
    try {
      await insideOneMinute();
      // The proxy appends the address it saw (9.9.9.9); whatever the client sent comes first.
      const statuses = [];
      for (const forged of ['1.1.1.1', '2.2.2.2', '3.3.3.3']) statuses.push((await spoofed(limited.app, `${forged}, 9.9.9.9`)).status);
      expect(statuses).toEqual([200, 200, 429]);
      // Another real client behind the same proxy has its own budget.
      expect((await spoofed(limited.app, '8.8.8.8')).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
