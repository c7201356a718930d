/**
 * The scan: normalise each file, run the pattern rules and detectors, decode and rescan encoded
 * text, add combination findings, and build the report. Pure: no I/O, no clock but the one
 * passed in.
 */
import { comboFindings, skillComboFindings } from './combos.js';
import { decodeBudget, findEncoded, type DecodeBudget, type DecodedBlob } from './decode.js';
import { hiddenFindings, INSTALLER_NEEDLES, typosquatFindings } from './detectors.js';
import { detectionFormat, showsAttacks, teachesAttacksIn } from './file-kind.js';
import { INTENT_NEEDLES, intentFindings } from './intent.js';
import { FEATURES } from './intent-features.js';
import { excerpt } from './excerpt.js';
import { SCAN_LIMITS } from './limits.js';
import { compileRule, matchRule, patternNeedles, SMALL_FILE, type RawFinding } from './match.js';
import { judge, vouchesFor, type Judgement, type Model } from './model/index.js';
import { buildNeedleIndex, findNeedles, type NeedleHits } from './needles.js';
import { prepare, type Prepared } from './prepare.js';
import { buildReport } from './report.js';
import { RULES } from './rules/index.js';
import type { Rule, ScanReport, Severity, Skill } from './types.js';

/** Options of one scan. */
export interface ScanOptions {
  /** Stop after this many milliseconds and report `truncated: true`. Default {@link SCAN_LIMITS}.timeBudgetMs (2000). */
  timeBudgetMs?: number;
  /** The clock, in milliseconds. Default `performance.now`. */
  now?: () => number;
  /** Also report the signal rules' findings (Rule.signal), which combinations otherwise consume silently: for rule tests and debugging. */
  signals?: boolean;
  /**
   * Ask the intent model (model/index.ts) too. Default true, the shipped model; false reads the
   * rules' findings alone (its training does); tests pass a model of their own.
   */
  model?: boolean | Model;
}

/**
 * The rules' needles, their patterns' required literals, the intent features' and the
 * installers': one pass over each text finds them all.
 */
const NEEDLES = buildNeedleIndex([
  ...RULES.flatMap((r) => r.needles ?? []),
  ...RULES.flatMap((r) => (r.detector ? [] : patternNeedles(r).flat(3))),
  ...INTENT_NEEDLES,
  ...INSTALLER_NEEDLES,
]);
const COMPILED = RULES.map((r) => compileRule(r, NEEDLES));
/** For each needle id, the rules (by index) it can wake; rules without needles always run. */
const RULES_BY_NEEDLE: number[][] = NEEDLES.needles.map(() => []);
const ALWAYS: number[] = [];
RULES.forEach((r, i) => {
  if (r.detector) return;
  if (!r.needles) ALWAYS.push(i);
  for (const n of r.needles ?? []) {
    const id = NEEDLES.ids.get(n);
    if (id !== undefined && !RULES_BY_NEEDLE[id].includes(i)) RULES_BY_NEEDLE[id].push(i);
  }
});
/** Capabilities that only combinations report (Rule.signal). */
const SIGNALS = new Set(RULES.filter((r) => r.signal).map((r) => r.id));
/** RULES_BY_NEEDLE end to end: needle `id` wakes WAKES[WAKES_FROM[id]] .. WAKES[WAKES_FROM[id + 1] - 1]. */
const WAKES_FROM = new Int32Array(RULES_BY_NEEDLE.length + 1);
RULES_BY_NEEDLE.forEach((rules, id) => (WAKES_FROM[id + 1] = WAKES_FROM[id] + rules.length));
const WAKES = Int32Array.from(RULES_BY_NEEDLE.flat());
const ENCODED = RULES.find((r) => r.id === 'OB003')!;
const NESTED = RULES.find((r) => r.id === 'OB006')!;
/**
 * Decoded text is decoded again while each layer shrinks (see decode.ts) and the file's decode
 * budget lasts; this depth is only a backstop, as 16 shrinking base64 layers need ~100 KB.
 */
