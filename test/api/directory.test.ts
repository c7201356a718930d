import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { ADMIN_TOKEN, createHarness, type Harness } from '../helpers/harness.js';
import { registerAgent, type RegisteredAgent } from '../helpers/agents.js';

let h: Harness;
let plain: RegisteredAgent;
let minimal: RegisteredAgent;
let linked: RegisteredAgent;

beforeAll(async () => {
  h = await createHarness();
  h.startWorkers();
  plain = await registerAgent(h.baseUrl, 'plain-agent');
  minimal = await registerAgent(h.baseUrl, 'minimal-agent', { services: [], tags: null, description: '', stack: '', contact: { email: 'x:minimal' } });
  linked = await registerAgent(h.baseUrl, 'linked-agent', {
    services: [
      { name: 'translate', description: 'EN to FR', price: 'free tier', currency: '', endpoint: 'https://linked.example/translate' },
      { name: 'audit', description: 'contract audit', price: 'custom', currency: 'USD' },
    ],
    contact: { email: 'ops@linked.example', api: 'https://linked.example/api', website: 'https://linked.example', social: '@linked' },
    tags: ['translation', 'audit'],
  });
});
afterAll(async () => {
  await h?.assertLedger();
  await h?.close();
});

const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const AGENT_KEYS = ['id', 'handle', 'name', 'description', 'services', 'contact', 'stack', 'tags', 'verified', 'featured', 'created_at', 'updated_at'];

describe('GET /api/v1/agents', () => {
  it('answers the envelope of spec 2.1 with Agents shaped as spec 2.2, field by field', async () => {
    const res = await request(h.app).get('/api/v1/agents');
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.count).toBe(res.body.agents.length);
    expect(res.body.count).toBe(3);
    for (const a of res.body.agents) {
      expect(Object.keys(a)).toEqual(AGENT_KEYS);
      expect(a.id).toMatch(/^[0-9a-f]{24}$/);
      expect(a.handle).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(typeof a.name).toBe('string');
      expect(typeof a.description).toBe('string');
      expect(typeof a.stack).toBe('string');
      expect(typeof a.verified).toBe('boolean');
      expect(typeof a.featured).toBe('boolean');
      expect(a.created_at).toMatch(ISO_MS);
      expect(a.updated_at).toMatch(ISO_MS);
      expect(typeof a.contact.email).toBe('string');
    }
  });

  it('shows null services and tags for an agent that lists none', async () => {
    const res = await request(h.app).get('/api/v1/agents/minimal-agent');
    expect(res.body.agent.services).toBeNull();
    expect(res.body.agent.tags).toBeNull();
    expect(res.body.agent.contact).toEqual({ email: 'x:minimal' });
  });

  it('keeps optional service and contact fields absent rather than null', async () => {
    const res = await request(h.app).get(`/api/v1/agents/${linked.id}`);
    const [translate, audit] = res.body.agent.services;
    expect(Object.keys(translate)).toEqual(['name', 'description', 'price', 'currency', 'endpoint']);
    expect(Object.keys(audit)).toEqual(['name', 'description', 'price', 'currency']);
    expect(res.body.agent.contact).toEqual({ email: 'ops@linked.example', api: 'https://linked.example/api', website: 'https://linked.example', social: '@linked' });
  });

  it('lists newest first and pages with an opaque cursor', async () => {
    const first = await request(h.app).get('/api/v1/agents?limit=2');
    expect(first.body.agents.map((a: { handle: string }) => a.handle)).toEqual(['linked-agent', 'minimal-agent']);
    expect(first.body.next_cursor).toEqual(expect.any(String));
    const second = await request(h.app).get(`/api/v1/agents?limit=2&cursor=${first.body.next_cursor}`);
    expect(second.body.agents.map((a: { handle: string }) => a.handle)).toEqual(['plain-agent']);
    expect(second.body.next_cursor).toBeNull();
  });

  it('filters by text, tag and service', async () => {
    const q = await request(h.app).get('/api/v1/agents?q=linked');
    expect(q.body.agents.map((a: { id: string }) => a.id)).toEqual([linked.id]);
    const tag = await request(h.app).get('/api/v1/agents?tag=code-review');
    expect(tag.body.agents.map((a: { id: string }) => a.id)).toEqual([plain.id]);
    const service = await request(h.app).get('/api/v1/agents?service=translate');
    expect(service.body.agents.map((a: { id: string }) => a.id)).toEqual([linked.id]);
  });

  it('refuses a bad filter or a forged cursor with 400', async () => {
    expect((await request(h.app).get('/api/v1/agents?limit=500')).status).toBe(400);
    expect((await request(h.app).get('/api/v1/agents?verified=yes')).status).toBe(400);
    const forged = await request(h.app).get('/api/v1/agents?cursor=not-a-cursor');
    expect(forged.status).toBe(400);
    expect(forged.body.error.code).toBe('invalid_request');
  });

  it('lets only the admin set verified and featured, which the filters then find', async () => {
    const anon = await request(h.app).patch(`/api/v1/agents/${minimal.id}`).send({ verified: true });
    expect(anon.status).toBe(401);
    const agentKey = await request(h.app).patch(`/api/v1/agents/${minimal.id}`).set('Authorization', `Bearer ${plain.apiKey}`).send({ verified: true });
    expect(agentKey.status).toBe(403);
    const admin = await request(h.app).patch(`/api/v1/agents/${minimal.id}`).set('Authorization', `Bearer ${ADMIN_TOKEN}`).send({ verified: true, featured: true });
    expect(admin.status).toBe(200);
    expect(admin.body.agent).toMatchObject({ verified: true, featured: true });
    const verified = await request(h.app).get('/api/v1/agents?verified=true');
    expect(verified.body.agents.map((a: { id: string }) => a.id)).toEqual([minimal.id]);
    const featuredOff = await request(h.app).get('/api/v1/agents?featured=false');
    expect(featuredOff.body.count).toBe(2);
  });

  it('answers 404 in the error envelope for an unknown agent', async () => {
    const res = await request(h.app).get('/api/v1/agents/000000000000000000000000');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, error: { code: 'not_found', message: 'agent not found' } });
  });
});

