import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { get, type IncomingHttpHeaders } from 'node:http';
import { gunzipSync } from 'node:zlib';
import request from 'supertest';
import { htmlText } from '../../feed/render-rss.js';
import Parser from 'rss-parser';
import { parseFeed } from '@rowanmanning/feed-parser';
import { XMLValidator } from 'fast-xml-parser';
import { createHarness, type Harness } from '../helpers/harness.js';
import { benignSkill, maliciousSkill, scanToCompletion, type ResultBody } from '../helpers/scans.js';
import { mintScanKey } from '../../shared/scans/keys.js';
import { storeRenderings } from '../../shared/feed-store.js';
import { createLogger } from '../../shared/logger.js';
import { publishFeed } from '../../feed/publish.js';
import { enqueueFeedTick, requestFeedRegeneration } from '../../queues/feed.js';
import { startClock } from '../../queues/clock.js';
import { buildApp } from '../../api/app.js';

let h: Harness;
let key: string;
beforeAll(async () => {
  h = await createHarness({ FEED_ID_PREFIX: 'skillwatch', TRIAL_SCANS_PER_DAY: '0' });
  h.startWorkers();
  key = (await mintScanKey(h.db.pool, { scans: 100, source: 'test' })).key;
});
afterAll(async () => h?.close());

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const FEED_KEYS = ['title', 'description', 'website', 'rss_url', 'last_updated', 'items', 'stats', 'upgrade'];
const ITEM_KEYS = ['id', 'title', 'description', 'category', 'severity', 'slug', 'url', 'downloads', 'published_at'];

/** GET without Accept-Encoding (supertest asks for gzip by default): the bytes and ETag the publisher stored. */
const plain = (app: Harness['app'], path: string) => request(app).get(path).set('Accept-Encoding', 'identity');

