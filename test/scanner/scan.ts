/**
 * The scanner's rules alone (no intent model) on a file or two: what the rule tests ask of a
 * finding. Shared by the intent test files.
 */
import { scanSkill } from '../../shared/scanner/index.js';
import type { Finding } from '../../shared/scanner/index.js';

/** A skill's files, as a test writes them. */
export type CaseFiles = Array<{ path: string; text: string }>;

/** The report of the rules alone on a skill of several files. */
export const scanFiles = (files: CaseFiles) => scanSkill({ name: 'case', files }, { model: false });

/** The rule ids reported at HIGH or above on a skill of several files. */
export const highIdsInFiles = (files: CaseFiles): string[] =>
  scanFiles(files).findings.filter((f) => f.severity === 'HIGH' || f.severity === 'CRITICAL').map((f) => f.rule_id);

/** Every finding of the rules alone on one file. */
export const findingsIn = (path: string, text: string): Finding[] =>
  scanSkill({ name: 'case', files: [{ path, text }] }, { model: false }).findings;

/** The rule ids of {@link findingsIn}. */
export const idsIn = (path: string, text: string): string[] => findingsIn(path, text).map((f) => f.rule_id);

/** The rule ids on a SKILL.md holding `text` under a heading. */
export const ids = (text: string): string[] => idsIn('SKILL.md', `# Case\n\n${text}\n`);

/** The intent rules (IN...) of {@link idsIn}. */
export const intentIdsIn = (path: string, text: string): string[] => idsIn(path, text).filter((id) => id.startsWith('IN'));

/** The intent rules on a SKILL.md holding `text` under a heading. */
export const intentIds = (text: string): string[] => intentIdsIn('SKILL.md', `# Case\n\n${text}\n`);

/** The rule ids reported at HIGH or above on a SKILL.md holding exactly `text` (front matter and headings its own). */
export const highIdsOf = (text: string): string[] =>
  findingsIn('SKILL.md', text).filter((f) => f.severity === 'HIGH' || f.severity === 'CRITICAL').map((f) => f.rule_id);

/** The rule ids reported at HIGH or above on a SKILL.md holding `text` under a heading. */
export const highIds = (text: string): string[] => highIdsOf(`# Case\n\n${text}\n`);

/** The rule ids on a script beside a one-line SKILL.md. */
export const scriptIds = (path: string, text: string): string[] =>
  scanSkill({ name: 'case', files: [{ path: 'SKILL.md', text: '# Case\n\nRun the script.\n' }, { path, text }] }, { model: false }).findings.map((f) => f.rule_id);
