import { describe, expect, it } from 'vitest';
import Parser from 'rss-parser';
import { parseFeed } from '@rowanmanning/feed-parser';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { buildFeed, renderRss, RSS_TTL_MINUTES } from '../../feed/index.js';
import { htmlText } from '../../feed/render-rss.js';
import type { FeedRow, ThreatFeed } from '../../feed/index.js';
import { FEED_NOW as now, feedSettings as settings, firstIllegalXmlChar } from '../helpers/feed-fixtures.js';

function row(n: number, over: Partial<FeedRow> = {}): FeedRow {
  return {
    result_id: (0xf00 + n).toString(16).padStart(16, '0'),
    skill_name: `skill-${n}`,
    slug: `owner/skill-${n}`,
    category: n % 2 ? 'exfiltration' : null,
    severity: n % 2 ? 'CRITICAL' : 'HIGH',
    critical_count: n % 2,
    high_count: 2,
    downloads: n,
    // Milliseconds on purpose: RFC 822 has whole seconds only.
    created_at: new Date(Date.UTC(2030, 0, 1, 12, 0, 50 - n, 250)),
    ...over,
  };
}

const feed = buildFeed([1, 2, 3, 4].map((n) => row(n)), { total_scanned: 40, total_unsafe: 4 }, settings, now);
const xml = renderRss(feed);

/** What a date in the JSON becomes after a trip through RFC 822 (whole seconds). */
function toSecond(iso: string): number {
  return Math.floor(Date.parse(iso) / 1000) * 1000;
}

async function expectReadersAgreeWithJson(source: ThreatFeed, rss: string): Promise<void> {
  const a = await new Parser().parseString(rss);
  expect(a.items).toHaveLength(source.items.length);
  source.items.forEach((item, i) => {
    const got = a.items[i];
    expect({ title: got.title, link: got.link, guid: got.guid, content: got.content }).toEqual({
      title: item.title, link: item.url, guid: item.id, content: htmlText(item.description),
    });
    expect(Date.parse(got.isoDate ?? '')).toBe(toSecond(item.published_at));
    expect(got.categories ?? []).toEqual(item.category ? [item.category] : []);
  });

  const b = parseFeed(rss);
  expect(b.items).toHaveLength(source.items.length);
  source.items.forEach((item, i) => {
    const got = b.items[i];
    expect({ title: got.title, url: got.url, id: got.id }).toEqual({ title: item.title, url: item.url, id: item.id });
    expect(got.published?.getTime()).toBe(toSecond(item.published_at));
  });
}

describe('renderRss', () => {
  it('writes an RSS 2.0 document with the atom namespace and a self link', () => {
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?><rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel>')).toBe(true);
    expect(xml).toContain('<atom:link href="https://scan.example/api/feed.rss" rel="self" type="application/rss+xml"');
  });

  it('is well-formed by XMLValidator and holds only characters XML 1.0 allows', () => {
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(firstIllegalXmlChar(xml)).toBeNull();
  });

  it('puts the channel elements in order: title, link, description, language, lastBuildDate, atom:link, ttl, items', () => {
    const doc = new XMLParser({ ignoreAttributes: false, parseTagValue: false }).parse(xml);
    const channel = doc.rss.channel;
    expect(Object.keys(channel)).toEqual(['title', 'link', 'description', 'language', 'lastBuildDate', 'atom:link', 'ttl', 'item']);
    expect(channel).toMatchObject({
      title: feed.title,
      link: feed.website,
      description: feed.description,
      language: 'en',
      lastBuildDate: 'Wed, 02 Jan 2030 03:04:05 GMT',
      ttl: String(RSS_TTL_MINUTES),
    });
    expect(Object.keys(channel.item[0])).toEqual(['title', 'link', 'guid', 'pubDate', 'description', 'category']);
  });

  it('writes guids as isPermaLink="false" with the value spelled out, and no category element when there is none', () => {
    expect(xml).toContain(`<guid isPermaLink="false">${feed.items[0].id}</guid>`);
    expect(xml.match(/<guid /g)).toHaveLength(4);
    expect(xml.match(/<category>/g)).toHaveLength(2);
    expect(xml).not.toContain('<category></category>');
  });

  it('writes pubDate and lastBuildDate in RFC 822 form', () => {
    const dates = [...xml.matchAll(/<(?:pubDate|lastBuildDate)>([^<]*)</g)].map((m) => m[1]);
    expect(dates).toHaveLength(5);
    for (const d of dates) expect(d).toMatch(/^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
  });

  it('gives rss-parser and @rowanmanning/feed-parser the same items as the JSON', async () => {
    await expectReadersAgreeWithJson(feed, xml);
  });

  it('gives both readers the channel title, link and self address', async () => {
    const a = await new Parser().parseString(xml);
    expect({ title: a.title, link: a.link, feedUrl: a.feedUrl }).toEqual({ title: feed.title, link: feed.website, feedUrl: feed.rss_url });
    const b = parseFeed(xml);
    expect({ title: b.title, url: b.url, self: b.self }).toEqual({ title: feed.title, url: feed.website, self: feed.rss_url });
  });

  it('renders an empty feed that both readers parse with no items', async () => {
    const empty = renderRss(buildFeed([], { total_scanned: 0, total_unsafe: 0 }, settings, now));
    expect(XMLValidator.validate(empty)).toBe(true);
    expect(firstIllegalXmlChar(empty)).toBeNull();
    expect(empty).not.toContain('<item>');
    expect((await new Parser().parseString(empty)).items).toEqual([]);
    expect(parseFeed(empty).items).toEqual([]);
  });

  it('gives the same bytes every time for the same feed', () => {
    const again = buildFeed([4, 3, 2, 1].map((n) => row(n)), { total_scanned: 40, total_unsafe: 4 }, settings, now);
    expect(renderRss(again)).toBe(xml);
  });

  it('drops XML-illegal characters even from a feed object that buildFeed did not make', async () => {
    const raw: ThreatFeed = {
      ...feed,
      title: 'bad\u0000title\uFFFF',
      items: [{ ...feed.items[0], title: 'x\uD800y\u0001', description: 'd\uDFFF', category: '\u000B' }],
    };
    const out = renderRss(raw);
    expect(XMLValidator.validate(out)).toBe(true);
    expect(firstIllegalXmlChar(out)).toBeNull();
    const parsed = await new Parser().parseString(out);
    expect(parsed.title).toBe('badtitle');
    expect(parsed.items.map((i) => [i.title, i.content])).toEqual([['xy', 'd']]);
  });
});
