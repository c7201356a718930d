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
  for (const combo of COMBO_RULES) {
    if (combo.scope === 'skill' || !combo.allOf.every((ids) => ids.some((id) => first.has(id)))) continue;
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
