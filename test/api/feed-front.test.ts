/**
 * The feed answered before Express (api/feed-front.ts) against the Express app alone, over real
 * HTTP: the same status, headers (in the same order), body, log line, metric and rate-limit
 * count. Each pair is the app's listener (`app`) and its Express app (`app.express`), which share
 * one copy of the feed; `app.counts` shows which requests the listener answered itself.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, request as httpRequest, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import express from 'express';
import { pino } from 'pino';
import { createHarness, type Harness } from '../helpers/harness.js';
import { buildApp, type App } from '../../api/app.js';
import { publishFeed } from '../../feed/publish.js';
import { addressKey, markCounted, rateLimit } from '../../api/middleware/rate-limit.js';
import { httpRequestDuration } from '../../shared/metrics.js';
import { UNMATCHED } from '../../api/metrics.js';
import type { Config } from '../../shared/config.js';
import type { Logger } from '../../shared/logger.js';

let h: Harness;
const closers: Array<() => Promise<void>> = [];
beforeAll(async () => {
  // A copy stays current for a minute unless a store is announced: the tests read at their own pace.
  h = await createHarness({ FEED_REVALIDATE_MS: '60000' });
  await publishFeed({ config: h.config, db: h.db.pool, redis: h.deps.redis });
});
afterAll(async () => {
  for (const close of closers.splice(0)) await close();
  await h?.close();
});

interface Answer {
  status: number;
  /** [name, value] in the order sent. */
  headers: [string, string][];
  body: Buffer;
}

