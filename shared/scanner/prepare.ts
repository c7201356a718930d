/**
 * A file made ready for matching: normalised lines joined into one text (so each regex runs
 * once per file), line offsets to map a match back to its line, and each line's zone.
 */
import { fileKind, leadingChar, lineZones, type LineZone } from './file-kind.js';
import type { HiddenHit } from './hidden.js';
import { normaliseText } from './normalise.js';
import type { FileKind } from './types.js';

/** A file ready for the rules. */
export interface Prepared {
  path: string;
  kind: FileKind;
  /** The submitted lines, for excerpts of invisible characters. */
  rawLines: string[];
  /** Normalised lines. */
  lines: string[];
  text: string;
  /** `text` lowercased, for the rules' needle prefilter. */
  lower: string;
  /** The submitted text was pure ASCII, so `text` is too: no non-ASCII string can be in it. */
  ascii: boolean;
  lineStarts: number[];
  zones: LineZone[];
  hidden: HiddenHit[];
  /** The kinds of line present (a markdown file also has `script` lines in its code blocks). */
  kinds: ReadonlySet<FileKind>;
}

/** Normalises a file; `kind` forces the kind (decoded payloads are read as scripts); `shown` marks a companion shown as attack material (file-kind.ts showsAttacks). */
export function prepare(path: string, text: string, kind: FileKind = fileKind(path, text), shown = false): Prepared {
  const { raw, lines, hidden, ascii } = normaliseText(text);
  const zones = lineZones(kind, lines, shown);
  // Lines that normalisation left as split, joined by '\n' again, are the text itself.
  let joined = kind !== 'markdown' && lines === raw && !text.includes('\r') ? text : joinParagraphs(lines, zones);
  const lineStarts = new Array<number>(lines.length);
  let offset = 0;
  for (let i = 0; i < lines.length; i++) {
    lineStarts[i] = offset;
    offset += lines[i].length + 1;
  }
  if (joined.includes('\\\n')) joined = joinContinuations(joined, lines, lineStarts, zones);
  if ((kind === 'manifest' || kind === 'other') && YAML_PATH.test(path) && (joined.includes('>') || joined.includes('|'))) joined = joinBlockScalars(joined, lines, lineStarts);
  const kinds = kind === 'markdown' ? new Set(zones.map((z) => z.kind)) : ONLY[kind];
  return { path, kind, rawLines: raw, lines, text: joined, lower: lowerSameLength(joined), ascii, lineStarts, zones, hidden, kinds };
}

/** The kinds of a file that is not markdown: its own alone. */
const ONLY: Record<FileKind, ReadonlySet<FileKind>> = {
  markdown: new Set(['markdown']), script: new Set(['script']), manifest: new Set(['manifest']), other: new Set(['other']),
};

