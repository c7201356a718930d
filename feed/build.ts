/**
 * Builds the threat feed object (spec 2.5) from database rows. Pure: no I/O and no clock, the
 * caller passes `now`, so the same rows always give the same feed (and the same ETag).
 */
import type { FeedRow, FeedSettings, FeedStatsRow, ThreatFeed, ThreatItem } from './types.js';

/** The paid tier stated in `upgrade.message` (spec section 8). */
export const PAID_TIER = { usdPerMonth: 9, scans: 100 } as const;
/** The pay-per-use offer stated in `upgrade.message` (spec section 8). */
export const PAY_PER_USE = { sats: 1000, scans: 10 } as const;
/**
 * Longest skill name, slug or category kept, in code points. Names are attacker-controlled and
 * every item repeats the name twice, so a 10 KB name would otherwise put 20 KB per item into
 * every reader's poll; 200 is far above any real skill name.
 */
export const MAX_TEXT_CHARS = 200;

const RESULT_ID = /^[0-9a-f]{16}$/;

/*
 * Characters removed from attacker text: C0 controls other than whitespace (illegal in XML 1.0),
 * DEL and C1 controls (invisible, discouraged by XML 1.0), bidi embeddings, overrides and
 * isolates (they let a name display as something else), U+FFFE/U+FFFF (illegal in XML) and lone
 * surrogates (illegal in XML, and unencodable in UTF-8). With the `u` flag the surrogate range
 * only matches unpaired halves; emoji and other astral characters survive.
 */
const UNSAFE_CHARS =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\uFFFE\uFFFF]|[\uD800-\uDFFF]/gu;

/**
 * Cleans attacker text for display: removes unsafe characters, folds every run of whitespace
 * (newlines included) into one space so a name stays on one line and survives XML's newline
 * normalisation and readers' trimming unchanged, and caps the length at `maxChars` code points
 * (code points, not graphemes, so the cut does not depend on the ICU version).
 */
export function cleanText(raw: string | null | undefined, maxChars = MAX_TEXT_CHARS): string {
  const text = String(raw ?? '').replace(UNSAFE_CHARS, '').replace(/\s+/gu, ' ').trim();
  const chars = Array.from(text);
  if (chars.length <= maxChars) return text;
  return `${chars.slice(0, maxChars - 1).join('').trimEnd()}…`;
}

/** A non-negative integer from whatever the driver gave (pg returns bigint counts as strings). */
function toCount(value: unknown): number {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
}

/**
 * `unsafe / scanned` as a percentage with one decimal and a percent sign, rounded half up:
 * 1/8 -> "12.5%", 2/3 -> "66.7%", 1/2000 -> "0.1%", nothing scanned -> "0.0%".
 * The rounding is done in BigInt so that exact halves never depend on binary fractions.
 */
export function formatFlaggedPct(unsafe: number, scanned: number): string {
  const u = BigInt(toCount(unsafe));
  const s = BigInt(toCount(scanned));
  if (s === 0n) return '0.0%';
  // tenths = floor(u * 1000 / s + 1/2), i.e. round half up, in integers.
  const tenths = (u * 2000n + s) / (2n * s);
  return `${tenths / 10n}.${tenths % 10n}%`;
}

function threats(n: number): string {
  return n === 1 ? 'threat' : 'threats';
}

/**
 * The warning of an item. It always names the count of critical threats (spec 2.5); without
 * critical ones it names the high ones too, and below HIGH it names the highest severity.
 */
export function describeThreat(name: string, critical: number, high: number, severity: string): string {
  const skill = `skill "${name}"`;
  if (critical > 0) return `${critical} critical ${threats(critical)} found in ${skill}. Do not install.`;
  const counts = `0 critical and ${high} high-severity ${threats(high)} found in ${skill}`;
  if (high > 0) return `${counts}. Do not install.`;
  return `${counts}; highest severity ${severity}. Review before installing.`;
}

