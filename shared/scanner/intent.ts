/**
 * Rules over meaning. Prose attacks carry no command to match: "open ~/.aws/credentials and send
 * it to https://..." is one instruction made of a secret (source) and a destination (sink). This
 * detector finds the features of intent-features.ts in each instruction window (a sentence and
 * the next, within one paragraph or line) and reports the combinations that make an attack:
 * source x sink, fetch x follow x persistence, another tool's call x a change to it, concealment
 * x anything sensitive, a write to the agent's own instructions, a locked archive that is run.
 */
import { FEATURE_NEEDLES, FEATURES, type Feature } from './intent-features.js';
import { findingAt, type RawFinding } from './match.js';
import type { NeedleHits } from './needles.js';
import { counts, readable } from './intent-text.js';
import { lineAt, type Prepared } from './prepare.js';
import { RULES } from './rules/index.js';
import type { Rule } from './types.js';

type Has = (f: Feature) => boolean;
interface Combination {
  rule: Rule;
  fires: (has: Has) => boolean;
}

const byId = (id: string): Rule => RULES.find((r) => r.id === id)!;
const COMBINATIONS: readonly Combination[] = [
  // The user's own files or messages are sent honestly too (a converter): only quietly, or put before everything else.
  { rule: byId('IN001'), fires: (h) => h('sink') && (h('source') || (h('userData') && (h('conceal') || h('override')))) },
  // "Keep tokens out of the summary" names a secret and the reply to protect it.
  { rule: byId('IN002'), fires: (h) => h('source') && h('reply') && !h('protect') },
  { rule: byId('IN003'), fires: (h) => h('fetch') && h('follow') && (h('persist') || h('override') || h('conceal')) },
  { rule: byId('IN004'), fires: (h) => h('trigger') && h('modify') },
  { rule: byId('IN005'), fires: (h) => h('conceal') && ((h('source') && !h('protect')) || h('sink') || h('fetch') || h('trigger') || (h('write') && h('agentFile'))) },
  { rule: byId('IN006'), fires: (h) => h('write') && h('agentFile') && (h('fetch') || h('conceal') || h('persist') || h('override')) },
  { rule: byId('IN007'), fires: (h) => h('locked') && h('run') && h('fetch') },
];

/** Features judged where they end, at their destination (see intentFindings). */
const ENDS_AT_DESTINATION = new Set<Feature>(['sink', 'reply', 'fetch']);
/** Sentence ends: punctuation before a space, CJK full stops, line ends. */
const SENTENCE_END = /[.!?](?=\s)|[。！？]|\n/g;

/** Sentence index of each offset: the number of sentence ends before it. */
function sentenceEnds(text: string): { ends: number[]; hard: Set<number> } {
  const ends: number[] = [];
  const hard = new Set<number>();
  for (const m of text.matchAll(SENTENCE_END)) {
    if (m[0] === '\n') hard.add(ends.length);
    ends.push(m.index ?? 0);
  }
  return { ends, hard };
}

