/**
 * The I/O half of the threat feed, and the only I/O in feed/: read the newest unsafe results
 * and the counts from Postgres, build, render both forms, and store them in Redis for the
 * routes to serve.
 */
import type { Redis } from 'ioredis';
import type { Config } from '../shared/config.js';
import { MONTHLY_SCANS } from '../shared/scans/plans.js';
import type { Db } from '../shared/db/pool.js';
import { feedSnapshot } from '../shared/scans/feed-snapshot.js';
import { storeRenderings } from '../shared/feed-store.js';
import { buildFeed } from './build.js';
import { renderJson } from './render-json.js';
import { renderRss } from './render-rss.js';
import type { FeedSettings } from './types.js';

export interface PublishDeps {
  config: Config;
  db: Db;
  redis: Redis;
}

export interface PublishResult {
  /** False when a rendering read later had already been stored; this one was dropped. */
  stored: boolean;
  items: number;
  totalScanned: number;
  totalUnsafe: number;
  lastUpdated: string;
  jsonEtag: string;
  rssEtag: string;
  /** Time spent in each step, in ms. */
  timings: { query: number; build: number; render: number; store: number; total: number };
}

/** The operator's feed settings; read at call time because the base URLs may be set late. */
export function feedSettings(config: Config): FeedSettings {
  const base = config.scanBaseUrl;
  return {
    title: config.FEED_TITLE,
    description: config.FEED_DESCRIPTION,
    website: config.FEED_WEBSITE_URL ?? base,
    scanBaseUrl: base,
    idPrefix: config.FEED_ID_PREFIX,
    pricingUrl: config.FEED_PRICING_URL ?? `${base}/docs`,
    enterpriseUrl: config.FEED_ENTERPRISE_URL ?? `${base}/docs`,
    offers: {
      usdPerMonth: config.SCAN_MONTHLY_USD.replace(/\.00$/, ''), monthlyScans: MONTHLY_SCANS,
      packSats: config.L402_PACK_SATS, packScans: config.L402_PACK_SCANS,
    },
  };
}

/**
 * Regenerates the feed once. `now` is the time the newest scan finished, not the wall clock,
 * so the bytes and ETags stay the same from one regeneration to the next until a scan finishes.
 */
export async function publishFeed(deps: PublishDeps): Promise<PublishResult> {
  const t0 = performance.now();
  const snap = await feedSnapshot(deps.db, deps.config.FEED_ITEMS_LIMIT);
  const t1 = performance.now();
  const feed = buildFeed(snap.rows, snap.stats, feedSettings(deps.config), snap.newest);
  const t2 = performance.now();
  const json = renderJson(feed);
  const rss = renderRss(feed);
  const t3 = performance.now();
  const out = await storeRenderings(deps.redis, deps.config.QUEUE_PREFIX, {
    json, rss, lastModified: snap.newest, version: snap.readAt.getTime(),
  });
  const t4 = performance.now();
  const ms = (a: number, b: number) => Math.round((b - a) * 100) / 100;
  return {
    stored: out.stored,
    items: feed.items.length,
    totalScanned: feed.stats.total_scanned,
    totalUnsafe: feed.stats.total_unsafe,
    lastUpdated: feed.last_updated,
    jsonEtag: out.jsonEtag,
    rssEtag: out.rssEtag,
    timings: { query: ms(t0, t1), build: ms(t1, t2), render: ms(t2, t3), store: ms(t3, t4), total: ms(t0, t4) },
  };
}
