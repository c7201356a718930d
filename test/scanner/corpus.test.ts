import { describe, expect, it } from 'vitest';
import { scanSkill, type ScanReport } from '../../shared/scanner/index.js';
import { BLIND_CORPUS_DIR, HELDOUT_PERCENT, loadSkills, splitOf, type Split } from './corpus.js';

/**
 * The bars of issue 13 (recall >= 0.95, false positives <= 2%) and the figures recorded in
 * docs/scanner.md per split, asserted as floors: a regression check, not an estimate. The
 * seeded split is kept, but its second half is "held-out v1 (seen)": its misses were read and
 * generalised from, so it is development data like the rest, and no longer a blind test. A
 * blind corpus is written elsewhere, by people who never see the scanner.
 */
const BAR = { recall: 0.95, falsePositiveRate: 0.02 };
const RECORDED: Record<Split, { recall: number; falsePositiveRate: number }> = {
  // Measured 131/132 and 0/133 (corpus of 199 malicious, 198 benign skills).
  dev: { recall: 131 / 132, falsePositiveRate: BAR.falsePositiveRate },
  // Held-out v1 (seen): measured 67/67 and 0/65.
  heldout: { recall: 67 / 67, falsePositiveRate: BAR.falsePositiveRate },
};
const SPLIT_NAME: Record<Split, string> = { dev: 'dev', heldout: 'held-out v1 (seen)' };

type Scanned = { name: string; split: Split; report: ScanReport; files: string[] };
const scanSet = (set: 'malicious' | 'benign'): Scanned[] => loadSkills(set).map((s) => ({
  name: s.name, split: splitOf(set, s.name), files: s.files.map((f) => f.path), report: scanSkill(s, { timeBudgetMs: 60_000 }),
}));
const malicious = scanSet('malicious');
const benign = scanSet('benign');
const why = (r: ScanReport): string => r.findings.map((f) => `${f.rule_id} ${f.severity} ${f.file}:${f.line}`).join('; ');

describe('the fixture corpus', () => {
  it('holds at least 150 malicious and 150 benign skills, each with a SKILL.md', () => {
    expect(malicious.length).toBeGreaterThanOrEqual(150);
    expect(benign.length).toBeGreaterThanOrEqual(150);
    for (const { name, files } of [...malicious, ...benign]) expect(files, name).toContain('SKILL.md');
  });

  it('splits by a fixed seed into about 70% dev and 30% held out, the same way every time', () => {
    const all = [...malicious, ...benign];
    const held = all.filter((s) => s.split === 'heldout').length / all.length;
    expect(Math.abs(held * 100 - HELDOUT_PERCENT)).toBeLessThan(8);
    for (const s of malicious) expect(splitOf('malicious', s.name)).toBe(s.split);
  });

  it.each((['dev', 'heldout'] as const).map((split) => ({ split, name: SPLIT_NAME[split] })))('meets the recorded recall and false positive rate on the $name split', ({ split }) => {
    const bad = malicious.filter((m) => m.split === split);
    const good = benign.filter((b) => b.split === split);
    const recall = bad.filter((m) => m.report.verdict === 'unsafe').length / bad.length;
    const flagged = good.filter((b) => b.report.verdict === 'unsafe');
    expect(recall).toBeGreaterThanOrEqual(RECORDED[split].recall);
    expect(flagged.length / good.length, flagged.map((b) => `${b.name}: ${why(b.report)}`).join('\n')).toBeLessThanOrEqual(RECORDED[split].falsePositiveRate);
  });

  it('never truncates a corpus scan', () => {
    for (const { name, report } of [...malicious, ...benign]) expect(report.truncated, name).toBe(false);
  });
});

/**
 * Held-out v2, written blind and measured once on 2026-11-23 after the rules over meaning and the
 * third speed round were merged: 46/81 malicious flagged (0.568, far below the bar) and 2/84
 * benign flagged (0.024, just over it). Asserted as floors so that a regression shows; raising
 * them must come from rules written against other text, never from reading these skills' misses.
 */
const BLIND_RECORDED = { caught: 46, malicious: 81, flagged: 2, benign: 84 };

describe('the blind held-out corpus (v2)', () => {
  const scan = (set: 'malicious' | 'benign') => loadSkills(set, BLIND_CORPUS_DIR).map((s) => scanSkill(s, { timeBudgetMs: 60_000 }));
  const bad = scan('malicious');
  const good = scan('benign');

  it('holds the skills it was measured with', () => {
    expect([bad.length, good.length]).toEqual([BLIND_RECORDED.malicious, BLIND_RECORDED.benign]);
  });

  it('catches at least what it caught when measured, and flags no more benign skills', () => {
    expect(bad.filter((r) => r.verdict === 'unsafe').length).toBeGreaterThanOrEqual(BLIND_RECORDED.caught);
    expect(good.filter((r) => r.verdict === 'unsafe').length).toBeLessThanOrEqual(BLIND_RECORDED.flagged);
  });
});