async function listening(listener: RequestListener): Promise<string> {
  const server = createServer(listener);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  closers.push(() => new Promise<void>((r) => {
    server.close(() => r());
    server.closeAllConnections();
  }));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** One request with node:http, which leaves the body and the header names as they came. */
function send(base: string, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const pairs: [string, string][] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) pairs.push([res.rawHeaders[i], res.rawHeaders[i + 1]]);
        resolve({ status: res.statusCode ?? 0, headers: pairs, body: Buffer.concat(chunks) });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The headers with Date dropped and a generated request id (checked to be a UUID) blanked. */
function comparable(answer: Answer, given: Record<string, string>): [string, string][] {
  return answer.headers.filter(([name]) => name !== 'Date').map(([name, value]) => {
    if (name !== 'X-Request-Id' || value === given['x-request-id']) return [name, value];
    expect(value).toMatch(UUID);
    return [name, '(generated)'];
  });
}

const header = (answer: Answer, name: string) => answer.headers.find(([n]) => n.toLowerCase() === name.toLowerCase())?.[1];

/** An app over `h.deps` with some settings changed, listening twice: its listener, and its Express app alone. */
async function pair(config: Partial<Config> = {}, log?: Logger): Promise<{ app: App; fast: string; express: string }> {
  const app = buildApp({ ...h.deps, config: { ...h.config, ...config }, ...(log ? { log } : {}) });
  return { app, fast: await listening(app), express: await listening(app.express) };
}

/** Reads through the listener until it answers a read itself (the first fetches the copy, through Express). */
async function warm(p: { app: App; fast: string }, headers: () => Record<string, string> = () => ({})): Promise<void> {
  for (const deadline = Date.now() + 5000; Date.now() < deadline;) {
    const before = p.app.counts.answered;
    await send(p.fast, '/api/feed', headers());
    await send(p.fast, '/api/feed.rss', headers());
    if (p.app.counts.answered - before === 2) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('the listener never answered a read itself');
}

/** Asks both and checks that the listener answered the first itself and the Express app the second. */
async function both(p: { app: App; fast: string; express: string }, path: string, headers: Record<string, string>, method = 'GET') {
  const counted = p.app.counts.answered + p.app.counts.limited;
  const fast = await send(p.fast, path, headers, method);
  expect(p.app.counts.answered + p.app.counts.limited, 'answered before Express').toBe(counted + 1);
  const slow = await send(p.express, path, headers, method);
  expect(p.app.counts.answered + p.app.counts.limited).toBe(counted + 1);
  return { fast, slow };
}

const GZIP = 'gzip, deflate, br';

/** How many requests the request-duration histogram holds under these labels. */
async function metricCount(route: string, method: string, status: string): Promise<number> {
  return (await httpRequestDuration.get()).values
    .find((v) => v.metricName === 'http_request_duration_seconds_count' && v.labels.route === route && v.labels.method === method && v.labels.status_code === status)?.value ?? 0;
}

describe('a current copy of the feed, answered before Express', () => {
  let p: Awaited<ReturnType<typeof pair>>;
  let etags: { identity: string; gzip: string; rss: string; lastModified: string };
  beforeAll(async () => {
    p = await pair();
    await warm(p);
    const identity = await send(p.fast, '/api/feed');
    const gzip = await send(p.fast, '/api/feed', { 'accept-encoding': GZIP });
    etags = { identity: header(identity, 'etag')!, gzip: header(gzip, 'etag')!, rss: header(await send(p.fast, '/api/feed.rss'), 'etag')!, lastModified: header(identity, 'last-modified')! };
  });

  const cases: Array<[string, string, () => Record<string, string>, string?, number?]> = [
    ['a 200 with the body', '/api/feed', () => ({}), 'GET', 200],
    ['a 200 gzipped', '/api/feed', () => ({ 'accept-encoding': GZIP }), 'GET', 200],
    ['a 304 for the ETag', '/api/feed', () => ({ 'if-none-match': etags.identity }), 'GET', 304],
    ['a 304 for the gzipped ETag', '/api/feed', () => ({ 'accept-encoding': GZIP, 'if-none-match': etags.gzip }), 'GET', 304],
    ['a 304 for If-Modified-Since', '/api/feed', () => ({ 'if-modified-since': etags.lastModified }), 'GET', 304],
    ['a 200 for another ETag', '/api/feed', () => ({ 'if-none-match': '"other"' }), 'GET', 200],
    ['the RSS', '/api/feed.rss', () => ({}), 'GET', 200],
    ['the RSS gzipped, with a request id to echo', '/api/feed.rss', () => ({ 'accept-encoding': 'gzip', 'x-request-id': 'compare-1' }), 'GET', 200],
    ['the RSS 304', '/api/feed.rss', () => ({ 'if-none-match': etags.rss }), 'GET', 304],
    ['a HEAD', '/api/feed', () => ({}), 'HEAD', 200],
    ['a HEAD 304', '/api/feed', () => ({ 'if-none-match': etags.identity }), 'HEAD', 304],
    ['a request id not fit to echo', '/api/feed', () => ({ 'x-request-id': 'no spaces allowed' }), 'GET', 200],
  ];
  it.each(cases)('answers %s exactly as Express does, header by header', async (_name, path, headers, method, status) => {
    const given = headers();
    const { fast, slow } = await both(p, path, given, method);
    expect(fast.status).toBe(status);
    expect(slow.status).toBe(status);
    expect(comparable(fast, given)).toEqual(comparable(slow, given));
    expect(fast.body.equals(slow.body)).toBe(true);
    if (method === 'HEAD' || status === 304) expect(fast.body.length).toBe(0);
  });

  it('sends every stack header: helmet\'s, CORS, the request id, and the route\'s', async () => {
    const { fast } = await both(p, '/api/feed', { 'accept-encoding': GZIP });
    const names = fast.headers.map(([n]) => n.toLowerCase());
    for (const name of ['strict-transport-security', 'x-content-type-options', 'cross-origin-resource-policy', 'x-frame-options', 'access-control-allow-origin',
      'access-control-expose-headers', 'x-request-id', 'etag', 'last-modified', 'cache-control', 'vary', 'content-type', 'content-length', 'content-encoding']) {
      expect(names, name).toContain(name);
    }
    expect(header(fast, 'cross-origin-resource-policy')).toBe('cross-origin');
  });

  it('leaves to Express a query string, another method, another spelling of the path, and a trailing slash', async () => {
    const before = p.app.counts.answered;
    const answers = [
      await send(p.fast, '/api/feed?x=1'), await send(p.fast, '/api/feed', {}, 'POST'), await send(p.fast, '/api/feed', {}, 'OPTIONS'),
      await send(p.fast, '/API/feed'), await send(p.fast, '/api/feed/'), await send(p.fast, '/api/feeds'),
    ];
    expect(p.app.counts.answered).toBe(before);
    expect(answers.map((a) => a.status)).toEqual([200, 404, 204, 200, 200, 404]);
  });

  it('observes the same request metric, under the route pattern', async () => {
    const count = metricCount;
    const before = [await count('/api/feed', 'GET', '200'), await count('/api/feed.rss', 'HEAD', '304')];
    await both(p, '/api/feed', {});
    await both(p, '/api/feed.rss', { 'if-none-match': etags.rss }, 'HEAD');
    expect([await count('/api/feed', 'GET', '200'), await count('/api/feed.rss', 'HEAD', '304')]).toEqual([before[0] + 2, before[1] + 2]);
  });
});

describe('at log level info', () => {
  const lines: string[] = [];
  const logger = () => pino({ level: 'info', base: { pid: process.pid } }, new Writable({
    write(chunk, _enc, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  }));

  /** Both answers to `given`, with the same headers, and their two log lines, equal but for time and response time. */
  async function logged(p: Awaited<ReturnType<typeof pair>>, given: Record<string, string>, status: number) {
    lines.length = 0;
    const { fast, slow } = await both(p, '/api/feed', given);
    expect([fast.status, slow.status]).toEqual([status, status]);
    // Two reads in turn under rate limits leave different budgets: RateLimit-Remaining is compared elsewhere.
    const same = (a: Answer) => comparable(a, given).filter(([name]) => status === 429 || name !== 'RateLimit-Remaining');
    expect(same(fast)).toEqual(same(slow));
    await expect.poll(() => lines.length).toBe(2);
    const [a, b] = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    for (const line of [a, b]) {
      expect(line).toMatchObject({ level: 30, msg: 'request completed', req: { id: given['x-request-id'], method: 'GET', url: '/api/feed', ip: '127.0.0.1' }, res: { status } });
      delete line.time;
      delete line.responseTime;
    }
    expect(a).toEqual(b);
  }

  it('writes the same access log line and the same headers', async () => {
    const p = await pair({}, logger());
    await warm(p);
    await logged(p, { 'x-request-id': 'log-compare-1' }, 200);
    await logged(p, { 'x-request-id': 'log-compare-2', 'accept-encoding': GZIP, 'if-none-match': '"other"' }, 200);
  });

  it('writes the same line for a 429', { timeout: 30_000 }, async () => {
    await insideOneMinute();
    // One trusted hop: each phase its own address, so the warm-up spends no budget of the client below.
    const p = await pair({ RATE_LIMIT_PER_MINUTE: 2, TRUST_PROXY: 1 }, logger());
    let n = 0;
    await warm(p, () => ({ 'x-forwarded-for': `10.8.0.${n++}` }));
    await logged(p, { 'x-request-id': 'log-compare-3', 'x-forwarded-for': '10.9.0.1' }, 200);
    // Retry-After differs only across a second boundary.
    for (let attempt = 0; attempt < 3; attempt++) {
      lines.length = 0;
      const { fast, slow } = await both(p, '/api/feed', { 'x-forwarded-for': '10.9.0.1' });
      if (header(fast, 'retry-after') === header(slow, 'retry-after')) break;
    }
    await logged(p, { 'x-request-id': 'log-compare-4', 'x-forwarded-for': '10.9.0.1' }, 429);
  });
});

/** The budget is per clock minute: start well inside one so the window cannot roll over mid-test. */
async function insideOneMinute(): Promise<void> {
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 45_000) await new Promise((r) => setTimeout(r, 60_500 - intoMinute));
}

const countOf = async (who: string) => Number(await h.deps.redis.get(`${h.config.QUEUE_PREFIX}:rl:${who}:${Math.floor(Date.now() / 60_000)}`));

describe('with rate limits on', () => {
  it('counts each read once, on the same budget as Express, and answers the same 429 with Retry-After', { timeout: 30_000 }, async () => {
    await insideOneMinute();
    const limit = 12;
    const p = await pair({ RATE_LIMIT_PER_MINUTE: limit });
    await warm(p);
    const who = addressKey('127.0.0.1');
    const spent = await countOf(who);
    const remaining: string[] = [];
    let sent = 0;
    // Alternately the listener and Express, until both refuse.
    while (spent + sent < limit) {
      const given = { 'x-request-id': `limit-${sent}` };
      const { fast, slow } = await both(p, '/api/feed', given);
      sent += 2;
      remaining.push(header(fast, 'ratelimit-remaining')!, header(slow, 'ratelimit-remaining')!);
      if (fast.status !== 200 || slow.status !== 200) break;
      const without = (a: Answer) => comparable(a, given).filter(([n]) => n !== 'RateLimit-Remaining');
      expect(without(fast)).toEqual(without(slow));
      expect(header(fast, 'ratelimit-limit')).toBe(String(limit));
    }
    expect(remaining).toEqual(Array.from({ length: remaining.length }, (_, i) => String(Math.max(0, limit - spent - i - 1))));
    expect(await countOf(who)).toBe(spent + sent);

    // Over the budget: both answer 429. Retry-After (and so the body and its ETag) can differ
    // only when a second ends between the two requests; then ask again.
    const limitedBefore = p.app.counts.limited;
    for (let attempt = 0; ; attempt++) {
      const given = { 'x-request-id': `refused-${attempt}` };
      const { fast, slow } = await both(p, '/api/feed', given);
      expect([fast.status, slow.status]).toEqual([429, 429]);
      if (header(fast, 'retry-after') !== header(slow, 'retry-after') && attempt < 3) continue;
      expect(Number(header(fast, 'retry-after'))).toBeGreaterThan(0);
      expect(comparable(fast, given)).toEqual(comparable(slow, given));
      expect(JSON.parse(fast.body.toString())).toMatchObject({ success: false, error: { code: 'rate_limited' } });
      expect(fast.body.equals(slow.body)).toBe(true);
      expect(p.app.counts.limited).toBe(limitedBefore + attempt + 1);
      break;
    }
    // Labelled as Express labels a request its limiter refused: no route matched.
    const refused = await metricCount(UNMATCHED, 'GET', '429');
    await both(p, '/api/feed', {});
    expect(await metricCount(UNMATCHED, 'GET', '429')).toBe(refused + 2);
  });

  it('leaves a request with Authorization to Express, which counts it by key as well', async () => {
    const p = await pair({ RATE_LIMIT_PER_MINUTE: 1000 });
    await warm(p);
    const before = p.app.counts.answered;
    const res = await send(p.fast, '/api/feed', { authorization: 'Bearer ac_agent_someone' });
    expect(res.status).toBe(200);
    expect(p.app.counts.answered).toBe(before);
  });

  for (const [trust, forwarded, client] of [[1, '1.1.1.1, 9.9.9.9', '9.9.9.9'], [['loopback'], '3.3.3.3, 8.8.4.4', '8.8.4.4'], [false, '4.4.4.4', '127.0.0.1']] as const) {
    it(`takes the address from X-Forwarded-For as req.ip does with TRUST_PROXY ${JSON.stringify(trust)}`, async () => {
      const p = await pair({ RATE_LIMIT_PER_MINUTE: 1000, TRUST_PROXY: trust as Config['TRUST_PROXY'] });
      await warm(p, () => ({ 'x-forwarded-for': '10.255.255.1' }));
      const who = addressKey(client);
      const before = await countOf(who);
      await both(p, '/api/feed', { 'x-forwarded-for': forwarded });
      expect(await countOf(who)).toBe(before + 2);
    });
  }

  it('lets Express\'s limiter take a count made before it, instead of counting again', async () => {
    const app = express();
    app.set('trust proxy', false);
    app.use(rateLimit({ redis: h.deps.redis, prefix: h.config.QUEUE_PREFIX, limit: 5, keyOf: (req) => addressKey(req.ip) }));
    app.get('/x', (_req, res) => res.json({ ok: true }));
    const who = addressKey('127.0.0.1');
    const before = await countOf(who);
    const base = await listening((req, res) => {
      markCounted(req, who, { limit: 5, remaining: 2 });
      app(req, res);
    });
    const res = await send(base, '/x');
    expect(res.status).toBe(200);
    expect(header(res, 'ratelimit-remaining')).toBe('2');
    expect(await countOf(who)).toBe(before);
  });
});
