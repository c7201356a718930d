/**
 * The intent model: a linear model over a skill's words, word pairs and rule findings
 * (features.ts), trained on the project's skill corpora by test/scanner/train-model.ts and
 * shipped as weights.json. The rules catch what they were written for; the model catches skills
 * that read, as a whole, like the attacks it was trained on, worded in ways no rule lists. It
 * reports one finding (ML001) whose excerpt is the line that weighs most towards its verdict.
 * It also gives a second opinion on the rules: a skill it reads as plainly benign, as a whole and
 * around each finding, has the rules' HIGH findings kept at MEDIUM (engine.ts, keptAtMedium).
 * docs/scanner.md ("The intent model") has how it was trained and measured.
 */
import { readFileSync } from 'node:fs';
import { excerpt } from '../excerpt.js';
import type { RawFinding } from '../match.js';
import type { Prepared } from '../prepare.js';
import type { Severity } from '../types.js';
import { Tally } from './tally.js';
import { BUCKET_BITS, FEATURE_BITS, SIGN, forEachTextFeature, ruleFeature } from './features.js';

/** weights.json as the training script writes it. */
export interface ModelFile {
  /** 2: signed features (features.ts, SIGN); 1 had none. */
  version: 2;
  bucket_bits: number;
  bias: number;
  /** A skill is reported when its score is above this (chosen on the training data, see train-model.ts). */
  threshold: number;
  /**
   * Below this score the model vouches for a skill (chosen on the training data so that few of
   * the attacks the rules catch score lower). Absent: the model never vouches.
   */
  veto?: number;
  /**
   * The same for the lines around each of the rules' findings ({@link forEachFeatureAround}): both must be
   * below their veto. Never above the bias: the lines must read as more benign than nothing.
   */
  window_veto?: number;
  /** The corpora the weights were fitted to, for the record. */
  trained_on: string[];
  /** [bucket, weight] for every bucket with a weight. */
  weights: Array<[number, number]>;
}

export const MODEL_RULE = {
  id: 'ML001',
  severity: 'HIGH' as Severity,
  message: 'The skill reads as a whole like the attacks the intent model was trained on',
};

/** A loaded model: dense weights by bucket. */
export interface Model {
  bias: number;
  threshold: number;
  veto: number;
  windowVeto: number;
  /** By feature: a bucket's weight, and at `bucket | SIGN` its negation. */
  weights: Float32Array;
}

export function loadModel(file: ModelFile): Model {
  if (file.version !== 2 || file.bucket_bits !== BUCKET_BITS) throw new Error(`weights.json: unsupported model (version ${file.version}, ${file.bucket_bits} bits)`);
  // By feature (features.ts): a bucket's weight, and its negation for the bucket's signed twin.
  const weights = new Float32Array(1 << FEATURE_BITS);
  for (const [bucket, w] of file.weights) {
    weights[bucket] = w;
    weights[bucket | SIGN] = -w;
  }
  return { bias: file.bias, threshold: file.threshold, veto: file.veto ?? -Infinity, windowVeto: file.window_veto ?? -Infinity, weights };
}

let shipped: Model | undefined;

/**
 * weights.json, read on the first scan rather than on import: the web process imports the
 * scanner for its size limits and never scans, and need not parse 1.2 MB of weights.
 */
function shippedModel(): Model {
  shipped ??= loadModel(JSON.parse(readFileSync(new URL('./weights.json', import.meta.url), 'utf8')) as ModelFile);
  return shipped;
}

/** The features of a skill: every file's words and word pairs, its path's, and the ids of the rules its scan found. */
export function skillFeatures(files: readonly Prepared[], ruleIds: Iterable<string>): Set<number> {
  const features = new Set<number>();
  forEachSkillFeature(files, ruleIds, (bucket) => {
    features.add(bucket);
  });
  return features;
}

/** Calls `add` with every feature of a skill (a feature may come more than once). */
function forEachSkillFeature(files: readonly Prepared[], ruleIds: Iterable<string>, add: (bucket: number) => void): void {
  for (const p of files) {
    forEachTextFeature(p.path.toLowerCase(), add);
    forEachTextFeature(p.lower, add);
  }
  for (const id of ruleIds) add(ruleFeature(id));
}

/** About a 20-line skill: below this many features, a text is scaled as if it had this many. */
export const SHORT_SKILL = 250;

/**
 * What each feature's weight counts for in a skill with `size` features: 1/sqrt(size), so a long
 * skill's many words do not outvote a short one's, but never more than in a skill of
 * SHORT_SKILL features, so a one-line snippet does not ride on a word or two.
 */
export function featureScale(size: number): number {
  return 1 / Math.sqrt(Math.max(SHORT_SKILL, size));
}