function toIso(date: Date, what: string): string {
  const d = date instanceof Date ? date : new Date(date);
  if (Number.isNaN(d.getTime())) throw new TypeError(`feed: ${what} is not a valid date`);
  return d.toISOString();
}

/** One ThreatItem, keys in the order of spec 2.5. */
function buildItem(row: FeedRow, settings: FeedSettings, base: string): ThreatItem {
  // Our own id, not attacker text: a malformed one means a broken query, so fail loudly.
  const hex = String(row.result_id).toLowerCase();
  if (!RESULT_ID.test(hex)) {
    throw new TypeError(`feed: result_id ${JSON.stringify(String(row.result_id).slice(0, 40))} is not 16 hex characters`);
  }
  const name = cleanText(row.skill_name) || '(unnamed)';
  const severity = cleanText(row.severity, 16).toUpperCase();
  return {
    id: `${settings.idPrefix}-threat-${hex}`,
    title: `${severity}: ${name}`,
    description: describeThreat(name, toCount(row.critical_count), toCount(row.high_count), severity),
    category: cleanText(row.category),
    severity,
    slug: cleanText(row.slug),
    url: `${base}/api/scan/${hex}`,
    downloads: toCount(row.downloads),
    published_at: toIso(row.created_at, `created_at of result ${hex}`),
  };
}

/**
 * Newest first, ties broken by id, duplicates dropped: SQL already orders the rows, but equal
 * timestamps may come back in any order, and that would change the bytes (and the ETag) of an
 * unchanged feed; a join fanning out would repeat an id and break guid uniqueness.
 */
function orderItems(items: ThreatItem[]): ThreatItem[] {
  const seen = new Set<string>();
  return items
    .filter((item) => !seen.has(item.id) && seen.add(item.id))
    .sort((a, b) => cmp(b.published_at, a.published_at) || cmp(b.id, a.id));
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Builds the threat feed from the unsafe results, the scan counts and the operator settings.
 *
 * `now` is the generation time, written to `last_updated` and `stats.last_updated`. Passing
 * the time of the latest scan instead keeps the output byte-identical between scans.
 *
 * @example
 * const feed = buildFeed(rows, { total_scanned: 8, total_unsafe: 1 }, settings, new Date());
 * feed.stats.flagged_pct; // "12.5%"
 */
export function buildFeed(rows: FeedRow[], stats: FeedStatsRow, settings: FeedSettings, now: Date): ThreatFeed {
  // Tolerate a trailing slash in config rather than publish "//api/..." addresses.
  const base = settings.scanBaseUrl.replace(/\/+$/, '');
  const lastUpdated = toIso(now, 'now');
  const totalScanned = toCount(stats.total_scanned);
  const totalUnsafe = toCount(stats.total_unsafe);
  // The operator's prices as configured; the spec's figures for a feed built without them.
  const offers = settings.offers ?? { usdPerMonth: String(PAID_TIER.usdPerMonth), monthlyScans: PAID_TIER.scans, packSats: PAY_PER_USE.sats, packScans: PAY_PER_USE.scans };
  return {
    title: settings.title,
    description: settings.description,
    website: settings.website,
    rss_url: `${base}/api/feed.rss`,
    last_updated: lastUpdated,
    items: orderItems(rows.map((row) => buildItem(row, settings, base))),
    stats: {
      flagged_pct: formatFlaggedPct(totalUnsafe, totalScanned),
      last_updated: lastUpdated,
      total_scanned: totalScanned,
      total_unsafe: totalUnsafe,
    },
    upgrade: {
      enterprise: settings.enterpriseUrl,
      pricing: settings.pricingUrl,
      message:
        `Paid tier: ${offers.usdPerMonth} USD a month for ${offers.monthlyScans} scans. ` +
        `Pay-per-use: ${offers.packSats} sats for ${offers.packScans} scans, paid by Lightning (L402).`,
      l402_flow:
        `At ${base}: 1) POST /api/l402/quickkey returns a Lightning invoice; 2) pay the invoice; ` +
        '3) POST /api/l402/redeem returns an API key, usable at once.',
    },
  };
}