const MAX_DEPTH = 16;
/** Honest text is encoded once, sometimes twice (base64 of gzip); a third layer is hiding. */
const SUSPICIOUS_LAYERS = 3;
/** More findings than this is noise; the report says it was truncated. */
const MAX_FINDINGS = 500;
const RANK: Record<Severity, number> = { LOW: 0, MEDIUM: 1, HIGH: 2, CRITICAL: 3 };

class OutOfTime extends Error {}

/**
 * The last needle hits searched at each decoding depth, whose table the next text at that depth
 * reuses: by then the scan that read them has returned (a text's decoded layers sit one deeper),
 * and scans are synchronous. Memory only; no result carries over.
 */
const SPENT_HITS: NeedleHits[] = [];
/**
 * Rules woken for the text being scanned, one bit per rule index (filled and read before any
 * nested scan starts): the rules run in index order by walking the set bits.
 */
const WOKEN = new Int32Array((RULES.length + 31) >> 5);

function wake(i: number): void {
  WOKEN[i >> 5] |= 1 << (i & 31);
}

/** What one submitted file's scan shares across its decoded layers. */
interface Walk {
  deadline: () => void;
  budget: DecodeBudget;
}

/** Every finding for one prepared text, decoded layers included; `depth` is its layer (0: as submitted). */
function scanPrepared(p: Prepared, depth: number, walk: Walk, decodeInside = true): RawFinding[] {
  const out: RawFinding[] = [];
  const found = findNeedles(NEEDLES, p.lower, SMALL_FILE, undefined, SPENT_HITS[depth]);
  SPENT_HITS[depth] = found;
  hiddenFindings(p, out);
  typosquatFindings(p, found, out);
  intentFindings(p, found, out);
  // Only the rules one of whose needles the text holds: most rules never apply to most files.
  WOKEN.fill(0);
  for (const i of ALWAYS) wake(i);
  for (const id of found.found) for (let k = WAKES_FROM[id]; k < WAKES_FROM[id + 1]; k++) wake(WAKES[k]);
  // The clock is read every few rules on small texts: reading it costs more than a rule there.
  const every = p.text.length > 16 * 1024 ? 1 : 8;
  let ran = 0;
  for (let w = 0; w < WOKEN.length; w++) {
    for (let bits = WOKEN[w]; bits !== 0; bits &= bits - 1) {
      matchRule(COMPILED[(w << 5) | (31 - Math.clz32(bits & -bits))], p, found, out);
      if (++ran % every === 0) walk.deadline();
    }
  }
  walk.deadline();
  if (!decodeInside || depth >= MAX_DEPTH) return out;
  for (const blob of findEncoded(p.lines, walk.budget, p.text)) {
    const inner = scanPrepared(prepare(p.path, blob.text, 'script'), depth + 1, walk, blob.hidden && blob.shrank);
    if (!blob.hidden) {
      // Rewritten, not hidden (a command written as a list of arguments): its findings are the code's own, at its line.
      for (const f of inner) out.push({ ...f, line: blob.line + 1 });
      continue;
    }
    for (const f of inner) out.push({ ...f, line: blob.line + 1, message: insideMessage(f.message, blob) });
    if (depth + 1 === SUSPICIOUS_LAYERS) out.push(layerFinding(NESTED, p, blob, `${NESTED.message} (${SUSPICIOUS_LAYERS} layers deep here)`));
    const serious = [...new Set(inner.filter((f) => RANK[f.severity] >= RANK.MEDIUM).map((f) => f.rule_id))];
    if (serious.length > 0) {
      out.push(layerFinding(ENCODED, p, blob, `${ENCODED.message}: ${blob.encoding}-encoded text triggers ${serious.join(', ')}`));
    }
  }
  return out;
}

/** Every RegExp in a rule's fields, however nested (patterns, exceptions, lists of alternatives). */
function regexesIn(value: unknown, out: RegExp[]): RegExp[] {
  if (value instanceof RegExp) out.push(value);
  else if (Array.isArray(value)) for (const v of value) regexesIn(v, out);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) regexesIn(v, out);
  return out;
}

let compiled = false;
/**
 * Long enough that V8 compiles each regex to machine code at once: run first on a few characters,
 * a regex stays in V8's bytecode interpreter, ten times slower on a long file (measured). The
 * service's scripts also turn V8's regexp tier-up off (`--no-regexp-tier-up`), so that every other
 * regex is compiled at its first use too, and the large alternations get faster machine code than
 * tiering up gives them (docs/scanner.md, "V8's regexp tier-up").
 */