/** The model's score of a set of features: above the threshold reads as an attack. */
export function modelScore(features: ReadonlySet<number>, model: Model = shippedModel()): number {
  let sum = 0;
  for (const b of features) sum += model.weights[b];
  return model.bias + sum * featureScale(features.size);
}

/**
 * The count under way: a bucket counts once per skill (and, for the explanation, once per line)
 * without a set built per scan. Counts never overlap: each is over before the next begins.
 */
const TALLY = new Tally();

/** The score of a skill: {@link modelScore} of {@link skillFeatures}, without building the set. */
export function skillScore(files: readonly Prepared[], ruleIds: Iterable<string>, model: Model = shippedModel()): number {
  return scored((add) => forEachSkillFeature(files, ruleIds, add), model).score;
}

/** The score of the features `walk` gives (each counted once) and how many there are. */
function scored(walk: (add: (bucket: number) => void) => void, model: Model): { score: number; size: number } {
  TALLY.begin();
  walk((bucket) => {
    TALLY.add(bucket);
  });
  TALLY.end(model.weights);
  return { score: model.bias + TALLY.sum * featureScale(TALLY.size), size: TALLY.size };
}

/**
 * Whether the model vouches for text that scored `score` over `size` features: below the veto,
 * and long enough to be read at all. A text shorter than SHORT_SKILL features weighs too little
 * for its words to vouch for anything: it is left to the rules.
 */
function vouchedAt({ score, size }: { score: number; size: number }, veto: number): boolean {
  return size >= SHORT_SKILL && score < veto;
}

/** Lines on each side of a finding that the veto reads with it. */
export const WINDOW_LINES = 12;

/** Where a finding (or any located thing with a rule id) is: a file path and a 1-based line. */
export interface Located {
  file: string;
  line: number;
  rule_id: string;
}

/**
 * Calls `add` with every feature of the lines around `finding` in its file `p` (WINDOW_LINES
 * each side): their words and pairs, the path's, and the ids of the rules `found` on those
 * lines. The veto scores these for every finding it would lower, so that benign text added
 * elsewhere in the skill (a library's README as a second file, pages of prose after the attack)
 * cannot vouch for it.
 */
export function forEachFeatureAround(p: Prepared, finding: Located, found: readonly Located[], add: (bucket: number) => void): void {
  const from = Math.max(0, finding.line - 1 - WINDOW_LINES);
  const to = Math.min(p.lines.length - 1, finding.line - 1 + WINDOW_LINES);
  const end = to + 1 < p.lineStarts.length ? p.lineStarts[to + 1] : p.lower.length;
  forEachTextFeature(p.path.toLowerCase(), add);
  forEachTextFeature(p.lower.slice(p.lineStarts[from] ?? 0, end), add);
  for (const f of found) if (f.file === finding.file && f.line - 1 >= from && f.line - 1 <= to) add(ruleFeature(f.rule_id));
}

/** What the model makes of a scanned skill. */
export interface Judgement {
  score: number;
  /** ML001 when the score is above the threshold. */
  finding: RawFinding | null;
  /** The score is below the veto over a long enough text: the skill reads as plainly benign (each finding's lines must too, {@link vouchesFor}). */
  vouches: boolean;
  /** The veto, for the message of a finding kept at MEDIUM. */
  veto: number;
  model: Model;
}

/**
 * The model's judgement of a scanned skill. `found` are the scan's own findings (signals
 * included); the ML001 finding's `category` is that of the most severe of them, as the model
 * says "attack" but not which kind.
 */
export function judge(files: readonly Prepared[], found: readonly RawFinding[], model: Model = shippedModel()): Judgement {
  if (files.length === 0) return { score: model.bias, finding: null, vouches: false, veto: model.veto, model };
  const whole = tallied(files, found, model);
  const score = whole.score;
  return { score, finding: score > model.threshold ? reported(files, found, whole, model) : null, vouches: vouchedAt(whole, model.veto), veto: model.veto, model };
}

/**
 * {@link scored} for the whole skill, counting each line's features too (in {@link TALLY}'s line
 * sums, the files' lines numbered one after the other), so that the explanation of a finding
 * needs no second walk. The same features in the same order as {@link forEachSkillFeature}.
 */
function tallied(files: readonly Prepared[], found: readonly RawFinding[], model: Model): { score: number; size: number; lineSums: Float64Array } {
  let lines = 0;
  for (const p of files) lines += p.lines.length;
  TALLY.begin(lines);
  let first = 0;
  for (const p of files) {
    forEachTextFeature(p.path.toLowerCase(), (bucket) => {
      TALLY.add(bucket);
    });
    const starts = p.lineStarts;
    let line = 0;
    forEachTextFeature(p.lower, (bucket, _start, end) => {
      // A feature belongs to the line it ends on; features come in order of their ends.
      while (line + 1 < starts.length && starts[line + 1] < end) line++;
      TALLY.addOnLine(bucket, first + line);
    });
    first += p.lines.length;
  }
  for (const f of found) TALLY.add(ruleFeature(f.rule_id));
  TALLY.end(model.weights);
  return { score: model.bias + TALLY.sum * featureScale(TALLY.size), size: TALLY.size, lineSums: TALLY.lineSums };
}

