/**
 * Invisible characters: found on the raw text (so they can be reported), then decoded or removed
 * so the rules match what an agent's model actually reads.
 *
 * - Unicode tag characters U+E0000..U+E007F mirror ASCII and are invisible in every renderer,
 *   yet tokenisers pass them to the model: hidden instructions. Decoded to ASCII in place.
 *   The one legitimate use, subdivision flags (England, Scotland, Wales), is left alone.
 * - Variation selectors in a long run carry bytes ("emoji smuggling"); decoded likewise.
 * - Zero-width and bidi control characters split keywords or reorder code for a human reviewer
 *   (Trojan Source); removed. Joiners inside emoji and non-Latin scripts are legitimate.
 */

/** What kind of invisible text a line holds. */
export type HiddenKind = 'tags' | 'zeroWidth' | 'bidi';

/** Invisible characters found on one line (0-based). */
export interface HiddenHit {
  line: number;
  kind: HiddenKind;
  count: number;
  /** The longest run of consecutive invisible characters of this kind. */
  longestRun: number;
  /** For tags and variation selectors: the text they spell. */
  decoded?: string;
}

const TAG_RUN = /[\u{E0000}-\u{E007F}]+/gu;
const VS_RUN = /[\uFE00-\uFE0F\u{E0100}-\u{E01EF}]{4,}/gu;
/** Zero-width, invisible fillers and marks. U+FEFF at offset 0 is a byte order mark. */
const ZERO_WIDTH = /[\u00AD\u034F\u061C\u115F\u1160\u180E\u200B-\u200F\u2060-\u2064\u3164\uFEFF\uFFA0]/gu;
const BIDI = /[\u202A-\u202E\u2066-\u2069]/gu;
const BLACK_FLAG = 0x1f3f4;
const PICTO = /[\p{Extended_Pictographic}\u{1F3FB}-\u{1F3FF}\uFE0F]/u;
const NON_LATIN_LETTER = /[\p{L}\p{M}]/u;
const LATIN = /\p{Script=Latin}/u;
const RTL_LETTER = /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}]/u;

/** The ASCII text a run of tag characters spells (U+E0020..U+E007E map to 0x20..0x7E). */
export function decodeTags(run: string): string {
  let out = '';
  for (const ch of run) {
    const cp = ch.codePointAt(0)! - 0xe0000;
    if (cp >= 0x20 && cp <= 0x7e) out += String.fromCharCode(cp);
  }
  return out;
}

/** Bytes carried by variation selectors (U+FE00..FE0F = 0..15, U+E0100..E01EF = 16..255). */
function decodeSelectors(run: string): string {
  const bytes: number[] = [];
  for (const ch of run) {
    const cp = ch.codePointAt(0)!;
    bytes.push(cp <= 0xfe0f ? cp - 0xfe00 : cp - 0xe0100 + 16);
  }
  const text = Buffer.from(bytes).toString('utf8');
  return /^[\x20-\x7e\t\n\r]+$/.test(text) ? text : '';
}

/** A subdivision flag: black flag, 1..6 tag letters or digits, then CANCEL TAG. */
function isFlagSequence(line: string, start: number, run: string): boolean {
  const before = line.codePointAt(Math.max(0, start - 2));
  if (before !== BLACK_FLAG) return false;
  return /^[\u{E0030}-\u{E0039}\u{E0061}-\u{E007A}]{1,6}\u{E007F}$/u.test(run);
}

function isLegitJoiner(line: string, at: number, ch: string): boolean {
  if (ch !== '\u200C' && ch !== '\u200D') return false;
  const prev = String.fromCodePoint(line.codePointAt(at - 1) ?? 0x20);
  const prevPair = at >= 2 ? String.fromCodePoint(line.codePointAt(at - 2) ?? 0x20) : prev;
  const next = String.fromCodePoint(line.codePointAt(at + 1) ?? 0x20);
  if (ch === '\u200D' && (PICTO.test(prev) || PICTO.test(prevPair)) && PICTO.test(next)) return true;
  // Joiners shape Arabic, Persian and Indic scripts; there they are ordinary text.
  return NON_LATIN_LETTER.test(prev) && !LATIN.test(prev) && NON_LATIN_LETTER.test(next) && !LATIN.test(next);
}

/** Any character {@link scanHiddenLine} reports, decodes or removes. */
export const HIDDEN_CHAR = /[\u00AD\u034F\u061C\u115F\u1160\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2069\u3164\uFE00-\uFE0F\uFEFF\uFFA0\u{E0000}-\u{E01EF}]/u;

/** Finds invisible text on one raw line and returns the line made matchable. */
export function scanHiddenLine(line: string, index: number, hits: HiddenHit[]): string {
  if (!HIDDEN_CHAR.test(line)) return line;
  let out = line.replace(TAG_RUN, (run, offset: number) => {
    if (isFlagSequence(line, offset, run)) return '';
    const decoded = decodeTags(run);
    hits.push({ line: index, kind: 'tags', count: [...run].length, longestRun: [...run].length, decoded });
    // Spaces around it so the hidden words are words ("Weather" + "ignore ..." is not "Weatherignore").
    return ` ${decoded} `;
  });
  out = out.replace(VS_RUN, (run) => {
    const decoded = decodeSelectors(run);
    const n = [...run].length;
    hits.push({ line: index, kind: 'tags', count: n, longestRun: n, decoded });
    return decoded ? ` ${decoded} ` : '';
  });
  collect(out, index, 'zeroWidth', ZERO_WIDTH, hits, index === 0);
  collect(out, index, 'bidi', BIDI, hits, false);
  return out.replace(ZERO_WIDTH, '').replace(BIDI, '').replace(/[\uFE00-\uFE0F\u{E0100}-\u{E01EF}]/gu, '');
}

function collect(line: string, index: number, kind: HiddenKind, re: RegExp, hits: HiddenHit[], firstLine: boolean): void {
  let count = 0;
  let run = 0;
  let longest = 0;
  let lastEnd = -1;
  const rtlLine = RTL_LETTER.test(line);
  for (const m of line.matchAll(re)) {
    const at = m.index ?? 0;
    const ch = m[0];
    if (firstLine && at === 0 && ch === '\uFEFF') continue;
    if (kind === 'zeroWidth' && isLegitJoiner(line, at, ch)) continue;
    // Left-to-right and right-to-left marks are how mixed-direction prose is written.
    if (kind === 'zeroWidth' && rtlLine && (ch === '\u200E' || ch === '\u200F' || ch === '\u061C')) continue;
    count++;
    run = at === lastEnd ? run + 1 : 1;
    longest = Math.max(longest, run);
    lastEnd = at + ch.length;
  }
  if (count > 0) hits.push({ line: index, kind, count, longestRun: longest });
}
