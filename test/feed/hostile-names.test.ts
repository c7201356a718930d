import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import Parser from 'rss-parser';
import { parseFeed } from '@rowanmanning/feed-parser';
import { XMLValidator } from 'fast-xml-parser';
import { buildFeed, MAX_TEXT_CHARS, renderJson, renderRss } from '../../feed/index.js';
import type { FeedRow } from '../../feed/index.js';
// Whole seconds here, unlike the other feed tests' FEED_NOW (…05.678Z).
import { FEED_NOW_WHOLE_SECONDS as now, feedSettings as settings, firstIllegalXmlChar } from '../helpers/feed-fixtures.js';

/** A row whose every attacker-controlled field carries the same text. */
function hostileRow(n: number, text: string): FeedRow {
  return {
    result_id: n.toString(16).padStart(16, '0'),
    skill_name: text,
    slug: text,
    category: text,
    severity: 'CRITICAL',
    critical_count: 1,
    high_count: 0,
    downloads: 1,
    created_at: new Date(Date.UTC(2030, 0, 1, 0, 0, 0) - n * 1000),
  };
}

function render(names: string[]) {
  const feed = buildFeed(names.map((name, i) => hostileRow(i + 1, name)), { total_scanned: names.length, total_unsafe: names.length }, settings, now);
  return { feed, xml: renderRss(feed) };
}

// [label, skill name, text expected after cleaning, text @rowanmanning/feed-parser shows if different]
const cases: Array<[string, string, string, string?]> = [
  ['a closing tag and a script', '</title><script>alert(1)</script>', '</title><script>alert(1)</script>'],
  ['a CDATA terminator', ']]>', ']]>'],
  ['a CDATA section', '<![CDATA[x]]>', '<![CDATA[x]]>'],
  // feed-parser HTML-decodes titles once more after the XML parser, as many readers do.
  ['an entity-looking name', '&amp;', '&amp;', '&'],
  ['quotes and apostrophes', `say "hi" it's`, `say "hi" it's`],
  ['NUL, backspace and U+FFFE', 'a\u0000\u0008\uFFFEb', 'ab'],
  ['emoji', '🦀 crab 👩‍💻', '🦀 crab 👩‍💻'],
  ['a lone high surrogate', 'lone\uD800surrogate', 'lonesurrogate'],
  ['a lone low surrogate', 'x\uDC00', 'x'],
  ['CR, LF and tabs', 'two\r\nlines\tand\rmore', 'two lines and more'],
  ['a 10 KB name', 'x'.repeat(10_240), `${'x'.repeat(MAX_TEXT_CHARS - 1)}…`],
];

/** What HTML text looks like with & < > " ' escaped (written here, not taken from the renderer). */
function asHtmlText(s: string): string {
  return s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');
}

describe('hostile skill names', () => {
  it('reach an RSS reader as text, never as live HTML in the description', async () => {
    const attack = '"><img src=x onerror=alert(document.cookie)><script>alert(1)</script>';
    const { xml } = render([attack]);
    expect(XMLValidator.validate(xml)).toBe(true);
    const [a] = (await new Parser().parseString(xml)).items;
    // rss-parser hands the description to the page as HTML: it must hold no tag, only entities.
    expect(a.content).not.toMatch(/<img|<script/i);
    expect(a.content).toContain('&lt;img src=x onerror=alert(document.cookie)&gt;');
    // feed-parser decodes that HTML layer itself and hands out plain text: the name, exactly.
    const [b] = parseFeed(xml).items;
    expect(b.description).toBe(`1 critical threat found in skill "${attack}". Do not install.`);
  });

  it.each(cases)('survive %s: valid XML that both readers round-trip', async (_label, name, expected, shownByFeedParser) => {
    const { feed, xml } = render([name]);
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(firstIllegalXmlChar(xml)).toBeNull();
    expect(feed.items[0]).toMatchObject({ title: `CRITICAL: ${expected}`, slug: expected, category: expected });

    const [a] = (await new Parser().parseString(xml)).items;
    expect(a.title).toBe(`CRITICAL: ${expected}`);
    // The description is HTML to a reader: what arrives after the XML layer is escaped HTML text.
    expect(a.content).toBe(asHtmlText(`1 critical threat found in skill "${expected}". Do not install.`));
    expect(a.categories).toEqual([expected]);
    expect(a.guid).toBe(feed.items[0].id);

    const [b] = parseFeed(xml).items;
    expect(b.title).toBe(`CRITICAL: ${shownByFeedParser ?? expected}`);
    expect(b.id).toBe(feed.items[0].id);
  });

  it('become "(unnamed)" when made of nothing but control characters, with no empty category element', async () => {
    const { feed, xml } = render(['\u0000\u0008\uFFFE']);
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(firstIllegalXmlChar(xml)).toBeNull();
    expect(feed.items[0]).toMatchObject({ title: 'CRITICAL: (unnamed)', slug: '', category: '' });
    expect(xml).not.toContain('<category');
    const [a] = (await new Parser().parseString(xml)).items;
    expect(a.title).toBe('CRITICAL: (unnamed)');
    expect(parseFeed(xml).items[0].title).toBe('CRITICAL: (unnamed)');
  });

  it('keeps the JSON and the RSS in agreement on all of them at once', async () => {
    const { feed, xml } = render(cases.map((c) => c[1]));
    expect(JSON.parse(renderJson(feed)).items.map((i: { title: string }) => i.title)).toEqual(cases.map((c) => `CRITICAL: ${c[2]}`));
    const parsed = await new Parser().parseString(xml);
    expect(parsed.items.map((i) => i.title)).toEqual(feed.items.map((i) => i.title));
  });
});

// Single UTF-16 units (lone surrogates included), whole code points, and XML's troublemakers.
const unit = fc.oneof(
  fc.constantFrom('<', '>', '&', '"', "'", ']]>', '&amp;', '&#0;', '<![CDATA[', '\u0000', '\uD800', '\uDC00', '\uFFFE', '\uFFFF', '\r', '\n', '\u2028', ' '),
  fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
);
const hostileName = fc.string({ unit, maxLength: 40 });

describe('arbitrary skill names', () => {
  it('always yield well-formed RSS that rss-parser reads with every item and its title', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(hostileName, { minLength: 1, maxLength: 5 }), async (names) => {
        const { feed, xml } = render(names);
        expect(XMLValidator.validate(xml)).toBe(true);
        expect(firstIllegalXmlChar(xml)).toBeNull();
        const parsed = await new Parser().parseString(xml);
        expect(parsed.items).toHaveLength(names.length);
        expect(parsed.items.map((i) => i.title)).toEqual(feed.items.map((i) => i.title));
        expect(parsed.items.map((i) => i.guid)).toEqual(feed.items.map((i) => i.id));
        expect(parseFeed(xml).items).toHaveLength(names.length);
      }),
      { numRuns: 300 },
    );
  });
});
