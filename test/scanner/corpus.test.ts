import { describe, expect, it } from 'vitest';
import { scanSkill, type ScanReport } from '../../shared/scanner/index.js';
import { loadSkills } from './corpus.js';

/**
 * Malicious fixtures the scanner misses today, kept in the corpus on purpose and recorded in
 * docs/scanner.md ("Known blind spots"). Everything else must be flagged.
 */
const KNOWN_MISSES: Record<string, string> = {
  'audit-summary': 'asks the agent to leak secrets through its own reply; no network, no trigger phrase',
  'project-indexer': 'builds the ~/.ssh/id_rsa path by string concatenation and sends with http.client',
};
/** The figures recorded in docs/scanner.md; the corpus must do at least this well. */
const RECORDED = { detectionRate: 53 / 55, falsePositiveRate: 0 };

const malicious = loadSkills('malicious').map((s) => ({ name: s.name, skill: s, report: scanSkill(s, { timeBudgetMs: 60_000 }) }));
const benign = loadSkills('benign').map((s) => ({ name: s.name, skill: s, report: scanSkill(s, { timeBudgetMs: 60_000 }) }));
const why = (r: ScanReport): string => r.findings.map((f) => `${f.rule_id} ${f.severity} ${f.file}:${f.line}`).join('; ');

describe('the fixture corpus', () => {
  it('holds at least 45 malicious and 45 benign skills, each with a SKILL.md', () => {
    expect(malicious.length).toBeGreaterThanOrEqual(45);
    expect(benign.length).toBeGreaterThanOrEqual(45);
    for (const { name, skill } of [...malicious, ...benign]) {
      expect(skill.files.map((f) => f.path), name).toContain('SKILL.md');
    }
  });

  it.each(malicious.filter((m) => !(m.name in KNOWN_MISSES)))('flags malicious/$name as unsafe', ({ report }) => {
    expect(report.verdict).toBe('unsafe');
  });

  it.each(benign)('passes benign/$name as safe', ({ report }) => {
    expect(report.verdict, why(report)).toBe('safe');
  });

  it('keeps the known misses in the corpus, so the recorded rate stays honest', () => {
    const names = new Set(malicious.map((m) => m.name));
    for (const name of Object.keys(KNOWN_MISSES)) expect(names.has(name), name).toBe(true);
  });

  it('detects at least the recorded share of malicious skills and flags no more benign ones than recorded', () => {
    const detected = malicious.filter((m) => m.report.verdict === 'unsafe').length / malicious.length;
    const falsePositives = benign.filter((b) => b.report.verdict === 'unsafe').length / benign.length;
    expect(detected).toBeGreaterThanOrEqual(RECORDED.detectionRate);
    expect(falsePositives).toBeLessThanOrEqual(RECORDED.falsePositiveRate);
  });

  it('never truncates a corpus scan', () => {
    for (const { name, report } of [...malicious, ...benign]) expect(report.truncated, name).toBe(false);
  });
});
