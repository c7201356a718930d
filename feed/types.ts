/**
 * Types of the public threat feed (service spec section 2.5) and of the rows it is built from.
 *
 * The row types describe what the lead's SQL returns; the feed types are the published shape,
 * field for field and in the order of the spec, because JSON.stringify keeps insertion order
 * and readers diff the feed as text.
 */
import type { Severity } from '../shared/scanner/types.js';
import type { UnsafeScanRow } from '../shared/scans/feed-snapshot.js';

export type { Severity };

/**
 * One unsafe scan result, newest first, already limited by SQL: the row the feed snapshot
 * query returns (shared/scans/feed-snapshot.ts). `skill_name`, `slug` and `category` come from
 * the scanned skill and are attacker-controlled; buildFeed cleans them before they reach any
 * output.
 */
export type FeedRow = UnsafeScanRow;

/** Counts over all scans, safe and unsafe. */
export interface FeedStatsRow {
  total_scanned: number;
  total_unsafe: number;
}

/** Operator settings of the feed, read from config by the caller. */
export interface FeedSettings {
  title: string;
  description: string;
  /** Public website of the scanner, e.g. the scan base URL. */
  website: string;
  /** Absolute origin without a trailing slash; rss_url and item urls hang off it. */
  scanBaseUrl: string;
  /** FEED_ID_PREFIX: item ids are `${idPrefix}-threat-${result_id}`. */
  idPrefix: string;
  pricingUrl: string;
  enterpriseUrl: string;
  /** What the `upgrade` block offers; the spec's figures (PAID_TIER, PAY_PER_USE) when absent. */
  offers?: { usdPerMonth: string; monthlyScans: number; packSats: number; packScans: number };
}

/** One malicious skill in the feed (spec 2.5, ThreatItem). */
export interface ThreatItem {
  id: string;
  title: string;
  description: string;
  /** Empty string when the row had no category. */
  category: string;
  /** Upper case. */
  severity: string;
  /** Empty string when the row had no slug. */
  slug: string;
  /** Trial result address, ending in the 16 hex characters of the id. */
  url: string;
  downloads: number;
  /** ISO 8601 UTC. */
  published_at: string;
}

/** The `stats` block of the feed. */
export interface FeedStats {
  /** total_unsafe / total_scanned, one decimal, percent sign: "12.5%". */
  flagged_pct: string;
  last_updated: string;
  total_scanned: number;
  total_unsafe: number;
}

/** The `upgrade` block of the feed: how to buy more scans. */
export interface FeedUpgrade {
  enterprise: string;
  pricing: string;
  message: string;
  l402_flow: string;
}

/** The whole feed (spec 2.5), keys in the order of the spec. */
export interface ThreatFeed {
  title: string;
  description: string;
  website: string;
  rss_url: string;
  last_updated: string;
  items: ThreatItem[];
  stats: FeedStats;
  upgrade: FeedUpgrade;
}
