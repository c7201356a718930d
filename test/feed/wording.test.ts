import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildFeed, cleanText, describeThreat, formatFlaggedPct, MAX_TEXT_CHARS } from '../../feed/index.js';
import { FEED_NOW as now, feedRow as row, feedSettings as settings } from '../helpers/feed-fixtures.js';

describe('formatFlaggedPct', () => {
  it.each([
    [0, 0, '0.0%'],
    [5, 0, '0.0%'],
    [0, 7, '0.0%'],
    [1, 3, '33.3%'],
    [2, 3, '66.7%'],
    [1, 8, '12.5%'],
    [1, 1000, '0.1%'],
    [1, 2000, '0.1%'], // exactly 0.05%: half rounds up
    [1, 2001, '0.0%'], // just under 0.05%
    [3, 8000, '0.0%'], // 0.0375%
    [1, 6, '16.7%'],
    [1, 1, '100.0%'],
    [123_456_789, 1_000_000_000, '12.3%'],
  ])('formats %i unsafe of %i scanned as %s', (unsafe, scanned, expected) => {
    expect(formatFlaggedPct(unsafe, scanned)).toBe(expected);
  });

  it('always gives one decimal within half a tenth of the true percentage', () => {
    fc.assert(
      fc.property(fc.nat(1_000_000), fc.nat(1_000_000), (a, b) => {
        const [unsafe, scanned] = [Math.min(a, b), Math.max(a, b)];
        const pct = formatFlaggedPct(unsafe, scanned);
        expect(pct).toMatch(/^\d{1,3}\.\d%$/);
        const truth = scanned === 0 ? 0 : (unsafe / scanned) * 100;
        expect(Math.abs(parseFloat(pct) - truth)).toBeLessThanOrEqual(0.05 + 1e-9);
      }),
    );
  });
});

describe('describeThreat', () => {
  it.each([
    [1, 0, 'CRITICAL', '1 critical threat found in skill "foo". Do not install.'],
    [2, 5, 'CRITICAL', '2 critical threats found in skill "foo". Do not install.'],
    [0, 1, 'HIGH', '0 critical and 1 high-severity threat found in skill "foo". Do not install.'],
    [0, 3, 'HIGH', '0 critical and 3 high-severity threats found in skill "foo". Do not install.'],
    [0, 0, 'MEDIUM', '0 critical and 0 high-severity threats found in skill "foo"; highest severity MEDIUM. Review before installing.'],
  ])('words %i critical and %i high (%s) correctly', (critical, high, severity, expected) => {
    expect(describeThreat('foo', critical, high, severity)).toBe(expected);
  });

  it('names the count of critical threats in every item description', () => {
    const feed = buildFeed([row(1, { critical_count: 0, high_count: 2, severity: 'HIGH' }), row(2)], { total_scanned: 2, total_unsafe: 2 }, settings, now);
    expect(feed.items.map((i) => i.description.match(/^(\d+) critical/)?.[1])).toEqual(['0', '2']);
    expect(feed.items[0].title).toBe('HIGH: skill-1');
  });
});

describe('cleanText', () => {
  it.each([
    ['keeps ordinary text', 'web-search', 'web-search'],
    ['keeps markup characters for the renderer to escape', '</title><script>', '</title><script>'],
    ['drops C0 controls and U+FFFE', 'a\u0000\u0008\uFFFEb', 'ab'],
    ['drops a lone surrogate but keeps emoji', 'x\uD800y 😀', 'xy 😀'],
    ['drops bidi overrides that would disguise a name', 'safe\u202Egnp.exe', 'safegnp.exe'],
    ['folds newlines and runs of whitespace into one space', '  a\r\n\tb   c ', 'a b c'],
    ['keeps entity-looking text as it is', '&amp;', '&amp;'],
  ])('%s', (_label, input, expected) => {
    expect(cleanText(input)).toBe(expected);
  });

  it('caps a 10 KB name at the limit without splitting a surrogate pair', () => {
    const long = '😀'.repeat(10_000);
    const out = cleanText(long);
    expect(Array.from(out)).toHaveLength(MAX_TEXT_CHARS);
    expect(out.endsWith('😀…')).toBe(true);
    expect(/[\uD800-\uDFFF]/u.test(out)).toBe(false); // no unpaired half left
  });

  it('puts a cleaned, capped name into the title and the description', () => {
    const [item] = buildFeed([row(1, { skill_name: 'x'.repeat(10_240) })], { total_scanned: 1, total_unsafe: 1 }, settings, now).items;
    const expected = `${'x'.repeat(MAX_TEXT_CHARS - 1)}…`;
    expect(item.title).toBe(`CRITICAL: ${expected}`);
    expect(item.description).toContain(`"${expected}"`);
  });

  it('names a skill whose name cleans away to nothing "(unnamed)"', () => {
    const [item] = buildFeed([row(1, { skill_name: '\u0000 \u0001' })], { total_scanned: 1, total_unsafe: 1 }, settings, now).items;
    expect(item.title).toBe('CRITICAL: (unnamed)');
  });
});

describe('the upgrade block', () => {
  it('offers the prices the operator configured, and the spec\'s by default', async () => {
    const { loadConfig } = await import('../../shared/config.js');
    const { feedSettings } = await import('../../feed/publish.js');
    const configured = feedSettings(loadConfig({ NODE_ENV: 'test', SCAN_MONTHLY_USD: '12.50', L402_PACK_SATS: '2100', L402_PACK_SCANS: '21' }));
    expect(buildFeed([], { total_scanned: 0, total_unsafe: 0 }, configured, now).upgrade.message)
      .toBe('Paid tier: 12.50 USD a month for 100 scans. Pay-per-use: 2100 sats for 21 scans, paid by Lightning (L402).');
    expect(buildFeed([], { total_scanned: 0, total_unsafe: 0 }, feedSettings(loadConfig({ NODE_ENV: 'test' })), now).upgrade.message)
      .toBe('Paid tier: 9 USD a month for 100 scans. Pay-per-use: 1000 sats for 10 scans, paid by Lightning (L402).');
  });
});
