import { describe, expect, it } from 'vitest';
import { buildFeed, renderJson } from '../../feed/index.js';
import type { FeedRow, ThreatFeed } from '../../feed/index.js';
import { FEED_NOW as now, feedSettings as settings } from '../helpers/feed-fixtures.js';

function row(n: number, skillName: string): FeedRow {
  return {
    result_id: n.toString(16).padStart(16, '0'),
    skill_name: skillName,
    slug: null,
    category: 'prompt-injection',
    severity: 'HIGH',
    critical_count: 0,
    high_count: 1,
    downloads: n,
    created_at: new Date(Date.UTC(2030, 0, 1, 0, 0, n)),
  };
}

const hostile = ['</script><script>alert(1)</script>', 'a & b', 'line\u2028sep\u2029para', '😀 "quoted"'];
const feed = buildFeed(hostile.map((name, i) => row(i + 1, name)), { total_scanned: 9, total_unsafe: 4 }, settings, now);

describe('renderJson', () => {
  it('round-trips through JSON.parse to the built feed', () => {
    expect(JSON.parse(renderJson(feed))).toEqual(feed);
  });

  it('escapes < > & and U+2028/U+2029 so the JSON can be inlined in HTML', () => {
    const json = renderJson(feed);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(json).toContain('\\u003c/script\\u003e');
    expect(JSON.parse(json).items.map((i: { title: string }) => i.title)).toEqual(feed.items.map((i) => i.title));
  });

  it('writes the keys of spec 2.5 in order even for an object assembled otherwise, and nothing else', () => {
    const shuffled = {
      secret: 'not in the spec',
      upgrade: { ...feed.upgrade },
      stats: { total_unsafe: 4, total_scanned: 9, last_updated: feed.stats.last_updated, flagged_pct: '44.4%' },
      items: feed.items.map((item) => ({ extra: 1, ...Object.fromEntries(Object.entries(item).reverse()) })),
      last_updated: feed.last_updated,
      rss_url: feed.rss_url,
      website: feed.website,
      description: feed.description,
      title: feed.title,
    } as unknown as ThreatFeed;
    const parsed = JSON.parse(renderJson(shuffled));
    expect(Object.keys(parsed)).toEqual(['title', 'description', 'website', 'rss_url', 'last_updated', 'items', 'stats', 'upgrade']);
    expect(Object.keys(parsed.stats)).toEqual(['flagged_pct', 'last_updated', 'total_scanned', 'total_unsafe']);
    expect(Object.keys(parsed.items[0])).toEqual(['id', 'title', 'description', 'category', 'severity', 'slug', 'url', 'downloads', 'published_at']);
    expect(renderJson(shuffled)).toBe(renderJson(feed));
  });

  it('gives the same bytes every time for the same feed', () => {
    const again = buildFeed(hostile.map((name, i) => row(i + 1, name)), { total_scanned: 9, total_unsafe: 4 }, settings, now);
    expect(renderJson(again)).toBe(renderJson(feed));
  });

  it('renders an empty feed with an empty items array', () => {
    const empty = buildFeed([], { total_scanned: 0, total_unsafe: 0 }, settings, now);
    const parsed = JSON.parse(renderJson(empty));
    expect(parsed.items).toEqual([]);
    expect(parsed.stats.flagged_pct).toBe('0.0%');
  });
});
