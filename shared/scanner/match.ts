/**
 * Runs the pattern rules over a prepared file. A rule's regexes run over the lines that hold one
 * of its needles (the whole text when it has none), and each regex only when the file holds the
 * literals it cannot match without (literals.ts); each match is then checked against its line's
 * zone, the mention heuristics, `unless` and the verifier.
 */
import { clauseBefore, commandSegment, isDescription, isJudgedAfter, isNegated, isQuotedExhibit, isQuotedMention, isReplaced, sentenceBefore } from './context.js';
import { excerpt } from './excerpt.js';
import { isHeading, leadingChar, outsideCode } from './file-kind.js';
import { quotedAsContent } from './intent-text.js';
import { requiredLiterals, requiredLiteralsByBranch } from './literals.js';
import type { NeedleHits, NeedleIndex } from './needles.js';
import { lineAt, type Prepared } from './prepare.js';
import { runVerifier } from './verify.js';
import type { Finding, Rule } from './types.js';

/** A finding plus whether it kept its rule's own severity (combinations only count those); the report adds the remediation. */
export interface RawFinding extends Omit<Finding, 'remediation'> {
  atRuleSeverity: boolean;
}

/** A finding of `rule` on 0-based `line` of `p`, with its excerpt taken around column `at`. */
export function findingAt(rule: Rule, p: Prepared, line: number, text: string, message: string, severity = rule.severity, at = 0): RawFinding {
  return {
    rule_id: rule.id,
    category: rule.category,
    severity,
    file: p.path,
    line: line + 1,
    excerpt: excerpt(text, at),
    message,
    atRuleSeverity: severity === rule.severity,
  };
}

/** A rule ready to run: its regexes with the flags the matcher needs and what each requires. */
export interface CompiledRule {
  rule: Rule;
  patterns: RegExp[];
  /**
   * The patterns' alternatives' requirements as lists of needle ids: a match holds one needle of
   * each list of at least one alternative, so the pattern runs only when some alternative has a
   * needle of each of its lists in the file. All of a rule's lists lie end to end in one array
   * (see {@link layOut}), which costs a woken rule one or two cache lines instead of a miss per
   * list; pattern `i`'s start at `needsAt[i]`.
   */
  needs: Int32Array;
  needsAt: Int32Array;
}

/**
 * Lays out the requirements of a rule's patterns end to end: for each pattern, its number of
 * alternatives, then for each alternative its number of lists, then for each list its length
 * and its needle ids.
 */
function layOut(patterns: readonly Int32Array[][][]): { needs: Int32Array; needsAt: Int32Array } {
  const flat: number[] = [];
  const needsAt = new Int32Array(patterns.length);
  patterns.forEach((branches, i) => {
    needsAt[i] = flat.length;
    flat.push(branches.length);
    for (const lists of branches) {
      flat.push(lists.length);
      for (const list of lists) flat.push(list.length, ...list);
    }
  });
  return { needs: Int32Array.from(flat), needsAt };
}

/** Per rule and file: enough to show the problem, not a flood. */
const MAX_FINDINGS_PER_RULE = 20;
/** Matches examined per pattern and file, reported or not, so skipped matches cost bounded work. */
const MAX_MATCHES_PER_PATTERN = 2000;

/** Below this many characters a rule with a needle present runs over the whole file. */
export const SMALL_FILE = 4096;

const escapeRe = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Adds the `g` and `m` flags the matcher needs; keywords become one alternation. */
function regexesOf(rule: Rule): RegExp[] {
  const patterns = (rule.patterns ?? []).map((p) => new RegExp(p.source, [...new Set(`${p.flags}gm`)].join('')));
  if (rule.keywords?.length) patterns.push(new RegExp(rule.keywords.map(escapeRe).join('|'), 'gim'));
  return patterns;
}

/**
 * What each of a rule's patterns requires, as needles, per top-level alternative of the pattern
 * (one when it has none): the literals read from the pattern itself (literals.ts), and the
 * pattern's own needles (`patternNeedles`) or else the rule's. Each list is enough alone;
 * together they let a pattern of a rule that woke up stay asleep.
 */
export function patternNeedles(rule: Rule): string[][][][] {
  return regexesOf(rule).map((re, i) => {
    const own = rule.patternNeedles?.[i] ?? rule.needles;
    const branches = requiredLiteralsByBranch(re) ?? [requiredLiterals(re)];
    return branches.map((lists) => (own ? [...lists, [...own]] : lists));
  });
}

/** Compiles a rule against the needle index that holds its {@link patternNeedles}. */
export function compileRule(rule: Rule, index: NeedleIndex): CompiledRule {
  const ids = (list: readonly string[]): Int32Array => Int32Array.from(list, (n) => {
    const id = index.ids.get(n);
    if (id === undefined) throw new Error(`needle ${JSON.stringify(n)} of ${rule.id} is not in the index`);
    return id;
  });
  return { rule, patterns: regexesOf(rule), ...layOut(patternNeedles(rule).map((branches) => branches.map((lists) => lists.map(ids)))) };
}