/**
 * Whether the model also vouches for the lines around `finding` (with the rules found among
 * them). A finding in no submitted file (there is none today) is not vouched for.
 */
export function vouchesFor(judged: Judgement, files: readonly Prepared[], found: readonly RawFinding[], finding: RawFinding): boolean {
  const p = files.find((f) => f.path === finding.file);
  if (!p) return false;
  return scored((add) => forEachFeatureAround(p, finding, found, add), judged.model).score < judged.model.windowVeto;
}

/** The ML001 finding for a scanned skill, or null when the model does not report it. */
export function modelFinding(files: readonly Prepared[], found: readonly RawFinding[], model: Model = shippedModel()): RawFinding | null {
  return judge(files, found, model).finding;
}

function reported(files: readonly Prepared[], found: readonly RawFinding[], { score, lineSums }: { score: number; lineSums: Float64Array }, model: Model): RawFinding {
  const at = strongestLine(files, lineSums, model);
  return {
    rule_id: MODEL_RULE.id,
    category: categoryOf(found),
    severity: MODEL_RULE.severity,
    file: at.file.path,
    line: at.line + 1,
    excerpt: excerpt(at.file.lines[at.line]),
    message: `${MODEL_RULE.message} (score ${score.toFixed(2)}, threshold ${model.threshold.toFixed(2)}); this line weighs most${at.words.length ? `: ${at.words.map((w) => `"${w}"`).join(', ')}` : ''}`,
    atRuleSeverity: true,
  };
}

const RANK: Record<Severity, number> = { LOW: 0, MEDIUM: 1, HIGH: 2, CRITICAL: 3 };

function categoryOf(found: readonly RawFinding[]): RawFinding['category'] {
  let best: RawFinding | undefined;
  for (const f of found) if (!best || RANK[f.severity] > RANK[best.severity]) best = f;
  // No rule found anything: instructions that read as an attack are aimed at the agent.
  return best?.category ?? 'prompt-injection';
}

/** A front-matter line is the strongest line only when no line of the body weighs a hundredth as much. */
const FRONT_MATTER_DISCOUNT = 0.01;

/** The first line after a markdown file's YAML front matter (`---` ... `---`), or 0 without one. */
function frontMatterEnd(p: Prepared): number {
  if (p.kind !== 'markdown' || p.lines[0]?.trim() !== '---') return 0;
  for (let i = 1; i < Math.min(p.lines.length, 60); i++) if (p.lines[i].trim() === '---') return i + 1;
  return 0;
}

/**
 * The line whose words and pairs add most to the score, and its three heaviest words or pairs.
 * `sums` holds each line's weight (the files' lines one after the other), from {@link tallied}.
 */
function strongestLine(files: readonly Prepared[], sums: Float64Array, model: Model): { file: Prepared; line: number; words: string[] } {
  let best = { file: files[0], line: 0 };
  let bestSum = -Infinity;
  let first = 0;
  for (const file of files) {
    // The front matter names and describes the skill: point at an instruction when one weighs at all.
    const body = frontMatterEnd(file);
    for (let i = 0; i < file.lines.length; i++) {
      const sum = sums[first + i];
      const weight = i < body && sum > 0 ? sum * FRONT_MATTER_DISCOUNT : sum;
      if (weight > bestSum) {
        bestSum = weight;
        best = { file, line: i };
      }
    }
    first += file.lines.length;
  }
  return { ...best, words: heaviestWords(best.file.lines[best.line].toLowerCase(), model) };
}

/** How many of a line's words or pairs the finding's message names. */
const NAMED_WORDS = 3;

/**
 * The words or pairs of `lower` with the NAMED_WORDS greatest positive weights, heaviest first;
 * where several weigh exactly the same, the first of them alone. One pass: a word that is not
 * among the heaviest when it comes can never be later, as the bar only rises.
 */
function heaviestWords(lower: string, model: Model): string[] {
  const top: Array<{ word: string; weight: number }> = [];
  forEachTextFeature(lower, (bucket, start, end) => {
    const weight = model.weights[bucket];
    if (weight <= 0 || top.some((t) => t.weight === weight)) return;
    if (top.length === NAMED_WORDS) {
      if (weight <= top[NAMED_WORDS - 1].weight) return;
      top.pop();
    }
    let at = top.length;
    while (at > 0 && top[at - 1].weight < weight) at--;
    top.splice(at, 0, { word: lower.slice(start, Math.min(end, start + 40)), weight });
  });
  return top.map((t) => t.word);
}
