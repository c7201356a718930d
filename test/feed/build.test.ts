import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildFeed } from '../../feed/index.js';
import type { FeedRow } from '../../feed/index.js';
import { FEED_NOW as now, feedRow as row, feedSettings as settings } from '../helpers/feed-fixtures.js';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const ITEM_KEYS = ['id', 'title', 'description', 'category', 'severity', 'slug', 'url', 'downloads', 'published_at'];

describe('buildFeed', () => {
  afterEach(() => vi.useRealTimers());

  it('puts exactly the top-level fields of spec 2.5 in the order of the spec', () => {
    const feed = buildFeed([row(1)], { total_scanned: 8, total_unsafe: 1 }, settings, now);
    expect(Object.keys(feed)).toEqual(['title', 'description', 'website', 'rss_url', 'last_updated', 'items', 'stats', 'upgrade']);
    expect(Object.keys(feed.stats)).toEqual(['flagged_pct', 'last_updated', 'total_scanned', 'total_unsafe']);
    expect(Object.keys(feed.upgrade)).toEqual(['enterprise', 'pricing', 'message', 'l402_flow']);
    expect(feed).toMatchObject({
      title: settings.title,
      description: settings.description,
      website: settings.website,
      rss_url: 'https://scan.example/api/feed.rss',
      last_updated: '2030-01-02T03:04:05.678Z',
    });
  });

  it('gives every item exactly the ThreatItem fields, in order and with the spec types', () => {
    const feed = buildFeed([row(1), row(2, { slug: null, category: null })], { total_scanned: 2, total_unsafe: 2 }, settings, now);
    for (const item of feed.items) {
      expect(Object.keys(item)).toEqual(ITEM_KEYS);
      for (const key of ITEM_KEYS.filter((k) => k !== 'downloads')) {
        expect(typeof item[key as keyof typeof item]).toBe('string');
      }
      expect(Number.isInteger(item.downloads)).toBe(true);
      expect(item.severity).toBe(item.severity.toUpperCase());
      expect(item.published_at).toMatch(ISO);
    }
  });

  it('forms ids as <prefix>-threat-<16 hex> and urls that end in the same 16 hex', () => {
    const feed = buildFeed([row(0xabc), row(7)], { total_scanned: 2, total_unsafe: 2 }, settings, now);
    for (const item of feed.items) {
      expect(item.id).toMatch(/^.+-threat-[0-9a-f]{16}$/);
      expect(item.id.startsWith('acme-threat-')).toBe(true);
      const hex = item.id.slice(-16);
      expect(item.url).toBe(`https://scan.example/api/scan/${hex}`);
      expect(item.url.endsWith(hex)).toBe(true);
    }
  });

  it('writes every timestamp as ISO 8601 UTC, last_updated being now', () => {
    const created = new Date('2029-12-31T23:59:59.001Z');
    const feed = buildFeed([row(1, { created_at: created })], { total_scanned: 1, total_unsafe: 1 }, settings, now);
    expect(feed.last_updated).toBe(now.toISOString());
    expect(feed.stats.last_updated).toBe(now.toISOString());
    expect(feed.items[0].published_at).toBe(created.toISOString());
  });

  it('fills the stats block from the counts', () => {
    const feed = buildFeed([], { total_scanned: 8, total_unsafe: 1 }, settings, now);
    expect(feed.stats).toEqual({ flagged_pct: '12.5%', last_updated: now.toISOString(), total_scanned: 8, total_unsafe: 1 });
  });

  it('states the paid tier, the pay-per-use offer and the quickkey, pay, redeem sequence', () => {
    const { upgrade } = buildFeed([], { total_scanned: 0, total_unsafe: 0 }, settings, now);
    expect(upgrade.enterprise).toBe(settings.enterpriseUrl);
    expect(upgrade.pricing).toBe(settings.pricingUrl);
    expect(upgrade.message).toContain('9 USD a month for 100 scans');
    expect(upgrade.message).toContain('1000 sats for 10 scans');
    expect(upgrade.message).toContain('Lightning');
    const flow = upgrade.l402_flow;
    const steps = ['POST /api/l402/quickkey', 'pay the invoice', 'POST /api/l402/redeem', 'usable at once'].map((s) => flow.indexOf(s));
    expect(steps.every((i) => i >= 0)).toBe(true);
    expect([...steps].sort((a, b) => a - b)).toEqual(steps);
  });

  it('builds an empty feed when nothing unsafe was found and nothing was scanned', () => {
    const feed = buildFeed([], { total_scanned: 0, total_unsafe: 0 }, settings, now);
    expect(feed.items).toEqual([]);
    expect(feed.stats.flagged_pct).toBe('0.0%');
  });

  it('turns a null category and slug into empty strings and upper-cases the severity', () => {
    const lower = row(1, { category: null, slug: null, severity: 'medium' as FeedRow['severity'] });
    const [item] = buildFeed([lower], { total_scanned: 1, total_unsafe: 1 }, settings, now).items;
    expect(item.category).toBe('');
    expect(item.slug).toBe('');
    expect(item.severity).toBe('MEDIUM');
  });

  it('coerces counts that the driver returns as strings into integers', () => {
    const loose = row(1, { downloads: '42' as unknown as number, critical_count: '3' as unknown as number });
    const stats = { total_scanned: '8' as unknown as number, total_unsafe: '1' as unknown as number };
    const feed = buildFeed([loose], stats, settings, now);
    expect(feed.items[0].downloads).toBe(42);
    expect(feed.items[0].description.startsWith('3 critical threats')).toBe(true);
    expect(feed.stats).toMatchObject({ total_scanned: 8, total_unsafe: 1, flagged_pct: '12.5%' });
  });

  it('orders items newest first, breaks ties by id and drops a repeated id', () => {
    const t = new Date('2030-01-01T00:00:00Z');
    const rows = [row(1, { created_at: t }), row(3, { created_at: new Date('2030-01-01T00:00:01Z') }), row(2, { created_at: t }), row(1)];
    const ids = buildFeed(rows, { total_scanned: 4, total_unsafe: 4 }, settings, now).items.map((i) => i.id.slice(-1));
    expect(ids).toEqual(['3', '2', '1']);
  });

  it('gives an equal feed for equal input and never reads the clock', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2001-01-01T00:00:00Z'));
    const first = buildFeed([row(1), row(2)], { total_scanned: 3, total_unsafe: 2 }, settings, now);
    vi.setSystemTime(new Date('2099-01-01T00:00:00Z'));
    const second = buildFeed([row(1), row(2)], { total_scanned: 3, total_unsafe: 2 }, settings, now);
    expect(second).toEqual(first);
    expect(JSON.stringify(second)).toBe(JSON.stringify(first));
  });

  it('tolerates a trailing slash on scanBaseUrl', () => {
    const feed = buildFeed([row(1)], { total_scanned: 1, total_unsafe: 1 }, { ...settings, scanBaseUrl: 'https://scan.example/' }, now);
    expect(feed.rss_url).toBe('https://scan.example/api/feed.rss');
    expect(feed.items[0].url).toBe(`https://scan.example/api/scan/${'1'.padStart(16, '0')}`);
  });

  it('refuses a malformed result_id or created_at instead of publishing it', () => {
    const stats = { total_scanned: 1, total_unsafe: 1 };
    expect(() => buildFeed([row(1, { result_id: 'not-hex' })], stats, settings, now)).toThrow(/result_id/);
    expect(() => buildFeed([row(1, { created_at: new Date(NaN) })], stats, settings, now)).toThrow(/created_at/);
  });
});