describe('directory search and filters (indexed since migration 0015)', () => {
  const ids = async (query: string) => {
    const res = await request(h.app).get(`/api/v1/agents?${query}`);
    expect(res.status).toBe(200);
    return res.body.agents.map((a: { id: string }) => a.id);
  };

  it('finds an agent by part of its handle, name or description, in any case', async () => {
    expect(await ids('q=LINKED-AG')).toEqual([linked.id]);
    expect(await ids('q=inimal-ag')).toEqual([minimal.id]);
    expect(await ids(`q=${encodeURIComponent('Agent plain')}`)).toEqual([plain.id]);
    expect(await ids(`q=${encodeURIComponent('the plain-agent AGENT')}`)).toEqual([plain.id]);
    expect(await ids('q=ag')).toEqual([linked.id, minimal.id, plain.id]);
  });

  it('does not match text that runs from one field into the next', async () => {
    // handle "linked-agent", then name "Agent linked-agent": no single field holds the two.
    expect(await ids(`q=${encodeURIComponent('linked-agent Agent linked')}`)).toEqual([]);
    expect(await ids(`q=${encodeURIComponent('linked-agent\u001fAgent')}`)).toEqual([]);
  });

  it('treats % and _ in a search as plain characters', async () => {
    expect(await ids('q=%25')).toEqual([]);
    expect(await ids('q=linked_agent')).toEqual([]);
  });

  it('finds an agent by part of a service name', async () => {
    expect(await ids('service=RANSL')).toEqual([linked.id]);
    expect(await ids('service=summ')).toEqual([plain.id]);
    expect(await ids(`service=${encodeURIComponent('translate\u001faudit')}`)).toEqual([]);
  });

  it('combines text, tag, service, verified and featured: every filter applies', async () => {
    expect(await ids('q=agent&tag=audit')).toEqual([linked.id]);
    expect(await ids('q=agent&service=summ')).toEqual([plain.id]);
    expect(await ids('service=audit&tag=translation&verified=false')).toEqual([linked.id]);
    expect(await ids('verified=true&q=minimal')).toEqual([minimal.id]);
    expect(await ids('verified=true&q=plain')).toEqual([]);
    expect(await ids('featured=true&tag=code-review')).toEqual([]);
    expect(await ids('featured=false&verified=false&q=agent')).toEqual([linked.id, plain.id]);
  });

  it('pages a filtered list with its cursor', async () => {
    const first = await request(h.app).get('/api/v1/agents?q=agent&featured=false&limit=1');
    expect(first.body.agents.map((a: { id: string }) => a.id)).toEqual([linked.id]);
    const second = await request(h.app).get(`/api/v1/agents?q=agent&featured=false&limit=1&cursor=${first.body.next_cursor}`);
    expect(second.body.agents.map((a: { id: string }) => a.id)).toEqual([plain.id]);
    expect(second.body.next_cursor).toBeNull();
  });

  it('shows a change on the unfiltered first page within DIRECTORY_CACHE_MS, and to a filter at once', async () => {
    const featuredOf = async () => (await request(h.app).get('/api/v1/agents')).body.agents.find((a: { id: string }) => a.id === plain.id).featured;
    expect(await featuredOf()).toBe(false);
    const admin = (featured: boolean) => request(h.app).patch(`/api/v1/agents/${plain.id}`).set('Authorization', `Bearer ${ADMIN_TOKEN}`).send({ featured });
    expect((await admin(true)).status).toBe(200);
    try {
      expect(await ids('featured=true')).toContain(plain.id);
      await expect.poll(featuredOf, { timeout: h.config.DIRECTORY_CACHE_MS + 5000, interval: 100 }).toBe(true);
    } finally {
      await admin(false);
    }
  });

  it('answers a search asked again with what the table holds now: a change shows at once, to every search and page', async () => {
    const search = async () => (await request(h.app).get('/api/v1/agents?q=PLAIN')).body.agents.find((a: { id: string }) => a.id === plain.id);
    const byCursor = async () => {
      const first = await request(h.app).get('/api/v1/agents?limit=1');
      const rest = await request(h.app).get(`/api/v1/agents?limit=100&cursor=${first.body.next_cursor}`);
      return [...first.body.agents, ...rest.body.agents].find((a: { id: string }) => a.id === plain.id);
    };
    // Asked twice first, so a page kept from the first answer would be what the third gets.
    expect((await search()).featured).toBe(false);
    expect((await search()).featured).toBe(false);
    expect((await byCursor()).featured).toBe(false);
    const admin = (featured: boolean) => request(h.app).patch(`/api/v1/agents/${plain.id}`).set('Authorization', `Bearer ${ADMIN_TOKEN}`).send({ featured });
    expect((await admin(true)).status).toBe(200);
    try {
      expect((await search()).featured).toBe(true);
      expect((await byCursor()).featured).toBe(true);
    } finally {
      await admin(false);
    }
    expect((await search()).featured).toBe(false);
  });

  it('answers the first page with a validator that a conditional GET matches', async () => {
    const page = await request(h.app).get('/api/v1/agents');
    expect(page.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(page.headers.etag).toMatch(/^W\/"/);
    const again = await request(h.app).get('/api/v1/agents').set('If-None-Match', page.headers.etag);
    expect([200, 304]).toContain(again.status);
    if (again.status === 200) expect(again.headers.etag).not.toBe(page.headers.etag);
  });
});

describe('directory search beyond ASCII (stored lowered since migration 0019)', () => {
  it('matches letters outside ASCII in any case, and a service name likewise', async () => {
    const uber = await registerAgent(h.baseUrl, 'uebersetzer', {
      name: 'Übersetzer ΣΟΦΙΑ',
      description: 'Traduções técnicas',
      services: [{ name: 'Übersetzen', description: 'DE to EN', price: '1.00', currency: 'USDC' }],
    });
    const ids = async (query: string) => (await request(h.app).get(`/api/v1/agents?${query}`)).body.agents.map((a: { id: string }) => a.id);
    for (const q of ['übersetz', 'ÜBERSETZER', 'σοφια', 'TRADUÇÕES']) expect(await ids(`q=${encodeURIComponent(q)}`)).toEqual([uber.id]);
    expect(await ids(`service=${encodeURIComponent('ÜBERSETZEN')}`)).toEqual([uber.id]);
    expect(await ids(`q=${encodeURIComponent('übersetzerin')}`)).toEqual([]);
  });
});
