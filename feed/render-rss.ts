/**
 * Renders the threat feed as RSS 2.0 with fast-xml-parser's XMLBuilder. Pure and deterministic.
 *
 * Escaping: every text and attribute value passes through {@link xmlSafe} (drops characters XML
 * 1.0 forbids, which the builder does not), descriptions (HTML to readers) through
 * {@link htmlText}, then the builder's entity step turns & < > " ' into entities. No CDATA is
 * used, so "]]>" in a name is just text with its ">" escaped.
 */
import { XMLBuilder } from 'fast-xml-parser';
import type { ThreatFeed, ThreatItem } from './types.js';

/** Minutes a reader may cache the feed; it is regenerated every minute, readers need not poll that often. */
export const RSS_TTL_MINUTES = 5;
const ATOM_NS = 'http://www.w3.org/2005/Atom';

/*
 * Everything outside the XML 1.0 Char production: C0 controls but tab, LF and CR, U+FFFE,
 * U+FFFF and unpaired surrogates (with the `u` flag the range matches only unpaired halves).
 */
const XML_ILLEGAL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDFFF]/gu;

/**
 * Removes the characters XML 1.0 forbids. buildFeed has cleaned attacker text already; this is
 * the renderer's own guarantee, for a feed object that did not come from buildFeed.
 */
export function xmlSafe(value: string): string {
  return String(value).replace(XML_ILLEGAL, '');
}

const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Readers render an RSS `<description>` as HTML once the XML layer is decoded, so text in it
 * (a skill name an attacker chose) is HTML-escaped first and XML-escaped by the builder after:
 * `<img onerror=...>` reaches the reader as the literal text, never as markup.
 */
export function htmlText(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ENTITIES[c]);
}

/** RFC 822 date, as RSS 2.0 requires ("Tue, 01 Jan 2030 00:00:00 GMT"). */
function rfc822(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) throw new TypeError(`feed: ${JSON.stringify(xmlSafe(iso).slice(0, 40))} is not a date`);
  return date.toUTCString();
}

function rssItem(item: ThreatItem): Record<string, unknown> {
  const category = xmlSafe(item.category);
  return {
    title: xmlSafe(item.title),
    link: xmlSafe(item.url),
    // The id is a stable name, not an address: isPermaLink="false" (written out, see builder options).
    guid: { '#text': xmlSafe(item.id), '@_isPermaLink': 'false' },
    pubDate: rfc822(item.published_at),
    description: htmlText(xmlSafe(item.description)),
    // undefined, not null: the builder skips undefined but writes null as an empty element.
    category: category || undefined,
  };
}

// One builder for the module: it holds only options, and building does not mutate it.
const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  // The default writes `isPermaLink` with no value when the value is "true": not XML.
  suppressBooleanAttributes: false,
  // Kept compact: format:true would put whitespace around text nodes that readers keep.
  format: false,
  processEntities: true,
});

/**
 * The feed as an RSS 2.0 document with an atom:link rel="self", one <item> per ThreatItem in
 * feed order, the ThreatItem id as a non-permalink <guid> and the result url as <link>.
 *
 * @example
 * res.type('application/rss+xml').send(renderRss(buildFeed(rows, stats, settings, now)));
 */
export function renderRss(feed: ThreatFeed): string {
  const doc = {
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    rss: {
      '@_version': '2.0',
      '@_xmlns:atom': ATOM_NS,
      channel: {
        title: xmlSafe(feed.title),
        link: xmlSafe(feed.website),
        description: htmlText(xmlSafe(feed.description)),
        language: 'en',
        lastBuildDate: rfc822(feed.last_updated),
        'atom:link': {
          '@_href': xmlSafe(feed.rss_url),
          '@_rel': 'self',
          '@_type': 'application/rss+xml',
        },
        ttl: RSS_TTL_MINUTES,
        item: feed.items.map(rssItem),
      },
    },
  };
  return builder.build(doc);
}
