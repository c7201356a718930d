import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { createRedis } from '../../shared/redis.js';
import { feedKey, storeRenderings, strongEtag } from '../../shared/feed-store.js';
import { createFeedCache, type FeedCache } from '../../api/feed-cache.js';
import { subscribeFeedUpdates, type FeedUpdates } from '../../api/feed-updates.js';
import { redisUrl } from '../helpers/urls.js';

const redis = createRedis(redisUrl(), 'producer');
const prefix = `t${randomBytes(5).toString('hex')}`;
const opened: FeedUpdates[] = [];
let version = 1;

beforeAll(async () => redis.connect());
afterEach(async () => Promise.all(opened.splice(0).map((u) => u.close())));
afterAll(async () => {
  await redis.del(feedKey(prefix));
  await redis.quit();
});

/** Stores a rendering the way the worker does: in one script that also announces it. */
async function publish(title: string): Promise<string> {
  const json = JSON.stringify({ title });
  await storeRenderings(redis, prefix, { json, rss: `<rss>${title}</rss>`, lastModified: new Date(), version: version++ });
  return json;
}

/** Stores a rendering with no announcement: a message lost, or a publisher that does not announce. */
async function storeSilently(title: string): Promise<string> {
  const json = JSON.stringify({ title });
  const rss = `<rss>${title}</rss>`;
  await redis.hset(feedKey(prefix), {
    version: version++, last_modified: Date.now(), json, json_etag: strongEtag(json), rss, rss_etag: strongEtag(rss),
  });
  return json;
}

async function subscribed(): Promise<FeedUpdates> {
  const updates = subscribeFeedUpdates(redis, prefix);
  opened.push(updates);
  await expect.poll(() => updates.live, { timeout: 5000, interval: 10 }).toBe(true);
  return updates;
}

/** What the route serves: the copy when it is known current, else what a check finds. */
async function served(cache: FeedCache): Promise<string | undefined> {
  const rendering = cache.current('json') ?? (await cache.read('json'));
  return rendering?.identity.body.toString('utf8');
}

/**
 * Reads until `cache` holds `json` as known current: a read sent before the announcement of the
 * store it found landed is not trusted (the announcement might have been of a later store).
 */
async function settled(cache: FeedCache, json: string): Promise<void> {
  await expect.poll(async () => {
    await served(cache);
    return cache.current('json')?.identity.body.toString('utf8');
  }, { timeout: 5000, interval: 10 }).toBe(json);
}

describe('a web process\'s copy of the feed', () => {
  it('serves its copy without asking Redis until a store is announced, then the new rendering', async () => {
    const updates = await subscribed();
    const cache = createFeedCache(redis, prefix, { updates, revalidateMs: 60_000 });
    const first = await publish('first');
    await settled(cache, first);

    const second = await publish('second');
    // Dropped when the announcement lands, long before the 60 s revalidation.
    await expect.poll(() => cache.current('json'), { timeout: 5000, interval: 10 }).toBeUndefined();
    expect(await served(cache)).toBe(second);
    expect(cache.current('json')?.identity.body.toString('utf8')).toBe(second);
  });

  it('serves a store whose announcement was lost within revalidateMs', async () => {
    const updates = await subscribed();
    const unbounded = createFeedCache(redis, prefix, { updates, revalidateMs: 60_000 });
    const bounded = createFeedCache(redis, prefix, { updates, revalidateMs: 200 });
    const before = await publish('before the lost message');
    await settled(unbounded, before);
    expect(await served(bounded)).toBe(before);

    const after = await storeSilently('after the lost message');
    // Nothing tells the copies: the one trusted for a minute keeps serving the old rendering...
    expect(await served(unbounded)).toBe(before);
    // ...the one revalidated every 200 ms serves the new one within that.
    await expect.poll(() => served(bounded), { timeout: 5000, interval: 20 }).toBe(after);
  });

  it('checks its copy again after the subscription was lost and restored', async () => {
    const updates = await subscribed();
    const cache = createFeedCache(redis, prefix, { updates, revalidateMs: 60_000 });
    const before = await publish('before the outage');
    await settled(cache, before);

    // Stored while nobody listens would be missed; a lost connection is treated as a missed store.
    const after = await storeSilently('during the outage');
    updates.connection.disconnect(true);
    await expect.poll(() => updates.live, { timeout: 5000, interval: 10 }).toBe(false);
    expect(cache.current('json')).toBeUndefined();
    expect(await served(cache)).toBe(after);
    await expect.poll(() => updates.live, { timeout: 5000, interval: 10 }).toBe(true);
    expect(await served(cache)).toBe(after);
    expect(cache.current('json')?.identity.body.toString('utf8')).toBe(after);
  });

  it('asks Redis on every read without announcements or with revalidateMs 0', async () => {
    const updates = await subscribed();
    const caches = [createFeedCache(redis, prefix, { revalidateMs: 60_000 }), createFeedCache(redis, prefix, { updates, revalidateMs: 0 })];
    const before = await publish('before');
    for (const cache of caches) {
      expect(await served(cache)).toBe(before);
      expect(cache.current('json')).toBeUndefined();
    }
    const after = await storeSilently('after');
    for (const cache of caches) expect(await served(cache)).toBe(after);
  });

  it('keeps one gzipped copy per rendering, with the ETag of the gzipped bytes', async () => {
    const updates = await subscribed();
    const cache = createFeedCache(redis, prefix, { updates, revalidateMs: 60_000 });
    await publish('gzipped');
    const a = await cache.read('rss');
    const b = await cache.read('rss');
    expect(b).toBe(a);
    expect(a!.gzip.etag).toBe(strongEtag(a!.gzip.body));
    expect(a!.gzip.etag).not.toBe(a!.identity.etag);
    expect(a!.identity.etag).toBe(strongEtag(a!.identity.body));
  });
});
