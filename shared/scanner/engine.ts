/**
 * The scan: normalise each file, run the pattern rules and detectors, decode and rescan encoded
 * text, add combination findings, and build the report. Pure: no I/O, no clock but the one
 * passed in.
 */
import { comboFindings, skillComboFindings } from './combos.js';
import { findEncoded } from './decode.js';
import { hiddenFindings, typosquatFindings } from './detectors.js';
import { excerpt } from './excerpt.js';
import { SCAN_LIMITS } from './limits.js';
import { compileRule, matchRule, type RawFinding } from './match.js';
import { buildNeedleIndex, findNeedles } from './needles.js';
import { prepare, type Prepared } from './prepare.js';
import { buildReport } from './report.js';
import { RULES } from './rules/index.js';
import type { ScanReport, Severity, Skill } from './types.js';

/** Options of one scan. */
export interface ScanOptions {
  /** Stop after this many milliseconds and report `truncated: true`. Default {@link SCAN_LIMITS}.timeBudgetMs (2000). */
  timeBudgetMs?: number;
  /** The clock, in milliseconds. Default `performance.now`. */
  now?: () => number;
}

const COMPILED = RULES.map(compileRule);
const NEEDLES = buildNeedleIndex(RULES.flatMap((r) => r.needles ?? []));
const ENCODED = RULES.find((r) => r.id === 'OB003')!;
/** Decoded text is itself scanned for encoded text this many times: base64 inside base64. */
const MAX_DEPTH = 2;
/** More findings than this is noise; the report says it was truncated. */
const MAX_FINDINGS = 500;
const RANK: Record<Severity, number> = { LOW: 0, MEDIUM: 1, HIGH: 2, CRITICAL: 3 };

class OutOfTime extends Error {}

/** Every finding for one prepared text, decoded layers included. */
function scanPrepared(p: Prepared, depth: number, deadline: () => void): RawFinding[] {
  const out: RawFinding[] = [];
  hiddenFindings(p, out);
  typosquatFindings(p, out);
  const found = findNeedles(NEEDLES, p.lower);
  for (const c of COMPILED) {
    matchRule(c, p, found, out);
    deadline();
  }
  if (depth < MAX_DEPTH) {
    for (const blob of findEncoded(p.lines)) {
      const inner = scanPrepared(prepare(p.path, blob.text, 'script'), depth + 1, deadline);
      for (const f of inner) {
        out.push({ ...f, line: blob.line + 1, message: `${f.message} (inside ${blob.encoding}-encoded text)` });
      }
      const serious = [...new Set(inner.filter((f) => RANK[f.severity] >= RANK.MEDIUM).map((f) => f.rule_id))];
      if (serious.length > 0) {
        out.push({
          rule_id: ENCODED.id,
          category: ENCODED.category,
          severity: ENCODED.severity,
          file: p.path,
          line: blob.line + 1,
          excerpt: excerpt(p.lines[blob.line]),
          message: `${ENCODED.message}: ${blob.encoding}-encoded text triggers ${serious.join(', ')}`,
          atRuleSeverity: true,
        });
      }
    }
  }
  return out;
}

/**
 * Scans a skill and reports whether it is malicious. Files past {@link SCAN_LIMITS} are cut and
 * the report marked `truncated`; call `validateSkillSize` first to refuse them instead.
 *
 * @example
 * const report = scanSkill({ name: 'demo', files: [{ path: 'SKILL.md', text: '...' }] });
 * if (report.verdict === 'unsafe') console.log(report.findings);
 */
export function scanSkill(skill: Skill, opts: ScanOptions = {}): ScanReport {
  const now = opts.now ?? (() => performance.now());
  const started = now();
  const budget = opts.timeBudgetMs ?? SCAN_LIMITS.timeBudgetMs;
  const deadline = (): void => {
    if (now() - started > budget) throw new OutOfTime();
  };
  let truncated = skill.files.length > SCAN_LIMITS.maxFiles;
  let total = 0;
  const findings: RawFinding[] = [];
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
      const fileFindings = scanPrepared(prepare(String(file.path), text), 0, deadline);
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
  return buildReport(findings, truncated, MAX_FINDINGS, now() - started);
}