function applies(rule: Rule, p: Prepared): boolean {
  if (rule.detector) return false;
  // A rule that only reports inside HTML comments has nothing to do in a file without one.
  if (rule.commentsOnly && !p.zones.some((z) => z.comment)) return false;
  if (rule.where === 'any') return true;
  for (const k of rule.where) if (p.kinds.has(k)) return true;
  return false;
}

/**
 * The stretches of a large text a rule needs to look at: each line (or joined markdown paragraph)
 * that holds one of its needles. `null` when the rule has no needles or they are everywhere.
 */
function segmentsFor(rule: Rule, p: Prepared, found: NeedleHits): Array<[number, number]> | null {
  if (!rule.needles) return null;
  const hits: number[] = [];
  for (const n of rule.needles) {
    const at = found.positions(n);
    if (at === null) return null;
    if (at) hits.push(...at);
  }
  hits.sort((a, b) => a - b);
  const segments: Array<[number, number]> = [];
  for (const h of hits) {
    const last = segments[segments.length - 1];
    if (last && h < last[1]) continue;
    const start = p.text.lastIndexOf('\n', h - 1) + 1;
    const nl = p.text.indexOf('\n', h);
    const end = nl < 0 ? p.text.length : nl;
    if (last && start <= last[1] + 1) last[1] = end;
    else segments.push([start, end]);
  }
  return segments;
}

/**
 * Where a scan of the whole text can start for the pattern whose requirements start at `at` in
 * `needs` (see {@link layOut}), or -1 when no alternative has a needle of each of its lists (the pattern cannot
 * match). For an alternative: for each list, the start of the line (or markdown paragraph)
 * holding its first needle; every match holds one needle of each list of its alternative, and a
 * match spanning lines is only kept within one line, so no match starts on an earlier line. The
 * earliest over the alternatives that can match. The regex still sees the text before
 * (lookbehinds) and after (lookaheads) as it was.
 */
function scanStart(needs: Int32Array, at: number, p: Prepared, found: NeedleHits): number {
  let earliest = -1;
  let o = at + 1;
  for (let b = needs[at]; b > 0; b--) {
    const start = branchStart(needs, o + 1, needs[o], p, found.first);
    if (start >= 0 && (earliest < 0 || start < earliest)) earliest = start;
    // Past this alternative's lists.
    let lists = needs[o++];
    while (lists-- > 0) o += 1 + needs[o];
  }
  return earliest;
}

/** For the alternative whose `count` lists start at `at` in `needs`: see {@link scanStart}. */
function branchStart(needs: Int32Array, at: number, count: number, p: Prepared, first: Int32Array): number {
  // Most patterns of a woken rule lack one list: rule that out before looking for positions.
  for (let l = 0, o = at; l < count; l++, o += 1 + needs[o]) {
    let any = false;
    for (let k = o + 1; k <= o + needs[o] && !any; k++) any = first[needs[k]] !== 0;
    if (!any) return -1;
  }
  let start = 0;
  for (let l = 0, o = at; l < count; l++, o += 1 + needs[o]) {
    let earliest = 0;
    for (let k = o + 1; k <= o + needs[o]; k++) {
      const f = first[needs[k]];
      if (f !== 0 && (earliest === 0 || f < earliest)) earliest = f;
    }
    const line = p.text.lastIndexOf('\n', earliest - 2) + 1;
    if (line > start) start = line;
  }
  return start;
}

/**
 * Runs one rule over one file, appending what it finds. `found` holds the file's needles (see
 * needles.ts); the engine runs only rules one of whose needles it holds, and a pattern without a
 * needle of each of its lists is skipped here.
 */
export function matchRule(c: CompiledRule, p: Prepared, found: NeedleHits, out: RawFinding[]): void {
  const { rule } = c;
  if (!applies(rule, p)) return;
  // A small file is cheaper to match whole than to cut into lines.
  // A match that may span lines is looked for over the whole text, from its start.
  const segments = p.text.length <= SMALL_FILE || rule.spansLines ? null : segmentsFor(rule, p, found);
  if (segments !== null && segments.length === 0) return;
  let reported = 0;
  for (let i = 0; i < c.patterns.length && reported < MAX_FINDINGS_PER_RULE; i++) {
    const start = scanStart(c.needs, c.needsAt[i], p, found);
    if (start < 0) continue;
    if (rule.spansLines) {
      reported = matchPattern(rule, c.patterns[i], p, 0, p.text.length, 0, reported, 0, out).reported;
      continue;
    }
    if (segments === null) {
      reported = matchPattern(rule, c.patterns[i], p, 0, p.text.length, start, reported, 0, out).reported;
      continue;
    }
    let seen = 0;
    for (const [from, to] of segments) {
      const whole = from === 0 && to === p.text.length;
      ({ reported, seen } = matchPattern(rule, c.patterns[i], p, from, to, whole ? start : 0, reported, seen, out));
    }
  }
}

