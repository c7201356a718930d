/** Settings, clock and rows shared by the feed tests (test/feed). */
import type { FeedRow, FeedSettings } from '../../feed/index.js';

export const feedSettings: FeedSettings = {
  title: 'Skill threat feed',
  description: 'Malicious agent skills found by the scanner',
  website: 'https://scan.example',
  scanBaseUrl: 'https://scan.example',
  idPrefix: 'acme',
  pricingUrl: 'https://scan.example/pricing',
  enterpriseUrl: 'https://scan.example/enterprise',
};

/** The `now` handed to buildFeed, with milliseconds. */
export const FEED_NOW = new Date('2030-01-02T03:04:05.678Z');
/** The same instant in whole seconds, for the tests that were written against it. */
export const FEED_NOW_WHOLE_SECONDS = new Date('2030-01-02T03:04:05Z');

/** A CRITICAL exfiltration row numbered `n`, a second older per step of `n`. */
export function feedRow(n: number, over: Partial<FeedRow> = {}): FeedRow {
  return {
    result_id: n.toString(16).padStart(16, '0'),
    skill_name: `skill-${n}`,
    slug: `owner/skill-${n}`,
    category: 'exfiltration',
    severity: 'CRITICAL',
    critical_count: 2,
    high_count: 1,
    downloads: 10 * n,
    created_at: new Date(Date.UTC(2030, 0, 1, 0, 0, 59 - n)),
    ...over,
  };
}

/**
 * The first code unit outside XML 1.0's Char production, or null. Written out by hand because
 * neither XMLValidator nor rss-parser rejects NUL, U+FFFE or lone surrogates.
 */
export function firstIllegalXmlChar(text: string): number | null {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) { i++; continue; }
      return c;
    }
    if (c >= 0xdc00 && c <= 0xdfff) return c;
    if (!(c === 0x9 || c === 0xa || c === 0xd || (c >= 0x20 && c <= 0xfffd))) return c;
  }
  return null;
}
