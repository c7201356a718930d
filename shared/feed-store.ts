/**
 * The last rendering of the threat feed, kept in Redis: the JSON and the RSS text, each with
 * its strong ETag, and the Last-Modified time they share. The publisher (feed/publish.ts)
 * writes it; GET /api/feed and /api/feed.rss read it. One hash written by one script, so the
 * two forms always come from the same build.
 */
import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

export type FeedFormat = 'json' | 'rss';

export interface FeedRenderings {
  json: string;
  rss: string;
  /** The feed's `last_updated`: when the newest scan finished. */
  lastModified: Date;
  /**
   * When the rows were read (ms). A rendering read earlier than the stored one is dropped: a
   * slow regeneration must not replace a newer one that finished before it.
   */
  version: number;
}

export interface StoredRendering {
  body: string;
  etag: string;
  lastModified: Date;
}

export function feedKey(prefix: string): string {
  return `${prefix}:feed:rendering`;
}

/**
 * The channel on which every store is announced (its version as the message), so that web
 * processes holding a copy drop it at once instead of asking Redis on each read. Pub/sub
 * delivers at most once: a reader must not rely on it alone (api/feed-cache.ts).
 */
export function feedChannel(prefix: string): string {
  return `${prefix}:feed:stored`;
}

/** A strong validator: a quoted, truncated sha256 of the exact bytes served (192 bits). */
export function strongEtag(body: string | Buffer): string {
  const hash = typeof body === 'string' ? createHash('sha256').update(body, 'utf8') : createHash('sha256').update(body);
  return `"${hash.digest('base64url').slice(0, 32)}"`;
}

// Compare-and-set in one script: atomic, so JSON and RSS never come from different builds. The
// announcement is part of it: no reader can see the new rendering stored and miss its message
// for any reason but a lost subscription.
const PUBLISH = `
local current = redis.call('HGET', KEYS[1], 'version')
if current and tonumber(current) > tonumber(ARGV[1]) then return 0 end
redis.call('HSET', KEYS[1], 'version', ARGV[1], 'last_modified', ARGV[2],
  'json', ARGV[3], 'json_etag', ARGV[4], 'rss', ARGV[5], 'rss_etag', ARGV[6])
redis.call('PUBLISH', ARGV[7], ARGV[1])
return 1`;

export interface PublishOutcome {
  /** False when a newer rendering was already stored and this one was dropped. */
  stored: boolean;
  jsonEtag: string;
  rssEtag: string;
}

export async function storeRenderings(redis: Redis, prefix: string, r: FeedRenderings): Promise<PublishOutcome> {
  const jsonEtag = strongEtag(r.json);
  const rssEtag = strongEtag(r.rss);
  const stored = await redis.eval(
    PUBLISH, 1, feedKey(prefix), String(r.version), String(r.lastModified.getTime()), r.json, jsonEtag, r.rss, rssEtag, feedChannel(prefix),
  );
  return { stored: Number(stored) === 1, jsonEtag, rssEtag };
}

/** The stored rendering of one form, or undefined when the feed was never published. */
export async function readRendering(redis: Redis, prefix: string, format: FeedFormat): Promise<StoredRendering | undefined> {
  const [body, etag, lastModified] = await redis.hmget(feedKey(prefix), format, `${format}_etag`, 'last_modified');
  if (body === null || etag === null || lastModified === null) return undefined;
  return { body, etag, lastModified: new Date(Number(lastModified)) };
}

/**
 * What identifies the stored rendering of one form, without its body: its ETag (a hash of the
 * exact bytes) and Last-Modified. Two small fields, so a reader holding a copy can check it
 * is still the stored one for the price of a round trip.
 */
export async function readValidators(redis: Redis, prefix: string, format: FeedFormat): Promise<{ etag: string; lastModified: Date } | undefined> {
  const [etag, lastModified] = await redis.hmget(feedKey(prefix), `${format}_etag`, 'last_modified');
  if (etag === null || lastModified === null) return undefined;
  return { etag, lastModified: new Date(Number(lastModified)) };
}

/** The stored rendering's Last-Modified alone (for the feed-age metric), or undefined when none is stored. */
export async function readLastModified(redis: Redis, prefix: string): Promise<Date | undefined> {
  const at = await redis.hget(feedKey(prefix), 'last_modified');
  return at === null ? undefined : new Date(Number(at));
}