const WARM_TEXTS = ['compile '.repeat(200), 'compile \u0100'.repeat(200)];
/**
 * V8 compiles a regex at its first use, once for one-byte text and once for two-byte text: for
 * the rules' and the intent features' large alternations that is about a second on a busy 2-core
 * machine, which would otherwise be charged to the time budget of a process's first scans (and
 * truncate them). Each regex is run once on both kinds of text before the first scan's clock starts.
 */
function compileOnce(): void {
  if (compiled) return;
  compiled = true;
  for (const re of regexesIn([RULES, FEATURES.map(([, re]) => re)], [])) {
    for (const text of WARM_TEXTS) {
      const at = re.lastIndex;
      re.exec(text);
      re.lastIndex = at;
    }
  }
}

/** Lowers a finding to `severity`, out of the combinations, saying why in its message. */
function lower(f: RawFinding, severity: Severity, why: string): void {
  f.severity = severity;
  f.atRuleSeverity = false;
  f.message = `${f.message} (${why})`;
}

/**
 * A code block under a heading that shows attacks ("The attacker's change", "Indicators",
 * "Red flags"), or a data file that its name or its own note calls an attack sample
 * (file-kind.ts showsAttacks, declaresSpecimen): what it holds is an exhibit, kept at MEDIUM and
 * out of the combinations, not a step to run. Invisible characters keep their severity, and so
 * does an HTML comment (nothing there is shown to a reader). In a markdown file the quotation
 * decides (context.ts), unless the file as a whole is `shown` as attack material
 * (`fixtures/injections.txt`): then its prose is the exhibit too.
 */
function asExhibits(findings: RawFinding[], p: Prepared, shown: boolean): void {
  for (const f of findings) {
    const zone = p.zones[f.line - 1];
    if (!zone || (zone.kind === 'markdown' && (!shown || zone.comment)) || !zone.exhibit || f.category === 'hidden-text') continue;
    f.atRuleSeverity = false;
    const where = zone.kind === 'script' ? 'in a code block under a heading that shows attacks' : 'in a file that its name or its own note calls an attack sample';
    if (RANK[f.severity] >= RANK.HIGH) lower(f, 'MEDIUM', `${where}: an exhibit`);
  }
}

/**
 * A detection-rule file's findings, kept as LOW: what it quotes is a detector's data. Invisible
 * characters are not data a rule needs, so they keep their severity.
 */
function asDetectorData(findings: RawFinding[], format: string): void {
  for (const f of findings) {
    if (f.category !== 'hidden-text' && f.severity !== 'LOW') lower(f, 'LOW', `quoted in a ${format} file, as data for a detector`);
  }
}

/**
 * The model's second opinion: a skill it reads as plainly benign (security training, an audit,
 * a detection lab that quotes what attacks run) has the rules' HIGH findings kept at MEDIUM, still
 * listed with their excerpts, when the lines around each of them read as benign too: benign text
 * added elsewhere (a README as a second file, pages of prose after the attack) vouches for
 * nothing. Never a CRITICAL finding: what the rules are surest of (secrets read and sent, a
 * reverse shell) stands whatever the skill says. Nor a skill the scan did not read whole.
 */
function keptAtMedium(findings: RawFinding[], files: readonly Prepared[], judged: Judgement): void {
  if (findings.some((f) => f.severity === 'CRITICAL')) return;
  // What a reader cannot see, the model's reading of the visible words cannot vouch for.
  if (findings.some((f) => f.severity === 'HIGH' && f.category === 'hidden-text')) return;
  const high = findings.filter((f) => f.severity === 'HIGH');
  if (!high.every((f) => vouchesFor(judged, files, findings, f))) return;
  for (const f of high) lower(f, 'MEDIUM', `kept at MEDIUM: the intent model reads the skill as benign, score ${judged.score.toFixed(2)} below ${judged.veto.toFixed(2)}`);
}

const INSIDE = / \(inside ([\w ]{1,20}?)-encoded text(?:, (\d{1,2}) layers deep)?\)$/;