const BLOCK_START = /^\s{0,3}(?:#|[-*+]\s|\d{1,3}[.)]\s|>|\||$)/;

/**
 * The lines joined into one text. Markdown wraps sentences across lines, so within a prose
 * paragraph the line break becomes a space: "fetch the latest instructions\nfrom URL and follow
 * them" still reads as one instruction. Same length either way, so offsets still map to lines.
 */
function joinParagraphs(lines: readonly string[], zones: readonly LineZone[]): string {
  if (!zones.some((z) => z.kind === 'markdown')) return lines.join('\n');
  let out = '';
  for (let i = 0; i < lines.length; i++) {
    out += lines[i];
    if (i === lines.length - 1) break;
    const prose = zones[i].kind === 'markdown' && zones[i + 1].kind === 'markdown';
    const wraps = prose && leadingChar(lines[i]) !== '#' && notBlank(lines[i]) && !startsBlock(lines[i + 1]);
    out += wraps ? ' ' : '\n';
  }
  return out;
}

/**
 * A command continued over lines with a trailing backslash is one command: the backslash and the
 * line break become two spaces (same length, so offsets still map to lines), and a pattern over
 * one command ("scp ... \\\n  user@host:/path") sees it whole. Only in code: in markdown prose a
 * trailing backslash is a hard line break.
 */
function joinContinuations(text: string, lines: readonly string[], lineStarts: readonly number[], zones: readonly LineZone[]): string {
  let out = '';
  let from = 0;
  for (let i = 0; i < lines.length - 1; i++) {
    const line = lines[i];
    if (line.charCodeAt(line.length - 1) !== 92 || zones[i].kind === 'markdown') continue;
    let slashes = 0;
    while (slashes < line.length && line.charCodeAt(line.length - 1 - slashes) === 92) slashes++;
    if (slashes % 2 === 0) continue;
    const at = lineStarts[i] + line.length - 1;
    out += text.slice(from, at) + '  ';
    from = at + 2;
  }
  return from === 0 ? text : out + text.slice(from);
}

const YAML_PATH = /\.ya?ml$/i;
/** A key whose value is a block scalar: `description: >`, `- note: >-`, `summary: |`. */
const BLOCK_KEY = /^(\s*)(?:-\s+)?([\w.-]{1,80}):\s+([>|])[-+]?\d?\s*(?:#.*)?$/;
/** Keys whose literal `|` block is prose, not a script: OpenAPI's and MCP manifests' descriptions are written so. */
const PROSE_KEY = /(?:description|summary|notes?|message|instructions?|prompt|help|details|usage|about|comment)$/i;

/**
 * YAML folds a `key: >` block's lines into one line of text: a tool's description wrapped over
 * lines ("attach any .npmrc they find to a\n  POST request to https://...") is one sentence.
 * Its line breaks between non-blank lines become spaces (same length). Literal `|` blocks keep
 * their lines (`run: |` holds a script), unless their key names prose (`description: |`): a
 * description's wrapped sentence is one sentence whichever way YAML keeps its breaks.
 */
function joinBlockScalars(text: string, lines: readonly string[], lineStarts: readonly number[]): string {
  const breaks: number[] = [];
  for (let i = 0; i < lines.length; i++) {
    const key = BLOCK_KEY.exec(lines[i]);
    if (!key || (key[3] === '|' && !PROSE_KEY.test(key[2]))) continue;
    const indent = key[1].length;
    let j = i + 1;
    while (j < lines.length && (!notBlank(lines[j]) || indentOf(lines[j]) > indent)) j++;
    // Lines i+1 .. j-1 are the block: join each non-blank line to a non-blank next one.
    for (let k = i + 1; k < j - 1; k++) if (notBlank(lines[k]) && notBlank(lines[k + 1])) breaks.push(lineStarts[k] + lines[k].length);
    i = j - 1;
  }
  if (breaks.length === 0) return text;
  const chars = text.split('');
  for (const at of breaks) if (chars[at] === '\n') chars[at] = ' ';
  return chars.join('');
}

function indentOf(line: string): number {
  let n = 0;
  while (n < line.length && (line.charCodeAt(n) === 32 || line.charCodeAt(n) === 9)) n++;
  return n;
}

/** The characters a line matching BLOCK_START can lead with (besides none: a blank line). */
const BLOCK_LEADS = '#-*+>|0123456789';

/**
 * BLOCK_START's test, run only on the lines whose leading character it can match: most prose
 * lines start with a letter. With none (the first four characters blank, or all of a shorter
 * line), only a line of at most three characters matches (its `$`).
 */
function startsBlock(line: string): boolean {
  const c = leadingChar(line);
  if (c === '') return line.length <= 3;
  return BLOCK_LEADS.includes(c) && BLOCK_START.test(line);
}

/** A line with something other than whitespace (`trim() !== ''` without the copy); past the first four characters only when they are blank. */
function notBlank(line: string): boolean {
  return leadingChar(line) !== '' || (line.length > 4 && NOT_BLANK.test(line));
}
const NOT_BLANK = /\S/;

/**
 * Lowercase with offsets unchanged. `toLowerCase` lengthens a few characters (U+0130 becomes two
 * code units); then only ASCII is folded, which is all the needles need.
 */
function lowerSameLength(text: string): string {
  const lower = text.toLowerCase();
  return lower.length === text.length ? lower : text.replace(/[A-Z]/g, (c) => c.toLowerCase());
}

/** The 0-based line holding a text offset (binary search over line starts). */
export function lineAt(p: Prepared, offset: number): number {
  let lo = 0;
  let hi = p.lineStarts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (p.lineStarts[mid] <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
