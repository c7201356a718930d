/**
 * A web process's copy of the feed's last rendering, so that a read neither fetches the body
 * from Redis nor, most of the time, asks Redis anything.
 *
 * A copy is served without asking while it is known current: the store announcements
 * (feed-updates.ts) are live, none arrived since the copy was checked, and the check is less
 * than `revalidateMs` old. The last bound is for a message lost on a live connection: it cannot
 * keep a stale feed longer than that. Otherwise a read asks Redis which rendering is stored, by
 * its ETag and Last-Modified (two short fields), and fetches the body only when it changed.
 * Without announcements (or with `revalidateMs` 0) every read asks, as before.
 *
 * Reads that arrive while a check is in flight share it, unless a store was announced since it
 * started: under load one round trip answers a whole batch of requests.
 */
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { Redis } from 'ioredis';
import { readRendering, readValidators, strongEtag, type FeedFormat } from '../shared/feed-store.js';
import type { FeedUpdates } from './feed-updates.js';

const gzipAsync = promisify(gzip);

/** One encoding of a rendering: the exact bytes served and their strong ETag. */
export interface EncodedBody {
  body: Buffer;
  etag: string;
}

export interface CachedRendering {
  /** The stored bytes; the ETag is the one the publisher stored with them. */
  identity: EncodedBody;
  /** The same bytes gzipped once per rendering, with the ETag of the gzipped bytes. */
  gzip: EncodedBody;
  lastModified: Date;
  /** Last-Modified as an HTTP date, formatted once. */
  lastModifiedHttp: string;
}

export interface FeedCache {
  /** The copy of `format` when it may be served without asking Redis, else undefined (then `read`). */
  current(format: FeedFormat): CachedRendering | undefined;
  /** The stored rendering of `format`, from the copy when it is still the stored one; undefined when none is stored. */
  read(format: FeedFormat): Promise<CachedRendering | undefined>;
}

export interface FeedCacheOptions {
  /** Store announcements; without them every read asks Redis. */
  updates?: FeedUpdates;
  /** The longest a copy is served without asking Redis; 0 asks on every read. */
  revalidateMs: number;
}

interface Held {
  rendering: CachedRendering;
  /** The announcement count when its check was sent: a later announcement makes it unsure. */
  generation: number;
  checkedAt: number;
}

/** Gzip at the highest level: once per rendering, and every reader saves the bytes. */
async function encode(body: string, etag: string, lastModified: Date): Promise<CachedRendering> {
  const identity = Buffer.from(body, 'utf8');
  const gzipped = await gzipAsync(identity, { level: 9 });
  return {
    identity: { body: identity, etag },
    gzip: { body: gzipped, etag: strongEtag(gzipped) },
    lastModified,
    lastModifiedHttp: lastModified.toUTCString(),
  };
}

export function createFeedCache(redis: Redis, prefix: string, options: FeedCacheOptions): FeedCache {
  const { updates, revalidateMs } = options;
  const held = new Map<FeedFormat, Held>();
  const checking = new Map<FeedFormat, { generation: number; pending: Promise<CachedRendering | undefined> }>();
  let generation = 0;
  updates?.onChange(() => generation++);

  /** Keeps what a check found, unless a check sent later already kept something. */
  function keep(format: FeedFormat, rendering: CachedRendering, asOf: number, checkedAt: number): CachedRendering {
    if ((held.get(format)?.generation ?? -1) <= asOf) held.set(format, { rendering, generation: asOf, checkedAt });
    return rendering;
  }

  async function check(format: FeedFormat, startedAt: number, asOf: number): Promise<CachedRendering | undefined> {
    const stored = await readValidators(redis, prefix, format);
    if (!stored) return undefined;
    const copy = held.get(format)?.rendering;
    if (copy && copy.identity.etag === stored.etag && copy.lastModified.getTime() === stored.lastModified.getTime()) {
      return keep(format, copy, asOf, startedAt);
    }
    // Body, ETag and Last-Modified come together from one HMGET: consistent even if a newer
    // rendering was stored since the check above.
    const fresh = await readRendering(redis, prefix, format);
    if (!fresh) return undefined;
    return keep(format, await encode(fresh.body, fresh.etag, fresh.lastModified), asOf, startedAt);
  }

  return {
    current(format) {
      const copy = held.get(format);
      if (!copy || !updates?.live || copy.generation !== generation) return undefined;
      return Date.now() - copy.checkedAt < revalidateMs ? copy.rendering : undefined;
    },
    read(format) {
      const inFlight = checking.get(format);
      if (inFlight && inFlight.generation === generation) return inFlight.pending;
      const asOf = generation;
      const pending = check(format, Date.now(), asOf).finally(() => {
        if (checking.get(format)?.pending === pending) checking.delete(format);
      });
      checking.set(format, { generation: asOf, pending });
      return pending;
    },
  };
}
