/**
 * Renders the threat feed as JSON. Pure and deterministic: the same feed gives the same bytes,
 * so the publisher can hash them for the ETag.
 */
import type { ThreatFeed, ThreatItem } from './types.js';

/*
 * Escaped after stringifying, still valid JSON with the same value: "<" and ">" so the feed can
 * be inlined in a <script> without a skill name closing it, "&" for HTML attribute contexts,
 * and U+2028/U+2029, which JSON allows raw but older JavaScript parsers treat as line ends.
 */
const HTML_UNSAFE = /[<>&\u2028\u2029]/g;

function escapeForHtml(json: string): string {
  return json.replace(HTML_UNSAFE, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Copies an item key by key, so the output has exactly the spec's keys in the spec's order. */
function pickItem(item: ThreatItem): ThreatItem {
  return {
    id: item.id,
    title: item.title,
    description: item.description,
    category: item.category,
    severity: item.severity,
    slug: item.slug,
    url: item.url,
    downloads: item.downloads,
    published_at: item.published_at,
  };
}

/**
 * The feed as compact JSON. Keys come out in the order of spec 2.5 even if the object was
 * assembled elsewhere, and fields that are not in the spec are left out.
 */
export function renderJson(feed: ThreatFeed): string {
  const canonical: ThreatFeed = {
    title: feed.title,
    description: feed.description,
    website: feed.website,
    rss_url: feed.rss_url,
    last_updated: feed.last_updated,
    items: feed.items.map(pickItem),
    stats: {
      flagged_pct: feed.stats.flagged_pct,
      last_updated: feed.stats.last_updated,
      total_scanned: feed.stats.total_scanned,
      total_unsafe: feed.stats.total_unsafe,
    },
    upgrade: {
      enterprise: feed.upgrade.enterprise,
      pricing: feed.upgrade.pricing,
      message: feed.upgrade.message,
      l402_flow: feed.upgrade.l402_flow,
    },
  };
  return escapeForHtml(JSON.stringify(canonical));
}