/** "(inside base64-encoded text)" once, with the layer count, however deep the finding sits. */
function insideMessage(message: string, blob: DecodedBlob): string {
  const m = INSIDE.exec(message);
  if (!m) return `${message} (inside ${blob.encoding}-encoded text)`;
  const layers = Number(m[2] ?? 1) + 1;
  return `${message.slice(0, m.index)} (inside ${blob.encoding}-encoded text, ${layers} layers deep)`;
}

function layerFinding(rule: Rule, p: Prepared, blob: DecodedBlob, message: string): RawFinding {
  return {
    rule_id: rule.id, category: rule.category, severity: rule.severity, file: p.path, line: blob.line + 1,
    excerpt: excerpt(p.lines[blob.line]), message, atRuleSeverity: true,
  };
}

/** A check that throws once `budget` ms have passed since `started` (made here: under tsx a named closure costs a defineProperty). */
function deadlineAfter(now: () => number, started: number, budget: number): () => void {
  return () => {
    if (now() - started > budget) throw new OutOfTime();
  };
}

/** The skill's own SKILL.md, at its root or one folder down (an archive's "skill/SKILL.md"). */
const SKILL_MD = /^(?:[^/]{1,200}\/)?SKILL\.md$/i;

/**
 * Scans a skill and reports whether it is malicious. Files past {@link SCAN_LIMITS} are cut and
 * the report marked `truncated`; call `validateSkillSize` first to refuse them instead.
 *
 * @example
 * const report = scanSkill({ name: 'demo', files: [{ path: 'SKILL.md', text: '...' }] });
 * if (report.verdict === 'unsafe') console.log(report.findings);
 */
export function scanSkill(skill: Skill, opts: ScanOptions = {}): ScanReport {
  compileOnce();
  const now = opts.now ?? (() => performance.now());
  const started = now();
  const budget = opts.timeBudgetMs ?? SCAN_LIMITS.timeBudgetMs;
  const deadline = deadlineAfter(now, started, budget);
  let truncated = skill.files.length > SCAN_LIMITS.maxFiles;
  let total = 0;
  const findings: RawFinding[] = [];
  const files: Prepared[] = [];
  // A SKILL.md that says it teaches about attacks makes its example and sample files exhibits.
  const skillMd = skill.files.find((f) => SKILL_MD.test(String(f.path)));
  const teaching = typeof skillMd?.text === 'string' && teachesAttacksIn(skillMd.text);
  try {
    for (const file of skill.files.slice(0, SCAN_LIMITS.maxFiles)) {
      let text = typeof file.text === 'string' ? file.text : '';
      if (text.length > SCAN_LIMITS.maxFileBytes) {
        text = text.slice(0, SCAN_LIMITS.maxFileBytes);
        truncated = true;
      }
      if (total + text.length > SCAN_LIMITS.maxTotalBytes) {
        truncated = true;
        break;
      }
      total += text.length;
      const path = String(file.path);
      const shown = file !== skillMd && showsAttacks(path, teaching);
      const prepared = prepare(path, text, undefined, shown);
      files.push(prepared);
      const fileFindings = scanPrepared(prepared, 0, { deadline, budget: decodeBudget() });
      const detector = detectionFormat(prepared.path, text);
      if (detector) asDetectorData(fileFindings, detector);
      else if (prepared.kind !== 'script') asExhibits(fileFindings, prepared, shown);
      comboFindings(fileFindings, fileFindings);
      findings.push(...fileFindings);
      if (findings.length > MAX_FINDINGS) {
        truncated = true;
        break;
      }
    }
  } catch (err) {
    if (!(err instanceof OutOfTime)) throw err;
    truncated = true;
  }
  skillComboFindings(findings, findings);
  const judged = opts.model === false ? null : judge(files, findings, typeof opts.model === 'object' ? opts.model : undefined);
  if (judged?.finding) findings.push(judged.finding);
  else if (judged?.vouches && !truncated) keptAtMedium(findings, files, judged);
  const reported = opts.signals ? findings : findings.filter((f) => !SIGNALS.has(f.rule_id));
  return buildReport(reported, truncated, MAX_FINDINGS, now() - started);
}
