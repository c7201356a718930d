/**
 * The pure half of the threat feed: rows -> feed object -> JSON and RSS text. The I/O half
 * (querying Postgres, publishing to Redis) lives beside it and imports from here.
 */
export { buildFeed, cleanText, describeThreat, formatFlaggedPct, MAX_TEXT_CHARS, PAID_TIER, PAY_PER_USE } from './build.js';
export { renderJson } from './render-json.js';
export { renderRss, RSS_TTL_MINUTES, xmlSafe } from './render-rss.js';
export type {
  FeedRow,
  FeedSettings,
  FeedStats,
  FeedStatsRow,
  FeedUpgrade,
  Severity,
  ThreatFeed,
  ThreatItem,
} from './types.js';