/** GET over the harness's listening server with node:http, which (unlike supertest) leaves a gzipped body as it came. */
function rawGet(path: string, headers: Record<string, string>): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(`${h.baseUrl}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    }).on('error', reject);
  });
}

/** Asks for a regeneration and polls GET /api/feed until `done` holds. */
async function feedWhen(done: (body: any) => boolean): Promise<request.Response> {
  await requestFeedRegeneration(h.feedQueue, 'scan');
  const deadline = Date.now() + 15_000;
  for (;;) {
    const res = await request(h.app).get('/api/feed');
    if (res.status === 200 && done(res.body)) return res;
    if (Date.now() > deadline) throw new Error(`feed never matched: ${res.status} ${res.text.slice(0, 300)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function queueIdle(): Promise<void> {
  await expect.poll(async () => {
    const c = await h.feedQueue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
    return c.waiting + c.active + c.delayed + c.prioritized;
  }, { timeout: 15_000 }).toBe(0);
}

describe('before any scan', () => {
  it('builds the feed on its first read and serves an empty one', async () => {
    const res = await request(h.app).get('/api/feed');
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual([]);
    expect(res.body.stats).toMatchObject({ flagged_pct: '0.0%', total_scanned: 0, total_unsafe: 0 });
  });
});

describe('after a few scans', () => {
  let first: ResultBody;
  let second: ResultBody;
  let feed: any;
  beforeAll(async () => {
    await scanToCompletion(h.app, benignSkill('calm-formatter'), key);
    first = await scanToCompletion(h.app, maliciousSkill('stormy-weather', { downloads: 77 }), key);
    second = await scanToCompletion(h.app, maliciousSkill('evil-notes', { slug: null, downloads: 5 }), key);
    feed = (await feedWhen((b) => b.stats.total_scanned === 3)).body;
  });

  it('answers exactly the shape of spec 2.5, field by field', () => {
    expect(Object.keys(feed)).toEqual(FEED_KEYS);
    expect(feed.title).toBe(h.config.FEED_TITLE);
    expect(feed.description).toBe(h.config.FEED_DESCRIPTION);
    expect(feed.website).toBe(h.baseUrl);
    expect(feed.rss_url).toBe(`${h.baseUrl}/api/feed.rss`);
    expect(feed.last_updated).toMatch(ISO);
    expect(Object.keys(feed.stats)).toEqual(['flagged_pct', 'last_updated', 'total_scanned', 'total_unsafe']);
    expect(feed.stats).toEqual({ flagged_pct: '66.7%', last_updated: feed.last_updated, total_scanned: 3, total_unsafe: 2 });
    expect(Object.keys(feed.upgrade)).toEqual(['enterprise', 'pricing', 'message', 'l402_flow']);
    expect(feed.upgrade.enterprise).toMatch(/^https?:\/\//);
    expect(feed.upgrade.pricing).toMatch(/^https?:\/\//);
    expect(feed.upgrade.message).toMatch(/9 USD a month for 100 scans/);
    expect(feed.upgrade.message).toMatch(/1000 sats for 10 scans/);
    expect(feed.upgrade.l402_flow).toMatch(/POST \/api\/l402\/quickkey[\s\S]*pay[\s\S]*POST \/api\/l402\/redeem/);
  });

  it('lists the unsafe results newest first as ThreatItems', () => {
    expect(feed.items).toHaveLength(2);
    expect(feed.items.map((i: any) => i.id)).toEqual([`skillwatch-threat-${second.id}`, `skillwatch-threat-${first.id}`]);
    for (const item of feed.items) {
      expect(Object.keys(item)).toEqual(ITEM_KEYS);
      const hex = item.id.slice('skillwatch-threat-'.length);
      expect(hex).toMatch(/^[0-9a-f]{16}$/);
      expect(item.url).toBe(`${h.baseUrl}/api/scan/${hex}`);
      expect(item.url.endsWith(hex)).toBe(true);
      expect(item.severity).toMatch(/^(HIGH|CRITICAL)$/);
      expect(item.title).toContain(item.severity);
      expect(item.description).toMatch(/\d+ critical/);
      expect(typeof item.category).toBe('string');
      expect(item.category.length).toBeGreaterThan(0);
      expect(Number.isInteger(item.downloads)).toBe(true);
      expect(item.published_at).toMatch(ISO);
      expect(Date.parse(item.published_at)).toBeLessThanOrEqual(Date.parse(feed.last_updated));
    }
    const [newest, older] = feed.items;
    expect(newest).toMatchObject({ slug: '', downloads: 5, published_at: second.finished_at });
    expect(newest.title).toContain('evil-notes');
    expect(older).toMatchObject({ slug: 'acme/stormy-weather', downloads: 77, published_at: first.finished_at });
    expect(feed.last_updated).toBe(second.finished_at);
  });

  it('points each item at a result that serves the unsafe verdict', async () => {
    for (const item of feed.items) {
      const res = await request(h.app).get(new URL(item.url).pathname);
      expect(res.status).toBe(200);
      expect(res.body.result.verdict).toBe('unsafe');
      expect(res.body.result.highest_severity).toBe(item.severity);
    }
  });

  it('serves RSS 2.0 that rss-parser and @rowanmanning/feed-parser read with the same items as the JSON', async () => {
    const res = await request(h.app).get('/api/feed.rss').buffer(true).parse((r, cb) => {
      let text = '';
      r.setEncoding('utf8');
      r.on('data', (c: string) => (text += c));
      r.on('end', () => cb(null, text));
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    const xml = res.body as string;
    expect(XMLValidator.validate(xml)).toBe(true);
    const a = await new Parser().parseString(xml);
    expect(a.title).toBe(feed.title);
    expect(a.items.map((i) => ({ title: i.title, link: i.link, guid: i.guid, content: i.content }))).toEqual(
      feed.items.map((i: any) => ({ title: i.title, link: i.url, guid: i.id, content: htmlText(i.description) })));
    const b = parseFeed(xml);
    expect(b.title).toBe(feed.title);
    expect(b.items.map((i) => ({ title: i.title, url: i.url, id: i.id }))).toEqual(
      feed.items.map((i: any) => ({ title: i.title, url: i.url, id: i.id })));
    b.items.forEach((i, n) => expect(i.published?.getTime()).toBe(Math.floor(Date.parse(feed.items[n].published_at) / 1000) * 1000));
  });

  it('serves JSON with a strong ETag, Last-Modified and Cache-Control', async () => {
    const res = await request(h.app).get('/api/feed');
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers.etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    expect(res.headers['last-modified']).toBe(new Date(feed.last_updated).toUTCString());
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const rss = await request(h.app).get('/api/feed.rss');
    expect(rss.headers.etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    expect(rss.headers.etag).not.toBe(res.headers.etag);
    expect(rss.headers['last-modified']).toBe(res.headers['last-modified']);
  });

  it('answers 304 on a matching If-None-Match or If-Modified-Since, and 200 otherwise', async () => {
    const res = await request(h.app).get('/api/feed');
    const { etag } = res.headers;
    const lastModified = res.headers['last-modified'];
    const byTag = await request(h.app).get('/api/feed').set('If-None-Match', etag);
    expect(byTag.status).toBe(304);
    expect(byTag.text).toBe('');
    expect(byTag.headers.etag).toBe(etag);
    expect(byTag.headers['cache-control']).toBe('public, max-age=60');
    expect((await request(h.app).get('/api/feed').set('If-None-Match', `"other", W/${etag}`)).status).toBe(304);
    expect((await request(h.app).get('/api/feed').set('If-None-Match', '"other"')).status).toBe(200);
    expect((await request(h.app).get('/api/feed').set('If-Modified-Since', lastModified)).status).toBe(304);
    const earlier = new Date(Date.parse(lastModified) - 1000).toUTCString();
    expect((await request(h.app).get('/api/feed').set('If-Modified-Since', earlier)).status).toBe(200);
    // If-None-Match wins over If-Modified-Since.
    expect((await request(h.app).get('/api/feed').set('If-None-Match', '"other"').set('If-Modified-Since', lastModified)).status).toBe(200);
    const rss = await request(h.app).get('/api/feed.rss');
    expect((await request(h.app).get('/api/feed.rss').set('If-None-Match', rss.headers.etag)).status).toBe(304);
  });

  it('keeps the same ETag when the feed is regenerated without a new scan', async () => {
    const before = await plain(h.app, '/api/feed');
    const gzipped = await request(h.app).get('/api/feed').set('Accept-Encoding', 'gzip');
    const out = await publishFeed({ config: h.config, db: h.db.pool, redis: h.deps.redis });
    expect(out.jsonEtag).toBe(before.headers.etag);
    expect((await plain(h.app, '/api/feed')).headers.etag).toBe(before.headers.etag);
    expect((await request(h.app).get('/api/feed').set('Accept-Encoding', 'gzip')).headers.etag).toBe(gzipped.headers.etag);
  });

  it('serves the same bytes gzipped to a reader that accepts gzip, with their own ETag and Vary', async () => {
    const identity = await plain(h.app, '/api/feed');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.headers.vary).toBe('Accept-Encoding');
    expect(Number(identity.headers['content-length'])).toBe(Buffer.byteLength(identity.text));
    const raw = await rawGet('/api/feed', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(raw.status).toBe(200);
    expect(raw.headers['content-encoding']).toBe('gzip');
    expect(raw.headers.vary).toBe('Accept-Encoding');
    expect(raw.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Number(raw.headers['content-length'])).toBe(raw.body.length);
    expect(gunzipSync(raw.body).toString('utf8')).toBe(identity.text);
    expect(raw.headers.etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    expect(raw.headers.etag).not.toBe(identity.headers.etag);
    expect(raw.headers['last-modified']).toBe(identity.headers['last-modified']);
    // Each ETag names its own encoding: a 304 only for the one that would be served.
    const gz = (tag: string) => request(h.app).get('/api/feed').set('Accept-Encoding', 'gzip').set('If-None-Match', tag);
    expect((await gz(raw.headers.etag!)).status).toBe(304);
    expect((await gz(raw.headers.etag!)).headers.vary).toBe('Accept-Encoding');
    expect((await gz(identity.headers.etag)).status).toBe(200);
    expect((await plain(h.app, '/api/feed').set('If-None-Match', raw.headers.etag!)).status).toBe(200);
    // Refused by q=0, or not offered at all: identity.
    for (const header of ['gzip;q=0', 'gzip;q=0, *;q=1', 'br', 'identity']) {
      const res = await request(h.app).get('/api/feed').set('Accept-Encoding', header);
      expect([header, res.headers['content-encoding']]).toEqual([header, undefined]);
      expect(res.headers.etag).toBe(identity.headers.etag);
    }
    for (const header of ['*', 'GZIP;q=0.5', 'deflate, x-gzip']) {
      const res = await rawGet('/api/feed', { 'Accept-Encoding': header });
      expect([header, res.headers['content-encoding']]).toEqual([header, 'gzip']);
    }
    const rss = await rawGet('/api/feed.rss', { 'Accept-Encoding': 'gzip' });
    expect(rss.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(rss.body).toString('utf8')).toBe((await plain(h.app, '/api/feed.rss')).text);
  });

  it('answers HEAD with the headers of a GET and no body', async () => {
    const get = await plain(h.app, '/api/feed');
    const head = await request(h.app).head('/api/feed').set('Accept-Encoding', 'identity');
    expect(head.status).toBe(200);
    expect(head.text ?? '').toBe('');
    for (const name of ['etag', 'last-modified', 'cache-control', 'content-type', 'content-length', 'vary']) expect(head.headers[name]).toBe(get.headers[name]);
    expect((await request(h.app).head('/api/feed').set('Accept-Encoding', 'identity').set('If-None-Match', get.headers.etag)).status).toBe(304);
  });

  it('publishes a new ETag after a new unsafe scan, on the scan worker\'s own request', async () => {
    const before = await request(h.app).get('/api/feed');
    const third = await scanToCompletion(h.app, maliciousSkill('fresh-threat'), key);
    const deadline = Date.now() + 15_000;
    let after = before;
    while (after.headers.etag === before.headers.etag && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      after = await request(h.app).get('/api/feed');
    }
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.body.items[0].id).toBe(`skillwatch-threat-${third.id}`);
    expect(after.body.stats).toMatchObject({ total_scanned: 4, total_unsafe: 3, flagged_pct: '75.0%' });
    expect((await request(h.app).get('/api/feed').set('If-None-Match', before.headers.etag)).status).toBe(200);
  });

  it('limits the items to FEED_ITEMS_LIMIT while the stats still count every scan', async () => {
    const saved = h.config.FEED_ITEMS_LIMIT;
    h.config.FEED_ITEMS_LIMIT = 1;
    try {
      await publishFeed({ config: h.config, db: h.db.pool, redis: h.deps.redis });
      // Served once the store's announcement has reached this process.
      const itemsServed = async () => (await request(h.app).get('/api/feed')).body.items.length;
      await expect.poll(itemsServed, { timeout: 5000, interval: 20 }).toBe(1);
      expect((await request(h.app).get('/api/feed')).body.stats.total_unsafe).toBe(3);
    } finally {
      h.config.FEED_ITEMS_LIMIT = saved;
      await publishFeed({ config: h.config, db: h.db.pool, redis: h.deps.redis });
      await expect.poll(async () => (await request(h.app).get('/api/feed')).body.items.length, { timeout: 5000, interval: 20 }).toBe(3);
    }
  });

  it('never lets a rendering read earlier replace the one stored', async () => {
    const before = await request(h.app).get('/api/feed');
    const out = await storeRenderings(h.deps.redis, h.config.QUEUE_PREFIX, { json: '{}', rss: '<rss/>', lastModified: new Date(0), version: 1 });
    expect(out.stored).toBe(false);
    expect((await request(h.app).get('/api/feed')).text).toBe(before.text);
  });
});

describe('regeneration requests', () => {
  it('collapses the same tick from two clocks and a burst of scan requests into one waiting job', async () => {
    await queueIdle();
    await h.stopWorkers();
    try {
      const tick = Date.UTC(2030, 0, 1, 0, 0);
      await enqueueFeedTick(h.feedQueue, tick);
      await enqueueFeedTick(h.feedQueue, tick);
      await Promise.all(Array.from({ length: 20 }, () => requestFeedRegeneration(h.feedQueue, 'scan')));
      const counts = await h.feedQueue.getJobCounts('waiting', 'prioritized', 'delayed');
      expect(counts.waiting + counts.prioritized + counts.delayed).toBe(1);
      expect((await h.feedQueue.getJob(`tick-${tick}`))?.data).toEqual({ reason: 'tick', tick });
    } finally {
      h.startWorkers();
    }
    await queueIdle();
  });

  it('runs one regeneration per tick with two clocks on a one-second schedule', async () => {
    await queueIdle();
    const log = createLogger('silent');
    const config = { ...h.config, FEED_CRON: '* * * * * *', RECONCILE_CRON: '0 0 1 1 *' };
    const add = vi.spyOn(h.feedQueue, 'add');
    const started = Date.now();
    const clocks = [startClock(config, h.maintenanceQueue, log, h.feedQueue), startClock(config, h.maintenanceQueue, log, h.feedQueue)];
    await new Promise((r) => setTimeout(r, 3500));
    await Promise.all(clocks.map((c) => c.stop()));
    const calls = [...add.mock.calls];
    add.mockRestore();
    await queueIdle();
    const asked = new Map<string, number>();
    for (const call of calls) {
      const id = call[2]?.jobId;
      if (id) asked.set(id, (asked.get(id) ?? 0) + 1);
    }
    // Both clocks asked for (nearly) every tick...
    expect(asked.size).toBeGreaterThanOrEqual(3);
    expect([...asked.values()].filter((n) => n === 2).length).toBeGreaterThanOrEqual(2);
    // ...and each tick ran at most once.
    const ran = (await h.feedQueue.getJobs(['completed'])).filter((j) => j.id?.startsWith('tick-') && j.timestamp >= started);
    expect(ran.length).toBeGreaterThanOrEqual(1);
    expect(ran.length).toBeLessThanOrEqual(asked.size);
    expect(new Set(ran.map((j) => j.id)).size).toBe(ran.length);
    for (const j of ran) expect(asked.has(j.id!)).toBe(true);
  });
});

describe('several web processes, each with its copy of the rendering', () => {
  it('serves a newly stored rendering from every web process soon after the store, and 304 only for the new ETag', async () => {
    const webs = [h.app, buildApp(h.deps)];
    const before = await Promise.all(webs.map((app) => plain(app, '/api/feed')));
    const beforeRss = await Promise.all(webs.map((app) => plain(app, '/api/feed.rss')));
    expect(before[1].text).toBe(before[0].text);
    expect(beforeRss[1].text).toBe(beforeRss[0].text);

    // As another worker would: a new rendering, stored while both hold the old one.
    const json = JSON.stringify({ ...JSON.parse(before[0].text), title: 'Renamed by the next build' });
    const rss = beforeRss[0].text.replace(/<title>[^<]*<\/title>/, '<title>Renamed by the next build</title>');
    const lastModified = new Date(Date.now() + 60_000);
    const out = await storeRenderings(h.deps.redis, h.config.QUEUE_PREFIX, { json, rss, lastModified, version: Date.now() + 1 });
    expect(out.stored).toBe(true);

    for (const app of webs) {
      // The store is announced over pub/sub: each process drops its copy when the message lands.
      await expect.poll(async () => (await plain(app, '/api/feed')).text, { timeout: 5000, interval: 20 }).toBe(json);
      const res = await plain(app, '/api/feed');
      expect(res.status).toBe(200);
      expect(res.headers.etag).toBe(out.jsonEtag);
      expect(res.headers['last-modified']).toBe(new Date(Math.floor(lastModified.getTime() / 1000) * 1000).toUTCString());
      expect((await plain(app, '/api/feed.rss')).text).toBe(rss);
      expect((await plain(app, '/api/feed').set('If-None-Match', before[0].headers.etag)).status).toBe(200);
      expect((await plain(app, '/api/feed').set('If-None-Match', out.jsonEtag)).status).toBe(304);
      expect((await plain(app, '/api/feed.rss').set('If-None-Match', out.rssEtag)).status).toBe(304);
    }
  });

  it('answers a burst of concurrent reads with the same stored bytes', async () => {
    const stored = await request(h.app).get('/api/feed');
    const burst = await Promise.all(Array.from({ length: 30 }, (_, i) => request(h.app).get(i % 2 ? '/api/feed' : '/api/feed.rss')));
    for (const [i, res] of burst.entries()) {
      expect(res.status).toBe(200);
      if (i % 2) expect(res.text).toBe(stored.text);
    }
    expect(new Set(burst.filter((_, i) => i % 2 === 0).map((r) => r.text)).size).toBe(1);
  });
});
