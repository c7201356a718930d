/**
 * The skill scanner: a pure engine that reads a skill's files and reports whether the skill is
 * malicious. The HTTP route calls `validateSkillSize` (413 on error); the worker calls
 * `scanSkill`. Rules are data in `RULES` and `COMBO_RULES`; docs/scanner.md has the table.
 */
export { scanSkill, type ScanOptions } from './engine.js';
export { SCAN_LIMITS, SkillTooLargeError, validateSkillSize, type SizeLimit } from './limits.js';
export { COMBO_RULES, RULES } from './rules/index.js';
export { remediationFor } from './remediation.js';
export type { Category, ComboRule, FileKind, Finding, Rule, ScanReport, Severity, Skill, SkillFile } from './types.js';
