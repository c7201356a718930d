/**
 * Runs the pattern rules over a prepared file. A rule's regexes run over the lines that hold one
 * of its needles (the whole text when it has none); each match is then checked against its
 * line's zone, the mention heuristics, `unless` and the verifier.
 */
import { commandSegment, isDescription, isNegated, isQuotedExhibit, isQuotedMention } from './context.js';
import { excerpt } from './excerpt.js';
import type { NeedleHits } from './needles.js';
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

interface CompiledRule {
  rule: Rule;
  patterns: RegExp[];
}

/** Per rule and file: enough to show the problem, not a flood. */
const MAX_FINDINGS_PER_RULE = 20;
/** Matches examined per pattern and file, reported or not, so skipped matches cost bounded work. */
const MAX_MATCHES_PER_PATTERN = 2000;

/** Below this many characters a rule with a needle present runs over the whole file. */
const SMALL_FILE = 4096;

const escapeRe = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Adds the `g` and `m` flags the matcher needs; keywords become one alternation. */
export function compileRule(rule: Rule): CompiledRule {
  const patterns = (rule.patterns ?? []).map((p) => new RegExp(p.source, [...new Set(`${p.flags}gm`)].join('')));
  if (rule.keywords?.length) patterns.push(new RegExp(rule.keywords.map(escapeRe).join('|'), 'gim'));
  return { rule, patterns };
}

function applies(rule: Rule, p: Prepared): boolean {
  if (rule.detector) return false;
  return rule.where === 'any' || rule.where.some((k) => p.kinds.has(k));
}

/**
 * The stretches of text a rule needs to look at: each line (or joined markdown paragraph) that
 * holds one of its needles. `null` when the rule has no needles or they are everywhere.
 */
function segmentsFor(rule: Rule, p: Prepared, found: NeedleHits): Array<[number, number]> | null {
  if (!rule.needles) return null;
  // A small file is cheaper to match whole than to cut into lines.
  if (p.text.length <= SMALL_FILE) return rule.needles.some((n) => found.has(n)) ? null : [];
  const hits: number[] = [];
  for (const n of rule.needles) {
    const at = found.get(n);
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
 * Where a scan of the whole text can start for a pattern with these needles: the start of the
 * line holding the first occurrence of any of them. Every match holds a needle (needles.test.ts)
 * and a match spanning lines is only kept within one line, so no match starts on an earlier line;
 * the regex still sees the text before (lookbehinds) and after (lookaheads) as it was.
 */
function scanStart(needles: readonly string[] | undefined, p: Prepared, found: NeedleHits): number {
  if (!needles) return 0;
  let first = p.text.length;
  for (const n of needles) {
    const at = found.get(n);
    if (at === null) return 0;
    if (at !== undefined && at[0] < first) first = at[0];
  }
  return first >= p.text.length ? 0 : p.text.lastIndexOf('\n', first - 1) + 1;
}

/**
 * Runs one rule over one file, appending what it finds. `found` holds the file's needle
 * positions (see needles.ts).
 */
export function matchRule(c: CompiledRule, p: Prepared, found: NeedleHits, out: RawFinding[]): void {
  const { rule } = c;
  if (!applies(rule, p)) return;
  const segments = segmentsFor(rule, p, found) ?? [[0, p.text.length]];
  if (segments.length === 0) return;
  const budget = { reported: 0 };
  // Where the rule's patterns start on a whole text; a pattern with needles of its own has its own.
  let ruleStart = -1;
  for (const [i, re] of c.patterns.entries()) {
    const own = rule.patternNeedles?.[i];
    if (own && !own.some((n) => found.has(n))) continue;
    let seen = 0;
    for (const [from, to] of segments) {
      const whole = from === 0 && to === p.text.length;
      const text = whole ? p.text : p.text.slice(from, to);
      if (whole && !own && ruleStart < 0) ruleStart = scanStart(rule.needles, p, found);
      re.lastIndex = !whole ? 0 : own ? scanStart(own, p, found) : ruleStart;
      let m: RegExpExecArray | null;
      while (budget.reported < MAX_FINDINGS_PER_RULE && seen++ < MAX_MATCHES_PER_PATTERN && (m = re.exec(text)) !== null) {
        if (m[0].length === 0) re.lastIndex++;
        const line = lineAt(p, from + m.index);
        let start = from + m.index - p.lineStarts[line];
        if (m[0].includes('\n')) {
          // A match may not span lines: retry within the line, then go on from the next one.
          const single = new RegExp(re.source, re.flags);
          single.lastIndex = start;
          const lm = single.exec(p.lines[line]);
          re.lastIndex = (p.lineStarts[line + 1] ?? p.text.length) - from;
          if (!lm) continue;
          m = lm;
          start = lm.index;
        }
        const f = check(rule, p, line, start, m);
        if (f) {
          out.push(f);
          budget.reported++;
        }
      }
    }
  }
}

function check(rule: Rule, p: Prepared, line: number, start: number, m: RegExpExecArray): RawFinding | null {
  const zone = p.zones[line];
  if (rule.where !== 'any' && !rule.where.includes(zone.kind)) return null;
  if (rule.commentsOnly && !zone.comment) return null;
  const text = p.lines[line];
  // Context is read from the joined text, so a negation on the previous line of the same
  // markdown paragraph still counts.
  const abs = p.lineStarts[line] + start;
  if (zone.kind === 'markdown') {
    const mode = rule.prose ?? 'mention';
    if (mode !== 'match' && isNegated(p.text, abs)) return null;
    if (mode === 'mention' && (isQuotedMention(p.text, abs) || isDescription(p.text, abs))) return null;
    if (mode === 'mention' && zone.exhibit && isQuotedExhibit(p.text, abs)) return null;
  }
  if (rule.unless?.length) {
    const seg = commandSegment(p.text, abs, abs + m[0].length, zone.kind === 'markdown');
    if (rule.unless.some((u) => u.test(seg))) return null;
  }
  const verdict = rule.verify ? runVerifier(rule.verify, m) : {};
  if (verdict === null) return null;
  return findingAt(rule, p, line, text, verdict.message ?? rule.message, verdict.severity ?? rule.severity, start);
}