/**
 * Runs one pattern over `from`..`to` of the text from offset `start` (relative to `from`),
 * checking each match; returns the rule's findings so far and the pattern's matches examined.
 */
function matchPattern(
  rule: Rule, re: RegExp, p: Prepared, from: number, to: number, start: number, reported: number, seen: number, out: RawFinding[],
): { reported: number; seen: number } {
  const whole = from === 0 && to === p.text.length;
  const text = whole ? p.text : p.text.slice(from, to);
  re.lastIndex = start;
  let m: RegExpExecArray | null;
  while (reported < MAX_FINDINGS_PER_RULE && seen++ < MAX_MATCHES_PER_PATTERN && (m = re.exec(text)) !== null) {
    if (m[0].length === 0) re.lastIndex++;
    const line = lineAt(p, from + m.index);
    let at = from + m.index - p.lineStarts[line];
    if (m[0].includes('\n') && !rule.spansLines) {
      // A match may not span lines: retry within the line, then go on from the next one.
      const single = new RegExp(re.source, re.flags);
      single.lastIndex = at;
      const lm = single.exec(p.lines[line]);
      re.lastIndex = (p.lineStarts[line + 1] ?? p.text.length) - from;
      if (!lm) continue;
      m = lm;
      at = lm.index;
    }
    const f = check(rule, p, line, at, m);
    if (f) {
      out.push(f);
      reported++;
    }
  }
  return { reported, seen };
}

/**
 * Where a regex literal opens in code: after a match operator (`=~ /`, `!~ /`) or as the first
 * argument of a call that takes a pattern (`.match(/`, `re.search(r"`, `RegExp("`, `Regexp.new("`).
 */
