/**
 * A web process's copy of the feed's last rendering, so that a read does not fetch and convert
 * the whole body from Redis each time. Every read still asks Redis which rendering is stored,
 * by its ETag and Last-Modified only (two short fields), and serves the copy only when they
 * match: a new rendering is served by every web process from its first read after the store,
 * and nothing here can go stale when several processes serve the feed.
 *
 * Reads that arrive while a check is in flight share it instead of sending their own: under
 * load, one round trip answers a whole batch of requests. A request can then be answered with
 * what Redis held up to one round trip (a fraction of a millisecond) before it arrived.
 */
import type { Redis } from 'ioredis';
import { readRendering, readValidators, type FeedFormat } from '../shared/feed-store.js';

export interface CachedRendering {
  /** The exact bytes served (the ETag is their hash). */
  body: Buffer;
  etag: string;
  lastModified: Date;
  /** Last-Modified as an HTTP date, formatted once. */
  lastModifiedHttp: string;
}

export interface FeedCache {
  /** The stored rendering of `format`, from the copy when it is still the stored one; undefined when none is stored. */
  read(format: FeedFormat): Promise<CachedRendering | undefined>;
}

export function createFeedCache(redis: Redis, prefix: string): FeedCache {
  const held = new Map<FeedFormat, CachedRendering>();
  const checking = new Map<FeedFormat, Promise<CachedRendering | undefined>>();

  async function check(format: FeedFormat): Promise<CachedRendering | undefined> {
    const stored = await readValidators(redis, prefix, format);
    if (!stored) return undefined;
    const copy = held.get(format);
    if (copy && copy.etag === stored.etag && copy.lastModified.getTime() === stored.lastModified.getTime()) return copy;
    // Body, ETag and Last-Modified come together from one HMGET: consistent even if a newer
    // rendering was stored since the check above.
    const fresh = await readRendering(redis, prefix, format);
    if (!fresh) return undefined;
    const entry: CachedRendering = {
      body: Buffer.from(fresh.body, 'utf8'), etag: fresh.etag, lastModified: fresh.lastModified, lastModifiedHttp: fresh.lastModified.toUTCString(),
    };
    held.set(format, entry);
    return entry;
  }

  return {
    read(format) {
      let pending = checking.get(format);
      if (!pending) {
        pending = check(format).finally(() => checking.delete(format));
        checking.set(format, pending);
      }
      return pending;
    },
  };
}