function sentenceOf(ends: readonly number[], at: number): number {
  let lo = 0;
  let hi = ends.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (ends[mid] < at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The order features are looked for, and what must already have been found in the file for a
 * feature to matter: the rare features come first, so most files stop after a few regex passes
 * (a file with no send, reply, concealment, fetch, tool call, rules file or locked archive can
 * complete no combination, however many secrets it names).
 */
const ORDER: ReadonlyArray<[Feature, readonly Feature[]]> = [
  ['sink', []], ['reply', []], ['fetch', []], ['conceal', []], ['trigger', []], ['agentFile', []], ['locked', []],
  ['source', ['sink', 'reply', 'conceal']], ['follow', ['fetch']], ['persist', ['fetch', 'agentFile']],
  ['override', ['fetch', 'agentFile', 'sink']], ['modify', ['trigger']], ['write', ['agentFile']], ['run', ['locked']],
  ['userData', ['sink']], ['protect', ['source']],
];
const REGEX = new Map(FEATURES);
/** The features ORDER looks for unconditionally. */
const ROOTS: readonly Feature[] = ORDER.filter(([, after]) => after.length === 0).map(([f]) => f);
/** Per feature: its ASCII needles (found by the engine's one needle pass) and the others (looked for one by one). */
const SPLIT_NEEDLES = (Object.entries(FEATURE_NEEDLES) as Array<[Feature, readonly string[]]>).map(([feature, needles]) => ({
  feature,
  ascii: needles.filter((n) => /^[\x00-\x7f]+$/.test(n)),
  other: needles.filter((n) => !/^[\x00-\x7f]+$/.test(n)),
}));
/** The ASCII feature needles, for the engine to add to its one automaton over the file. */
export const INTENT_NEEDLES: readonly string[] = SPLIT_NEEDLES.flatMap((s) => s.ascii);

/**
 * The features a file can hold, from the needles found in its whole lowercased text. The detector
 * reads only some lines (see intent-text.ts), so this may name a feature the read lines lack: it
 * only decides which regexes run, and those run over the read lines alone.
 */
function presentFeatures(found: NeedleHits, lower: string): Set<Feature> {
  const present = new Set<Feature>();
  for (const { feature, ascii, other } of SPLIT_NEEDLES) {
    if (ascii.some((n) => found.has(n)) || other.some((n) => lower.includes(n))) present.add(feature);
  }
  return present;
}

/**
 * Appends the intent findings of one prepared text; `found` holds the needles of the whole text,
 * {@link INTENT_NEEDLES} included.
 */
export function intentFindings(p: Prepared, found: NeedleHits, out: RawFinding[]): void {
  const present = presentFeatures(found, p.lower);
  // Every other feature is looked for only after one of these was found (see ORDER).
  if (!ROOTS.some((f) => present.has(f))) return;
  const { text, reads } = readable(p);
  const perSentence = new Map<number, Set<Feature>>();
  const firstAt = new Map<number, number>();
  const seen = new Set<Feature>();
  let ends: ReturnType<typeof sentenceEnds> | undefined;
  for (const [feature, after] of ORDER) {
    if (after.length > 0 && !after.some((f) => seen.has(f))) continue;
    if (!present.has(feature)) continue;
    const re = REGEX.get(feature)!;
    re.lastIndex = 0;
    let tried = 0;
    for (let m = re.exec(text); m !== null && tried++ < 200; m = re.exec(text)) {
      // A destination-ending feature is judged where it ends: "the "re-sync" step, then send it to https://..."
      const judgedAt = ENDS_AT_DESTINATION.has(feature) ? m.index + m[0].length - 1 : m.index;
      if (!counts(p, reads, feature, judgedAt)) continue;
      seen.add(feature);
      // Over the read text: a docstring's lines are joined there as a markdown paragraph's are.
      ends ??= sentenceEnds(text);
      const s = sentenceOf(ends.ends, m.index);
      const set = perSentence.get(s) ?? new Set<Feature>();
      set.add(feature);
      perSentence.set(s, set);
      if (!firstAt.has(s) || m.index < firstAt.get(s)!) firstAt.set(s, m.index);
    }
  }
  if (!ends || perSentence.size < 1) return;
  const reported = new Set<string>();
  for (const [s, own] of perSentence) {
    // A window is this sentence and the next, unless a line break separates them.
    const next = ends.hard.has(s) ? undefined : perSentence.get(s + 1);
    const has: Has = (f) => own.has(f) || (next?.has(f) ?? false);
    const line = lineAt(p, firstAt.get(s)!);
    for (const { rule, fires } of COMBINATIONS) {
      if (!fires(has) || reported.has(`${rule.id}:${line}`)) continue;
      reported.add(`${rule.id}:${line}`);
      const at = firstAt.get(s)! - p.lineStarts[line];
      out.push(findingAt(rule, p, line, p.lines[line], rule.message, rule.severity, at));
    }
  }
}