const REGEX_OPENS = /(?:[=!]~|\b(?:match|search|fullmatch|findall|finditer|compile|scan|RegExp|Regexp\.new|Regex)\s{0,2}\()\s{0,3}(?:r|%r)?(["'\/{])/g;

/** True when column `start` of `line` is inside a regex literal that {@link REGEX_OPENS} opened earlier on the line and nothing closed. */
function inRegexLiteral(line: string, start: number): boolean {
  REGEX_OPENS.lastIndex = 0;
  let open = -1;
  let close = '';
  for (let m = REGEX_OPENS.exec(line); m !== null && m.index < start; m = REGEX_OPENS.exec(line)) {
    open = m.index + m[0].length;
    close = m[1] === '{' ? '}' : m[1];
  }
  if (open < 0 || open > start) return false;
  for (let i = open; i < start; i++) if (line[i] === close && line[i - 1] !== '\\') return false;
  return true;
}

/** grep and its kin, PowerShell's Select-String, Windows findstr: their quoted arguments are patterns. */
const SEARCH_TOOL = /(?:^|[\s|;&(`$])(?:[ef]?grep|rg|ag|ack|findstr|Select-String|sls)(?=\s)/g;

/** True when column `start` of `line` is inside a quoted argument of a search tool earlier on the line. */
function isSearchPattern(line: string, start: number): boolean {
  SEARCH_TOOL.lastIndex = 0;
  let tool = -1;
  for (let m = SEARCH_TOOL.exec(line); m !== null && m.index < start; m = SEARCH_TOOL.exec(line)) tool = m.index + m[0].length;
  if (tool < 0) return false;
  // Inside quotes opened after the tool's name: an odd number of one kind of quote before the match.
  let single = 0;
  let double = 0;
  let substituted = false;
  for (let i = tool; i < start; i++) {
    const c = line.charCodeAt(i);
    // An unquoted `|`, `;` or `&` ends the search command: what follows is another command.
    if ((c === 124 || c === 59 || c === 38) && single % 2 === 0 && double % 2 === 0) return false;
    if (c === 39 && double % 2 === 0) single++;
    else if (c === 34 && single % 2 === 0 && line.charCodeAt(i - 1) !== 92) {
      double++;
      substituted = false;
    } else if (double % 2 === 1 && (c === 96 || (c === 36 && line.charCodeAt(i + 1) === 40))) substituted = true;
  }
  // In double quotes, `$(...)` and backticks still run: "$(curl ... | sh)" is no pattern.
  return single % 2 === 1 || (double % 2 === 1 && !substituted);
}

/** Whether one of the next `unlessWithinLines` lines of the same code block matches the rule's `unless`. */
function restoredBelow(rule: Rule, p: Prepared, line: number): boolean {
  const last = Math.min(p.lines.length - 1, line + rule.unlessWithinLines!);
  for (let i = line + 1; i <= last && p.zones[i].kind === 'script'; i++) {
    if (rule.unless!.some((u) => u.test(p.lines[i]))) return true;
  }
  return false;
}

/** A line comment (or one after code) whose words before the match say it shows something: "contains:", "e.g.", "host could be \"x; rm -rf ~\"". */
const COMMENT_SHOWS = /(?:^\s{0,12}(?:#|\/\/|--|;|REM\b)(?![!#])|\s(?:#|\/\/)\s)[^\n]{0,120}?(?:\b(?:contains?|containing|e\.g\.|for\s{1,3}example|for\s{1,3}instance|such\s{1,3}as|looks\s{1,3}like|reads|says|(?:could|might|may|can)\s{1,3}be)\b|\bexample\s{0,3}:)[^\n]{0,40}$/i;

/** Whether the match at `start` sits in a line comment that shows a sample rather than running it. */
function commentShows(line: string, start: number): boolean {
  return start > 0 && COMMENT_SHOWS.test(line.slice(0, start));
}

/** Lines a section's heading is looked for above a match. */
const HEADING_REACH = 200;

/** Whether the nearest markdown heading above `line` matches `heading`. */
function underHeading(p: Prepared, line: number, heading: RegExp): boolean {
  for (let i = line; i >= 0 && line - i <= HEADING_REACH; i--) {
    if (p.zones[i].kind === 'markdown' && isHeading(p.lines[i])) return heading.test(p.lines[i]);
  }
  return false;
}

function check(rule: Rule, p: Prepared, line: number, start: number, m: RegExpExecArray): RawFinding | null {
  const zone = p.zones[line];
  if (rule.where !== 'any' && !rule.where.includes(zone.kind)) return null;
  // A detection rule's strings or quoted telemetry are read, never run; hidden text is hidden anywhere.
  if (zone.inert && rule.category !== 'hidden-text') return null;
  if (rule.commentsOnly && !zone.comment) return null;
  const text = p.lines[line];
  if (rule.renderedMarkup && zone.kind === 'markdown' && !zone.comment && outsideCode(text, start) < 0) return null;
  // Context is read from the joined text, so a negation on the previous line of the same
  // markdown paragraph still counts.
  const abs = p.lineStarts[line] + start;
  if (zone.kind === 'markdown') {
    const mode = rule.prose ?? 'mention';
    if (mode !== 'match') {
      const clause = clauseBefore(p.text, abs);
      if (isNegated(p.text, abs, clause)) return null;
      if (mode === 'mention' && (isQuotedMention(p.text, abs, clause) || isDescription(p.text, abs, clause))) return null;
      if (mode === 'mention' && zone.exhibit && isQuotedExhibit(p.text, abs, clause)) return null;
      // A blockquote under such a heading quotes, whatever its own line's quotation marks say.
      if (mode === 'mention' && zone.exhibit && leadingChar(text) === '>') return null;
      if (mode === 'mention' && (isJudgedAfter(p.text, abs, abs + m[0].length) || isReplaced(p.text, abs, abs + m[0].length, clause))) return null;
    }
    if (rule.unlessAfter && rule.unlessAfter.test(sentenceBefore(p.text, abs))) return null;
  }
  // A markdown code block's line quoting what a text holds (`file.md:14: decoded: "Ignore previous ..."`) shows it.
  if (zone.kind === 'script' && p.kind === 'markdown' && quotedAsContent(text, start)) return null;
  // A comment that shows what some text holds ("# a script contains: echo ... | base64 -d | sh") runs nothing.
  if (zone.kind === 'script' && commentShows(text, start)) return null;
  // A search tool's quoted pattern is what it looks for (`grep -E 'curl[^|]*\| *sh'`), in any zone.
  if (text.length > 8 && isSearchPattern(text, start)) return null;
  // So is a regex literal in code: an auditor's `s =~ /bypassPermissions|dangerously-skip-permissions/`.
  // Not for the LOW signals that look for such patterns on purpose (WL008: a regex for wallet addresses).
  if (zone.kind === 'script' && rule.severity !== 'LOW' && !rule.signal && inRegexLiteral(text, start)) return null;
  if (rule.unless?.length) {
    const seg = commandSegment(p.text, abs, abs + m[0].length, zone.kind === 'markdown');
    if (rule.unless.some((u) => u.test(seg))) return null;
    if (zone.kind === 'script' && rule.unlessWithinLines && restoredBelow(rule, p, line)) return null;
  }
  if (rule.unlessUnder && p.kind === 'markdown' && underHeading(p, line, rule.unlessUnder)) return null;
  const verdict = rule.verify ? runVerifier(rule.verify, m, p.text) : {};
  if (verdict === null) return null;
  return findingAt(rule, p, line, text, verdict.message ?? rule.message, verdict.severity ?? rule.severity, start);
}
