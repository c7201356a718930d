/**
 * Evaluates the combination rules over one file's findings.
 */
import type { RawFinding } from './match.js';
import { COMBO_RULES } from './rules/index.js';
import type { ComboRule } from './types.js';

/** The combination's own finding, placed at its last part and naming every part. */
function comboFinding(combo: ComboRule, last: RawFinding, where: string): RawFinding {
  return {
    rule_id: combo.id,
    category: combo.category,
    severity: combo.severity,
    file: last.file,
    line: last.line,
    excerpt: last.excerpt,
    message: `${combo.message} (${where})`,
    atRuleSeverity: true,
  };
}

/**
 * For each rule id, the groups of the file-scope combinations it can complete: bit `g` of
 * `[c, bits]` is group `g` of COMBO_RULES[c]. A file's few rule ids then say which combinations
 * have every group present, instead of every id of every combination being looked up.
 */
const GROUPS_OF = new Map<string, Array<[number, number]>>();
COMBO_RULES.forEach((combo, c) => {
  if (combo.scope === 'skill') return;
  if (combo.allOf.length > 31) throw new Error(`${combo.id}: more groups than a bit mask holds`);
  combo.allOf.forEach((ids, g) => {
    for (const id of ids) {
      const groups = GROUPS_OF.get(id) ?? [];
      const had = groups.find(([at]) => at === c);
      if (had) had[1] |= 1 << g;
      else groups.push([c, 1 << g]);
      GROUPS_OF.set(id, groups);
    }
  });
});
/** Per combination, the groups present in the file being read (reset by each call). */
const PRESENT = new Int32Array(COMBO_RULES.length);

/** Adds a finding for each file-scope combination rule whose every group fired in this file. */
export function comboFindings(fileFindings: readonly RawFinding[], out: RawFinding[]): void {
  // Every combination has two parts or more (most files have no finding at all).
  if (fileFindings.length < 2) return;
  const first = new Map<string, RawFinding>();
  for (const f of fileFindings) {
    // A component downgraded by a verifier (an official installer) does not count.
    if (f.atRuleSeverity && !first.has(f.rule_id)) first.set(f.rule_id, f);
  }
  if (first.size < 2) return;
  PRESENT.fill(0);
  for (const id of first.keys()) for (const [c, bits] of GROUPS_OF.get(id) ?? []) PRESENT[c] |= bits;
  for (let c = 0; c < COMBO_RULES.length; c++) {
    const combo = COMBO_RULES[c];
    if (combo.scope === 'skill' || PRESENT[c] !== (1 << combo.allOf.length) - 1) continue;
    const parts: RawFinding[] = [];
    for (const group of combo.allOf) {
      const hit = group.map((id) => first.get(id)).filter((f): f is RawFinding => f !== undefined)
        .sort((a, b) => a.line - b.line)[0];
      if (!hit) break;
      parts.push(hit);
    }
    if (parts.length !== combo.allOf.length) continue;
    const last = parts.reduce((a, b) => (b.line > a.line ? b : a));
    out.push(comboFinding(combo, last, parts.map((f) => `${f.rule_id} line ${f.line}`).join(', ')));
  }
}

/**
 * Adds a finding for each skill-scope combination rule whose groups fired in different files
 * (within one file, the file-scope rules already said it, more strongly).
 */
export function skillComboFindings(all: readonly RawFinding[], out: RawFinding[]): void {
  // Parts in two files or more take two findings or more.
  if (all.length < 2) return;
  const present = new Set(all.map((f) => f.rule_id));
  for (const combo of COMBO_RULES) {
    if (combo.scope !== 'skill' || !combo.allOf.every((ids) => ids.some((id) => present.has(id)))) continue;
    const groups = combo.allOf.map((ids) => all.filter((f) => f.atRuleSeverity && ids.includes(f.rule_id)));
    if (groups.some((g) => g.length === 0)) continue;
    const files = new Set(groups.flat().map((f) => f.file));
    if (files.size < 2) continue;
    const [first, ...rest] = groups;
    const a = first[0];
    const b = rest.map((g) => g.find((f) => f.file !== a.file) ?? g[0]);
    const parts = [a, ...b];
    out.push(comboFinding(combo, parts[parts.length - 1], parts.map((f) => `${f.rule_id} in ${f.file}:${f.line}`).join(', ')));
  }
}
