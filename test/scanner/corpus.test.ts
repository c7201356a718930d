import { describe, expect, it } from 'vitest';
import { scanSkill, type ScanReport } from '../../shared/scanner/index.js';
import { BLIND_CORPUS_DIR, BLIND_V3_CORPUS_DIR, BLIND_V4_CORPUS_DIR, BLIND_V5_CORPUS_DIR, BLIND_V6_CORPUS_DIR, BLIND_V7_CORPUS_DIR, BLIND_V8_CORPUS_DIR, BLIND_V9_CORPUS_DIR, BLIND_V10_CORPUS_DIR, BLIND_V11_CORPUS_DIR, BLIND_V12_CORPUS_DIR, BLIND_V13_CORPUS_DIR, BLIND_V14_CORPUS_DIR, BLIND_V15_CORPUS_DIR, BLIND_V16_CORPUS_DIR, BLIND_V17_CORPUS_DIR, BLIND_V18_CORPUS_DIR, BLIND_V19_CORPUS_DIR, BLIND_V20_CORPUS_DIR, BLIND_V21_CORPUS_DIR, BLIND_V22_CORPUS_DIR, BLIND_V23_CORPUS_DIR, BLIND_V24_CORPUS_DIR, BLIND_V25_CORPUS_DIR, BLIND_V26_CORPUS_DIR, BLIND_V27_CORPUS_DIR, BLIND_V28_CORPUS_DIR, BLIND_V29_CORPUS_DIR, BLIND_V30_CORPUS_DIR, BLIND_V31_CORPUS_DIR, BLIND_V32_CORPUS_DIR, BLIND_V33_CORPUS_DIR, BLIND_V34_CORPUS_DIR, BLIND_V35_CORPUS_DIR, BLIND_V36_CORPUS_DIR, BLIND_V37_CORPUS_DIR, BLIND_V38_CORPUS_DIR, BLIND_V39_CORPUS_DIR, BLIND_V40_CORPUS_DIR, BLIND_V41_CORPUS_DIR, BLIND_V42_CORPUS_DIR, BLIND_V43_CORPUS_DIR, BLIND_V44_CORPUS_DIR, BLIND_V45_CORPUS_DIR, BLIND_V46_CORPUS_DIR, BLIND_V47_CORPUS_DIR, BLIND_V48_CORPUS_DIR, BLIND_V49_CORPUS_DIR, BLIND_V50_CORPUS_DIR, BLIND_V51_CORPUS_DIR, BLIND_V52_CORPUS_DIR, BLIND_V53_CORPUS_DIR, BLIND_V54_CORPUS_DIR, BLIND_V55_CORPUS_DIR, BLIND_V56_CORPUS_DIR, BLIND_V57_CORPUS_DIR, BLIND_V58_CORPUS_DIR, BLIND_V59_CORPUS_DIR, BLIND_V60_CORPUS_DIR, BLIND_V61_CORPUS_DIR, BLIND_V62_CORPUS_DIR, BLIND_V63_CORPUS_DIR, BLIND_V64_CORPUS_DIR, BLIND_V65_CORPUS_DIR, BLIND_V66_CORPUS_DIR, BLIND_V67_CORPUS_DIR, BLIND_V68_CORPUS_DIR, BLIND_V69_CORPUS_DIR, BLIND_V70_CORPUS_DIR, BLIND_V71_CORPUS_DIR, BLIND_V72_CORPUS_DIR, BLIND_V73_CORPUS_DIR, BLIND_V74_CORPUS_DIR, BLIND_V75_CORPUS_DIR, BLIND_V76_CORPUS_DIR, BLIND_V77_CORPUS_DIR, BLIND_V78_CORPUS_DIR, BLIND_V79_CORPUS_DIR, BLIND_V80_CORPUS_DIR, BLIND_V81_CORPUS_DIR, BLIND_V82_CORPUS_DIR, BLIND_V83_CORPUS_DIR, BLIND_V84_CORPUS_DIR, BLIND_V85_CORPUS_DIR, BLIND_V86_CORPUS_DIR, BLIND_V87_CORPUS_DIR, BLIND_V88_CORPUS_DIR, BLIND_V89_CORPUS_DIR, BLIND_V90_CORPUS_DIR, BLIND_V91_CORPUS_DIR, BLIND_V92_CORPUS_DIR, BLIND_V93_CORPUS_DIR, BLIND_V94_CORPUS_DIR, BLIND_V95_CORPUS_DIR, BLIND_V96_CORPUS_DIR, BLIND_V97_CORPUS_DIR, BLIND_V98_CORPUS_DIR, BLIND_V99_CORPUS_DIR, BLIND_V100_CORPUS_DIR, BLIND_V101_CORPUS_DIR, BLIND_V102_CORPUS_DIR, BLIND_V103_CORPUS_DIR, BLIND_V104_CORPUS_DIR, BLIND_V105_CORPUS_DIR, BLIND_V106_CORPUS_DIR, BLIND_V107_CORPUS_DIR, BLIND_V108_CORPUS_DIR, BLIND_V109_CORPUS_DIR, BLIND_V110_CORPUS_DIR, BLIND_V111_CORPUS_DIR, BLIND_V112_CORPUS_DIR, BLIND_V113_CORPUS_DIR, BLIND_V114_CORPUS_DIR, BLIND_V115_CORPUS_DIR, BLIND_V116_CORPUS_DIR, BLIND_V117_CORPUS_DIR, BLIND_V118_CORPUS_DIR, BLIND_V119_CORPUS_DIR, BLIND_V120_CORPUS_DIR, BLIND_V121_CORPUS_DIR, BLIND_V122_CORPUS_DIR, BLIND_V123_CORPUS_DIR, BLIND_V124_CORPUS_DIR, BLIND_V125_CORPUS_DIR, BLIND_V126_CORPUS_DIR, BLIND_V127_CORPUS_DIR, BLIND_V128_CORPUS_DIR, BLIND_V129_CORPUS_DIR, BLIND_V130_CORPUS_DIR, BLIND_V131_CORPUS_DIR, BLIND_V132_CORPUS_DIR, BLIND_V133_CORPUS_DIR, BLIND_V134_CORPUS_DIR, BLIND_V135_CORPUS_DIR, BLIND_V136_CORPUS_DIR, BLIND_V137_CORPUS_DIR, BLIND_V138_CORPUS_DIR, BLIND_V139_CORPUS_DIR, HELDOUT_PERCENT, loadSkills, splitOf, type Split } from './corpus.js';

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
 * v2, written blind and measured once on 2026-11-23 (46/81 malicious flagged, 2/84 benign). Its
 * misses were then read and generalised from, so it is development data now, held at what the
 * second round of rules reaches (76/81, 0/84); see docs/scanner.md. Asserted as floors so that a
 * regression shows.
 */
const BLIND_RECORDED = { caught: 76, malicious: 81, flagged: 0, benign: 84, withModel: { caught: 81, flagged: 0 } };
/**
 * v3, written blind by another author and measured once on 2026-11-23 (65/123, 8/125). Read and
 * generalised from afterwards, so development data now, held at what the third round reaches.
 */
const BLIND_V3_RECORDED = { caught: 78, malicious: 123, flagged: 1, benign: 125, withModel: { caught: 123, flagged: 0 } };
/**
 * v4, written blind by a third author and measured once with the rules on 2026-11-23 after the
 * round on v3: 41/113 malicious flagged (0.363) and 5/111 benign flagged (0.045); then once with
 * the intent model trained on the other corpora: 77/113 and 6/111. Not read for rules; training
 * data of the shipped model since. Three false positives since detection-rule files, code spans
 * and questions were read as mentions.
 */
const BLIND_V4_RECORDED = { caught: 41, malicious: 113, flagged: 3, benign: 111, withModel: { caught: 113, flagged: 1 } };
/**
 * v5, written blind by a fourth author and measured once on 2026-11-23: the rules alone 77/120
 * (0.642) and 6/120 benign (0.050); the rules and the intent model trained on the four corpora
 * before it 107/120 (0.892) and 6/120. Training data of the shipped model since, and read for
 * the false positives: one left.
 */
const BLIND_V5_RECORDED = { caught: 77, malicious: 120, flagged: 1, benign: 120, withModel: { caught: 120, flagged: 1 } };
/**
 * v6, written blind by a fifth author asked for subtle attacks and hard look-alikes, measured
 * once on 2026-11-23: the rules alone 55/119 (0.462) and 14/119 benign (0.118); the rules and
 * the intent model trained on the five corpora and installed text 88/119 (0.739) and 17/119 (0.143).
 * Training data of the shipped model since.
 */
const BLIND_V6_RECORDED = { caught: 55, malicious: 119, flagged: 13, benign: 119, withModel: { caught: 119, flagged: 5 } };
/**
 * v7, written blind by a sixth author and measured once on 2026-11-23 after the false-positive
 * round on v4..v6: the rules alone 38/100 and 7/100 benign; the rules and the intent model
 * trained on the six corpora before it and installed text 69/100 and 10/100. Read for its false
 * positives and trained on since.
 */
const BLIND_V7_RECORDED = { caught: 38, malicious: 100, flagged: 5, benign: 100, withModel: { caught: 100, flagged: 5 } };
/**
 * Held-out v8, written blind by a seventh author and measured once on 2026-11-23 against the
 * shipped rules and model (trained on the seven corpora before it and installed text): the rules
 * alone 35/100 and 5/100 benign; the rules and the intent model 66/100 and 5/100. Not read;
 * training data of the model since.
 */
const BLIND_V8_RECORDED = { caught: 35, malicious: 100, flagged: 5, benign: 100, withModel: { caught: 100, flagged: 2 } };
/**
 * Held-out v9, written blind by an eighth author and measured once on 2026-11-23 against the
 * shipped rules and model (trained on the eight corpora before it and installed text): the rules
 * alone 30/100 and 3/105 benign; the rules and the intent model 65/100 and 4/105. Not read;
 * training data of the model since.
 */
const BLIND_V9_RECORDED = { caught: 30, malicious: 100, flagged: 3, benign: 105, withModel: { caught: 100, flagged: 3 } };
/**
 * Held-out v10, written blind by a ninth author and measured once on 2026-11-23 against the
 * shipped rules and model (trained on the nine corpora before it and installed text): the rules
 * alone 36/100 and 4/100 benign; the rules and the intent model 71/100 and 4/100. Not read;
 * training data of the model since.
 */
const BLIND_V10_RECORDED = { caught: 36, malicious: 100, flagged: 4, benign: 100, withModel: { caught: 100, flagged: 4 } };
/**
 * v11 (MCP servers and manifests), v12 (long handbooks, near-copies across the sets) and v13 (code
 * and other languages), each written blind and measured once on 2026-11-23 against the model of
 * v10 (no veto): the rules alone 52/100 and 4/100, 49/100 and 0/100, 46/100 and 4/100; the rules
 * and the model 88/100 and 7/100, 81/100 and 12/100, 86/100 and 7/100. Training data since.
 */
const BLIND_V11_RECORDED = { caught: 52, malicious: 100, flagged: 4, benign: 100, withModel: { caught: 100, flagged: 2 } };
const BLIND_V12_RECORDED = { caught: 49, malicious: 100, flagged: 0, benign: 100, withModel: { caught: 100, flagged: 0 } };
const BLIND_V13_RECORDED = { caught: 46, malicious: 100, flagged: 4, benign: 100, withModel: { caught: 100, flagged: 1 } };
/**
 * v14, written blind beside v11..v13 and kept back: measured on 2026-11-23 against the model
 * trained on the thirteen other corpora and installed text, with the veto: the rules alone 41/100
 * and 4/100 benign; the rules and the model 88/100 and 3/100 (docs/scanner.md has the three
 * measurements of the veto's versions). v15 (supply chain and configuration files), measured
 * once against the same model: the rules alone 59/100 and 1/100; with the model 88/100 and
 * 2/100. Not read; training data of the shipped model since.
 */
const BLIND_V14_RECORDED = { caught: 41, malicious: 100, flagged: 4, benign: 100, withModel: { caught: 100, flagged: 1 } };
const BLIND_V15_RECORDED = { caught: 59, malicious: 100, flagged: 1, benign: 100, withModel: { caught: 100, flagged: 1 } };
/**
 * v16, written blind by a fifteenth author and measured once on 2026-11-23 against the shipped
 * rules and model (trained on v2..v15 and installed text, with the veto): the rules alone 48/100
 * and 3/100 benign; the rules and the model 92/100 and 3/100. Read and trained on since (the fifth
 * session): the floors below are the rules of that session (54/100, 1/100) and the model trained
 * on it.
 */
const BLIND_V16_RECORDED = { caught: 54, malicious: 100, flagged: 1, benign: 100, withModel: { caught: 100, flagged: 0 } };

/**
 * v17 (short and plain), v18 (registry realism) and v19 (indirection and paraphrase), written blind
 * in the fifth session and measured once against the shipped rules and model (trained on v2..v16
 * and installed text, with the veto): the rules alone 50/100 and 0/100 benign, 61/100 and 4/100,
 * 45/100 and 1/100; the rules and the model 84/100 and 2/100, 94/100 and 4/100, 89/100 and 2/100
 * (89.0% and 2.7% over the three; docs/scanner.md). Read and trained on in the sixth session: the
 * floors below are that session's rules and the model trained on v2..v19.
 */
const BLIND_V17_RECORDED = { caught: 62, malicious: 100, flagged: 0, benign: 100, withModel: { caught: 100, flagged: 0 } };
const BLIND_V18_RECORDED = { caught: 64, malicious: 100, flagged: 2, benign: 100, withModel: { caught: 100, flagged: 2 } };
const BLIND_V19_RECORDED = { caught: 49, malicious: 100, flagged: 1, benign: 100, withModel: { caught: 100, flagged: 1 } };

/**
 * v20 (no emphasis) and v21 (MCP servers and agent configuration), written blind in the seventh
 * session and measured once against the shipped rules and model (trained on v2..v19 and installed
 * text, with the veto): the rules alone 55/100 and 5/100 benign, 64/100 and 6/100; the rules and
 * the model 86/100 and 7/100, 96/100 and 6/100 (91.0% and 6.5% over the two; docs/scanner.md).
 * Read and trained on in the same session: the floors below are that session's rules and the
 * model trained on v2..v21.
 */
const BLIND_V20_RECORDED = { caught: 64, malicious: 100, flagged: 1, benign: 100, withModel: { caught: 100, flagged: 1 } };
const BLIND_V21_RECORDED = { caught: 66, malicious: 100, flagged: 1, benign: 100, withModel: { caught: 100, flagged: 1 } };
/**
 * v22 (the hard cases on both sides), written blind beside v20 and v21 and measured once against
 * the seventh session's rules and the model trained on v2..v21: the floors below are what it
 * measured (docs/scanner.md).
 */
const BLIND_V22_RECORDED = { caught: 56, malicious: 100, flagged: 11, benign: 100, withModel: { caught: 93, flagged: 11 } };
/**
 * v23 (short, plain and multilingual) and v24 (the hard cases on both sides), measured once
 * against the seventh session's rules of 07:53 and the model trained on v2..v22 (82.5% and 1.5%
 * over the two; docs/scanner.md). The floors are what they measured; read and trained on after.
 */
const BLIND_V23_RECORDED = { caught: 48, malicious: 100, flagged: 1, benign: 100, withModel: { caught: 71, flagged: 0 } };
const BLIND_V24_RECORDED = { caught: 56, malicious: 100, flagged: 4, benign: 100, withModel: { caught: 94, flagged: 3 } };
/**
 * v25 (short, plain and multilingual) and v26 (no emphasis), measured once against the seventh
 * session's final rules and the model trained on v2..v24 (80.5% and 1.5% over the two;
 * docs/scanner.md). Kept back: the floors are what they measured.
 */
const BLIND_V25_RECORDED = { caught: 43, malicious: 100, flagged: 1, benign: 100, withModel: { caught: 77, flagged: 2 } };
const BLIND_V26_RECORDED = { caught: 60, malicious: 100, flagged: 2, benign: 100, withModel: { caught: 84, flagged: 1 } };
/**
 * v27 (no emphasis), measured once against the eighth session's scanner of 09:46: the rules
 * written from reading v25 and v26, the model still trained on v2..v24 (docs/scanner.md). The
 * floors are what it measured.
 */
const BLIND_V27_RECORDED = { caught: 53, malicious: 100, flagged: 6, benign: 100, withModel: { caught: 87, flagged: 5 } };
/**
 * v28 (registry realism, harm in code's values, training material quoting attacks whole) and v29
 * (no emphasis), measured once against the eighth session's scanner of 10:14: the rules from
 * reading v25..v27 and the model trained on v2..v27 (89.5% and 10.0% over the two;
 * docs/scanner.md). The floors are what they measured.
 */
const BLIND_V28_RECORDED = { caught: 44, malicious: 100, flagged: 6, benign: 100, withModel: { caught: 88, flagged: 8 } };
const BLIND_V29_RECORDED = { caught: 53, malicious: 100, flagged: 8, benign: 100, withModel: { caught: 91, flagged: 12 } };
/**
 * v30 and v31 (no emphasis), measured once against the eighth session's scanner of 10:40: all its
 * rules then and the model trained on v2..v29 (94.0% and 4.5% over the two; docs/scanner.md). The
 * floors are what they measured; read and trained on after.
 */
const BLIND_V30_RECORDED = { caught: 53, malicious: 100, flagged: 4, benign: 100, withModel: { caught: 91, flagged: 3 } };
const BLIND_V31_RECORDED = { caught: 43, malicious: 100, flagged: 4, benign: 100, withModel: { caught: 97, flagged: 6 } };
/**
 * v32 and v33 (no emphasis), measured once against the eighth session's final scanner: all its
 * rules and the model trained on v2..v31 (89.0% and 4.0% over the two; docs/scanner.md). The
 * floors are what they measured; read in the ninth session and trained on after.
 */
const BLIND_V32_RECORDED = { caught: 53, malicious: 100, flagged: 3, benign: 100, withModel: { caught: 91, flagged: 3 } };
const BLIND_V33_RECORDED = { caught: 56, malicious: 100, flagged: 2, benign: 100, withModel: { caught: 87, flagged: 5 } };
/**
 * v34 and v35 (no emphasis), measured once in the ninth session against its first round: the
 * rules from reading v32 and v33 and the model trained on v2..v33 (91.5% and 1.5% over the two;
 * docs/scanner.md). The floors are what they measured; read and trained on after.
 */
const BLIND_V34_RECORDED = { caught: 60, malicious: 100, flagged: 1, benign: 100, withModel: { caught: 94, flagged: 2 } };
const BLIND_V35_RECORDED = { caught: 58, malicious: 100, flagged: 1, benign: 100, withModel: { caught: 89, flagged: 1 } };
/**
 * v36 and v37 (no emphasis), measured once against the ninth session's scanner of 12:40: its
 * rules then and the model trained on v2..v35 (93.5% and 3.5% over the two; docs/scanner.md). The
 * floors are what they measured; read and trained on after.
 */
const BLIND_V36_RECORDED = { caught: 59, malicious: 100, flagged: 5, benign: 100, withModel: { caught: 94, flagged: 4 } };
const BLIND_V37_RECORDED = { caught: 64, malicious: 100, flagged: 2, benign: 100, withModel: { caught: 93, flagged: 3 } };
/**
 * v38 and v39 (no emphasis), measured once against the ninth session's last scanner: all its
 * rules and the model trained on v2..v37 (95.0% and 6.0% over the two; docs/scanner.md). Kept
 * back: the floors are what they measured.
 */
const BLIND_V38_RECORDED = { caught: 62, malicious: 100, flagged: 6, benign: 100, withModel: { caught: 93, flagged: 8 } };
const BLIND_V39_RECORDED = { caught: 61, malicious: 100, flagged: 4, benign: 100, withModel: { caught: 97, flagged: 4 } };
/**
 * v40 and v41 (no emphasis), measured once against the tenth session's first round: its rules from
 * reading v38 and v39 and the model trained on v2..v39 (93.0% and 2.0% over the two;
 * docs/scanner.md). The floors are what they measured; read after.
 */
const BLIND_V40_RECORDED = { caught: 60, malicious: 100, flagged: 1, benign: 100, withModel: { caught: 90, flagged: 3 } };
const BLIND_V41_RECORDED = { caught: 61, malicious: 100, flagged: 2, benign: 100, withModel: { caught: 96, flagged: 1 } };
/**
 * v42 and v43 (no emphasis), measured once against the tenth session's second round: its rules
 * from reading v38..v41 and the model trained on v2..v41 (93.5% and 8.0% over the two;
 * docs/scanner.md). The floors are what they measured; read and trained on after.
 */
const BLIND_V42_RECORDED = { caught: 68, malicious: 100, flagged: 2, benign: 100, withModel: { caught: 96, flagged: 8 } };
const BLIND_V43_RECORDED = { caught: 63, malicious: 100, flagged: 4, benign: 100, withModel: { caught: 91, flagged: 8 } };
/**
 * v44 and v45 (no emphasis), measured once against the tenth session's last scanner: all its
 * rules then and the model trained on v2..v43 with FP_TARGET 1% (95.0% and 2.5% over the two;
 * docs/scanner.md). The floors are what they measured; read and trained on after.
 */
const BLIND_V44_RECORDED = { caught: 58, malicious: 100, flagged: 3, benign: 100, withModel: { caught: 95, flagged: 5 } };
const BLIND_V45_RECORDED = { caught: 65, malicious: 100, flagged: 1, benign: 100, withModel: { caught: 95, flagged: 0 } };
/**
 * v46 and v47 (no emphasis), measured once against the tenth session's last scanner: all its
 * rules and the model trained on v2..v45 (93.0% and 3.5% over the two; docs/scanner.md). Kept
 * back: the floors are what they measured.
 */
const BLIND_V46_RECORDED = { caught: 59, malicious: 100, flagged: 1, benign: 100, withModel: { caught: 90, flagged: 1 } };
const BLIND_V47_RECORDED = { caught: 68, malicious: 100, flagged: 0, benign: 100, withModel: { caught: 96, flagged: 6 } };
/**
 * v48 and v49 (no emphasis), measured once against the eleventh session's first round: its rules
 * from reading v46 and v47 and the model trained on v2..v47 (92.5% and 3.0% over the two;
 * docs/scanner.md). Then read and trained on.
 */
const BLIND_V48_RECORDED = { caught: 61, malicious: 100, flagged: 2, benign: 100, withModel: { caught: 93, flagged: 3 } };
const BLIND_V49_RECORDED = { caught: 58, malicious: 100, flagged: 3, benign: 100, withModel: { caught: 92, flagged: 3 } };
/**
 * v50 and v51 (no emphasis), measured once against the eleventh session's last scanner: all its
 * rules and the model trained on v2..v49 (95.0% and 3.5% over the two; docs/scanner.md). Read
 * and trained on in the twelfth session.
 */
const BLIND_V50_RECORDED = { caught: 61, malicious: 100, flagged: 1, benign: 100, withModel: { caught: 95, flagged: 3 } };
const BLIND_V51_RECORDED = { caught: 55, malicious: 100, flagged: 4, benign: 100, withModel: { caught: 95, flagged: 4 } };
/**
 * v52 to v55 (no emphasis), measured once against the twelfth session's first round: its rules
 * from reading v50 and v51 and the model trained on v2..v51 (385/400 = 96.25% and 19/400 = 4.75%
 * over the four; docs/scanner.md). Then read and trained on.
 */
const BLIND_V52_RECORDED = { caught: 70, malicious: 100, flagged: 5, benign: 100, withModel: { caught: 97, flagged: 6 } };
const BLIND_V53_RECORDED = { caught: 69, malicious: 100, flagged: 5, benign: 100, withModel: { caught: 94, flagged: 5 } };
const BLIND_V54_RECORDED = { caught: 64, malicious: 100, flagged: 1, benign: 100, withModel: { caught: 94, flagged: 2 } };
const BLIND_V55_RECORDED = { caught: 64, malicious: 100, flagged: 3, benign: 100, withModel: { caught: 100, flagged: 6 } };
/**
 * v56 to v59 (no emphasis), measured once against the twelfth session's last scanner: its rules
 * from reading v50..v55 and the model trained on v2..v55 (386/400 = 96.5% and 13/400 = 3.25% over
 * the four; docs/scanner.md). Then read and trained on.
 */
const BLIND_V56_RECORDED = { caught: 65, malicious: 100, flagged: 6, benign: 100, withModel: { caught: 97, flagged: 5 } };
const BLIND_V57_RECORDED = { caught: 65, malicious: 100, flagged: 3, benign: 100, withModel: { caught: 97, flagged: 5 } };
const BLIND_V58_RECORDED = { caught: 64, malicious: 100, flagged: 1, benign: 100, withModel: { caught: 99, flagged: 1 } };
const BLIND_V59_RECORDED = { caught: 65, malicious: 100, flagged: 3, benign: 100, withModel: { caught: 93, flagged: 2 } };
/**
 * v60 to v63 (no emphasis), measured once against the twelfth session's third round: its rules from
 * reading v50..v59 and the model trained on v2..v59 (384/400 = 96.0% and 12/400 = 3.0% over the
 * four; docs/scanner.md). Then read and trained on.
 */
const BLIND_V60_RECORDED = { caught: 70, malicious: 100, flagged: 3, benign: 100, withModel: { caught: 96, flagged: 3 } };
const BLIND_V61_RECORDED = { caught: 64, malicious: 100, flagged: 0, benign: 100, withModel: { caught: 99, flagged: 2 } };
const BLIND_V62_RECORDED = { caught: 63, malicious: 100, flagged: 2, benign: 100, withModel: { caught: 95, flagged: 4 } };
const BLIND_V63_RECORDED = { caught: 64, malicious: 100, flagged: 2, benign: 100, withModel: { caught: 94, flagged: 3 } };
/**
 * v64 to v67 (no emphasis), measured once against the twelfth session's last scanner: its rules
 * from reading v50..v63 and the model trained on v2..v63 (385/400 = 96.25% and 6/400 = 1.5% over
 * the four; docs/scanner.md). Then read and trained on (thirteenth session).
 */
const BLIND_V64_RECORDED = { caught: 72, malicious: 100, flagged: 2, benign: 100, withModel: { caught: 98, flagged: 1 } };
const BLIND_V65_RECORDED = { caught: 63, malicious: 100, flagged: 1, benign: 100, withModel: { caught: 96, flagged: 0 } };
const BLIND_V66_RECORDED = { caught: 68, malicious: 100, flagged: 2, benign: 100, withModel: { caught: 99, flagged: 2 } };
const BLIND_V67_RECORDED = { caught: 64, malicious: 100, flagged: 2, benign: 100, withModel: { caught: 92, flagged: 3 } };
/**
 * v68 to v71 (no emphasis), measured once against the thirteenth session's first round: its rules
 * from reading v64..v67 and the model trained on v2..v67 (388/400 = 97.0% and 11/400 = 2.75% over
 * the four; docs/scanner.md). Then read and trained on.
 */
const BLIND_V68_RECORDED = { caught: 66, malicious: 100, flagged: 1, benign: 100, withModel: { caught: 97, flagged: 0 } };
const BLIND_V69_RECORDED = { caught: 68, malicious: 100, flagged: 0, benign: 100, withModel: { caught: 96, flagged: 7 } };
const BLIND_V70_RECORDED = { caught: 68, malicious: 100, flagged: 1, benign: 100, withModel: { caught: 99, flagged: 2 } };
const BLIND_V71_RECORDED = { caught: 63, malicious: 100, flagged: 0, benign: 100, withModel: { caught: 96, flagged: 2 } };
/**
 * v72 to v75 (no emphasis), measured once against the thirteenth session's second round: its rules
 * from reading v64..v71 and the model trained on v2..v71 (384/400 = 96.0% and 7/400 = 1.75% over
 * the four; docs/scanner.md). Then read and trained on.
 */
const BLIND_V72_RECORDED = { caught: 62, malicious: 100, flagged: 1, benign: 100, withModel: { caught: 93, flagged: 0 } };
const BLIND_V73_RECORDED = { caught: 75, malicious: 100, flagged: 2, benign: 100, withModel: { caught: 99, flagged: 2 } };
const BLIND_V74_RECORDED = { caught: 71, malicious: 100, flagged: 3, benign: 100, withModel: { caught: 95, flagged: 4 } };
const BLIND_V75_RECORDED = { caught: 70, malicious: 100, flagged: 2, benign: 100, withModel: { caught: 97, flagged: 1 } };
/**
 * v76 to v79 (no emphasis), measured once against the thirteenth session's last scanner: its rules
 * from reading v64..v75 and the model trained on v2..v75 (394/400 = 98.5% and 4/400 = 1.0% over
 * the four; docs/scanner.md). Measured again on a fresh machine at the start of the fourteenth
 * session (the same), then read and trained on.
 */
const BLIND_V76_RECORDED = { caught: 72, malicious: 100, flagged: 0, benign: 100, withModel: { caught: 100, flagged: 0 } };
const BLIND_V77_RECORDED = { caught: 66, malicious: 100, flagged: 1, benign: 100, withModel: { caught: 99, flagged: 1 } };
const BLIND_V78_RECORDED = { caught: 65, malicious: 100, flagged: 2, benign: 100, withModel: { caught: 98, flagged: 1 } };
const BLIND_V79_RECORDED = { caught: 65, malicious: 100, flagged: 2, benign: 100, withModel: { caught: 97, flagged: 2 } };

/**
 * v80 to v83 (no emphasis), measured once against the fourteenth session's first round: its rules
 * from reading v76..v79 and the model trained on v2..v79 (390/400 = 97.5% and 5/400 = 1.25% over
 * the four; docs/scanner.md). Then read and trained on.
 */
const BLIND_V80_RECORDED = { caught: 69, malicious: 100, flagged: 0, benign: 100, withModel: { caught: 97, flagged: 0 } };
const BLIND_V81_RECORDED = { caught: 63, malicious: 100, flagged: 2, benign: 100, withModel: { caught: 96, flagged: 1 } };
const BLIND_V82_RECORDED = { caught: 70, malicious: 100, flagged: 1, benign: 100, withModel: { caught: 99, flagged: 2 } };
const BLIND_V83_RECORDED = { caught: 73, malicious: 100, flagged: 2, benign: 100, withModel: { caught: 98, flagged: 2 } };
/**
 * v84 to v87 (no emphasis), measured once against the fourteenth session's second round: its rules
 * from reading v76..v83 and the model trained on v2..v83 (380/400 = 95.0% and 2/400 = 0.5% over
 * the four; docs/scanner.md). Then read and trained on.
 */
const BLIND_V84_RECORDED = { caught: 72, malicious: 100, flagged: 1, benign: 100, withModel: { caught: 93, flagged: 1 } };
const BLIND_V85_RECORDED = { caught: 75, malicious: 100, flagged: 1, benign: 100, withModel: { caught: 99, flagged: 1 } };
const BLIND_V86_RECORDED = { caught: 73, malicious: 100, flagged: 1, benign: 100, withModel: { caught: 95, flagged: 0 } };
const BLIND_V87_RECORDED = { caught: 69, malicious: 100, flagged: 0, benign: 100, withModel: { caught: 93, flagged: 0 } };
/**
 * v88 to v91 (no emphasis), measured once against the fourteenth session's third round: its rules
 * from reading v76..v87 and the model trained on v2..v87 (394/400 = 98.5% and 3/400 = 0.75% over
 * the four; docs/scanner.md). Then read and trained on.
 */
const BLIND_V88_RECORDED = { caught: 71, malicious: 100, flagged: 0, benign: 100, withModel: { caught: 99, flagged: 0 } };
const BLIND_V89_RECORDED = { caught: 73, malicious: 100, flagged: 2, benign: 100, withModel: { caught: 99, flagged: 2 } };
const BLIND_V90_RECORDED = { caught: 76, malicious: 100, flagged: 0, benign: 100, withModel: { caught: 98, flagged: 0 } };
const BLIND_V91_RECORDED = { caught: 74, malicious: 100, flagged: 1, benign: 100, withModel: { caught: 98, flagged: 1 } };
/**
 * v92 to v95 (no emphasis), measured once against the fourteenth session's last scanner: its rules
 * from reading v76..v91 and the model trained on v2..v91 (388/400 = 97.0% and 0/400 over the four;
 * docs/scanner.md). Kept back: neither read nor trained on.
 */
const BLIND_V92_RECORDED = { caught: 69, malicious: 100, flagged: 0, benign: 100, withModel: { caught: 99, flagged: 0 } };
const BLIND_V93_RECORDED = { caught: 74, malicious: 100, flagged: 1, benign: 100, withModel: { caught: 97, flagged: 0 } };
const BLIND_V94_RECORDED = { caught: 72, malicious: 100, flagged: 0, benign: 100, withModel: { caught: 96, flagged: 0 } };
const BLIND_V95_RECORDED = { caught: 69, malicious: 100, flagged: 0, benign: 100, withModel: { caught: 96, flagged: 0 } };
/**
 * v96 to v99 (no emphasis), measured once against the fifteenth session's first round: its rules
 * from reading v92..v95 and the model with signed features trained on v2..v95 (390/400 = 97.5% and
 * 3/400 over the four; docs/scanner.md).
 */
const BLIND_V96_RECORDED = { caught: 66, malicious: 100, flagged: 2, benign: 100, withModel: { caught: 95, flagged: 1 } };
const BLIND_V97_RECORDED = { caught: 69, malicious: 100, flagged: 0, benign: 100, withModel: { caught: 98, flagged: 0 } };
const BLIND_V98_RECORDED = { caught: 70, malicious: 100, flagged: 0, benign: 100, withModel: { caught: 99, flagged: 0 } };
const BLIND_V99_RECORDED = { caught: 68, malicious: 100, flagged: 3, benign: 100, withModel: { caught: 98, flagged: 2 } };
/**
 * v100 to v103 (no emphasis), measured once against the fifteenth session's last scanner: its rules
 * from reading v92..v99 and the signed model trained on v2..v99 (395/400 = 98.75% and 7/400 over
 * the four; docs/scanner.md). Kept back, then read and trained on in the sixteenth session.
 */
const BLIND_V100_RECORDED = { caught: 67, malicious: 100, flagged: 1, benign: 100, withModel: { caught: 98, flagged: 2 } };
const BLIND_V101_RECORDED = { caught: 65, malicious: 100, flagged: 2, benign: 100, withModel: { caught: 99, flagged: 3 } };
const BLIND_V102_RECORDED = { caught: 68, malicious: 100, flagged: 0, benign: 100, withModel: { caught: 98, flagged: 2 } };
const BLIND_V103_RECORDED = { caught: 67, malicious: 100, flagged: 1, benign: 100, withModel: { caught: 100, flagged: 0 } };
/**
 * v104 to v107 (no emphasis), measured once against the sixteenth session's last scanner: its rules
 * from reading v92..v103 and the model trained on v2..v103 with installed data files (384/400 = 96.0%
 * and 6/400 over the four; docs/scanner.md). Read in the session's second round; trained on in the
 * seventeenth.
 */
const BLIND_V104_RECORDED = { caught: 67, malicious: 100, flagged: 0, benign: 100, withModel: { caught: 95, flagged: 1 } };
const BLIND_V105_RECORDED = { caught: 63, malicious: 100, flagged: 2, benign: 100, withModel: { caught: 96, flagged: 1 } };
const BLIND_V106_RECORDED = { caught: 64, malicious: 100, flagged: 2, benign: 100, withModel: { caught: 96, flagged: 3 } };
const BLIND_V107_RECORDED = { caught: 66, malicious: 100, flagged: 0, benign: 100, withModel: { caught: 97, flagged: 1 } };
/**
 * v108 to v111 (no emphasis), measured once against the sixteenth session's last scanner: its
 * second round's rules (from reading v104..v107) and the model of v2..v103 (394/400 = 98.5% and
 * 7/400 over the four; docs/scanner.md). Kept back, then read and trained on in the seventeenth session.
 */
const BLIND_V108_RECORDED = { caught: 62, malicious: 100, flagged: 3, benign: 100, withModel: { caught: 99, flagged: 3 } };
const BLIND_V109_RECORDED = { caught: 72, malicious: 100, flagged: 1, benign: 100, withModel: { caught: 97, flagged: 1 } };
const BLIND_V110_RECORDED = { caught: 78, malicious: 100, flagged: 2, benign: 100, withModel: { caught: 99, flagged: 3 } };
const BLIND_V111_RECORDED = { caught: 69, malicious: 100, flagged: 0, benign: 100, withModel: { caught: 99, flagged: 0 } };
/**
 * v112 to v115 (no emphasis), measured once against the seventeenth session's last scanner: its
 * rules from reading v108..v111 and the model trained on v2..v111 (390/400 = 97.5% and 1/400 over
 * the four; docs/scanner.md). Kept back, then read and trained on in the eighteenth session.
 */
const BLIND_V112_RECORDED = { caught: 76, malicious: 100, flagged: 1, benign: 100, withModel: { caught: 98, flagged: 0 } };
const BLIND_V113_RECORDED = { caught: 69, malicious: 100, flagged: 1, benign: 100, withModel: { caught: 95, flagged: 0 } };
const BLIND_V114_RECORDED = { caught: 60, malicious: 100, flagged: 1, benign: 100, withModel: { caught: 97, flagged: 1 } };
const BLIND_V115_RECORDED = { caught: 76, malicious: 100, flagged: 1, benign: 100, withModel: { caught: 100, flagged: 0 } };
/**
 * v116 to v119 (no emphasis), measured once against the eighteenth session's last scanner: its
 * rules from reading v112..v115 and the model trained on v2..v115 (378/400 = 94.5% and 9/400 over
 * the four; docs/scanner.md). Kept back, then read and trained on in the nineteenth session.
 */
const BLIND_V116_RECORDED = { caught: 66, malicious: 100, flagged: 0, benign: 100, withModel: { caught: 96, flagged: 1 } };
const BLIND_V117_RECORDED = { caught: 62, malicious: 100, flagged: 0, benign: 100, withModel: { caught: 95, flagged: 1 } };
const BLIND_V118_RECORDED = { caught: 66, malicious: 100, flagged: 2, benign: 100, withModel: { caught: 93, flagged: 3 } };
const BLIND_V119_RECORDED = { caught: 69, malicious: 100, flagged: 2, benign: 100, withModel: { caught: 94, flagged: 4 } };
/**
 * v120 to v123 (no emphasis), measured once against the nineteenth session's last scanner: its
 * rules from reading v116..v119 and the model trained on v2..v119 with folds by corpus (392/400 =
 * 98.0% and 9/400 over the four; docs/scanner.md). Kept back, then read and trained on in the twentieth session.
 */
const BLIND_V120_RECORDED = { caught: 72, malicious: 100, flagged: 1, benign: 100, withModel: { caught: 99, flagged: 2 } };
const BLIND_V121_RECORDED = { caught: 68, malicious: 100, flagged: 4, benign: 100, withModel: { caught: 97, flagged: 7 } };
const BLIND_V122_RECORDED = { caught: 69, malicious: 100, flagged: 0, benign: 100, withModel: { caught: 99, flagged: 0 } };
const BLIND_V123_RECORDED = { caught: 71, malicious: 100, flagged: 0, benign: 100, withModel: { caught: 97, flagged: 0 } };
/**
 * v124 to v127 (no emphasis), briefed after the retraining and measured once against the same
 * scanner (390/400 = 97.5% and 7/400 over the four; docs/scanner.md). Kept back, then read and
 * trained on in the twentieth session.
 */
const BLIND_V124_RECORDED = { caught: 68, malicious: 100, flagged: 1, benign: 100, withModel: { caught: 99, flagged: 0 } };
const BLIND_V125_RECORDED = { caught: 69, malicious: 100, flagged: 1, benign: 100, withModel: { caught: 96, flagged: 1 } };
const BLIND_V126_RECORDED = { caught: 75, malicious: 100, flagged: 1, benign: 100, withModel: { caught: 97, flagged: 4 } };
const BLIND_V127_RECORDED = { caught: 72, malicious: 100, flagged: 4, benign: 100, withModel: { caught: 98, flagged: 2 } };
/**
 * v128 to v131 (no emphasis), measured once against the twentieth session's last scanner: its
 * rules from reading v120..v127 and the model trained on v2..v127 (385/400 = 96.25% and 6/400 over
 * the four; docs/scanner.md). Kept back: neither read nor trained on.
 */
const BLIND_V128_RECORDED = { caught: 77, malicious: 100, flagged: 0, benign: 100, withModel: { caught: 97, flagged: 0 } };
const BLIND_V129_RECORDED = { caught: 71, malicious: 100, flagged: 1, benign: 100, withModel: { caught: 96, flagged: 0 } };
const BLIND_V130_RECORDED = { caught: 72, malicious: 100, flagged: 3, benign: 100, withModel: { caught: 96, flagged: 3 } };
const BLIND_V131_RECORDED = { caught: 70, malicious: 100, flagged: 4, benign: 100, withModel: { caught: 96, flagged: 3 } };
/**
 * v132 to v135 (no emphasis), briefed after the retraining and measured once against the same
 * scanner (389/400 = 97.25% and 5/400 over the four; docs/scanner.md). Kept back: neither read nor
 * trained on.
 */
const BLIND_V132_RECORDED = { caught: 75, malicious: 100, flagged: 0, benign: 100, withModel: { caught: 99, flagged: 1 } };
const BLIND_V133_RECORDED = { caught: 74, malicious: 100, flagged: 0, benign: 100, withModel: { caught: 98, flagged: 1 } };
const BLIND_V134_RECORDED = { caught: 70, malicious: 100, flagged: 1, benign: 100, withModel: { caught: 92, flagged: 1 } };
const BLIND_V135_RECORDED = { caught: 75, malicious: 100, flagged: 2, benign: 100, withModel: { caught: 100, flagged: 2 } };
/**
 * v136 to v139 (no emphasis), briefed at the start of the twenty-first session and measured once
 * against its last scanner: its rules from reading v128..v135 and the model trained on v2..v127
 * (392/400 = 98.0% and 6/400 over the four; docs/scanner.md). Kept back: neither read nor trained on.
 */
const BLIND_V136_RECORDED = { caught: 73, malicious: 100, flagged: 0, benign: 100, withModel: { caught: 98, flagged: 1 } };
const BLIND_V137_RECORDED = { caught: 78, malicious: 100, flagged: 0, benign: 100, withModel: { caught: 96, flagged: 0 } };
const BLIND_V138_RECORDED = { caught: 77, malicious: 100, flagged: 0, benign: 100, withModel: { caught: 98, flagged: 1 } };
const BLIND_V139_RECORDED = { caught: 83, malicious: 100, flagged: 3, benign: 100, withModel: { caught: 100, flagged: 4 } };
describe.each([
  { name: 'v2', dir: BLIND_CORPUS_DIR, recorded: BLIND_RECORDED },
  { name: 'v3', dir: BLIND_V3_CORPUS_DIR, recorded: BLIND_V3_RECORDED },
  { name: 'v4', dir: BLIND_V4_CORPUS_DIR, recorded: BLIND_V4_RECORDED },
  { name: 'v5', dir: BLIND_V5_CORPUS_DIR, recorded: BLIND_V5_RECORDED },
  { name: 'v6', dir: BLIND_V6_CORPUS_DIR, recorded: BLIND_V6_RECORDED },
  { name: 'v7', dir: BLIND_V7_CORPUS_DIR, recorded: BLIND_V7_RECORDED },
  { name: 'v8', dir: BLIND_V8_CORPUS_DIR, recorded: BLIND_V8_RECORDED },
  { name: 'v9', dir: BLIND_V9_CORPUS_DIR, recorded: BLIND_V9_RECORDED },
  { name: 'v10', dir: BLIND_V10_CORPUS_DIR, recorded: BLIND_V10_RECORDED },
  { name: 'v11', dir: BLIND_V11_CORPUS_DIR, recorded: BLIND_V11_RECORDED },
  { name: 'v12', dir: BLIND_V12_CORPUS_DIR, recorded: BLIND_V12_RECORDED },
  { name: 'v13', dir: BLIND_V13_CORPUS_DIR, recorded: BLIND_V13_RECORDED },
  { name: 'v14', dir: BLIND_V14_CORPUS_DIR, recorded: BLIND_V14_RECORDED },
  { name: 'v15', dir: BLIND_V15_CORPUS_DIR, recorded: BLIND_V15_RECORDED },
  { name: 'v16', dir: BLIND_V16_CORPUS_DIR, recorded: BLIND_V16_RECORDED },
  { name: 'v17', dir: BLIND_V17_CORPUS_DIR, recorded: BLIND_V17_RECORDED },
  { name: 'v18', dir: BLIND_V18_CORPUS_DIR, recorded: BLIND_V18_RECORDED },
  { name: 'v19', dir: BLIND_V19_CORPUS_DIR, recorded: BLIND_V19_RECORDED },
  { name: 'v20', dir: BLIND_V20_CORPUS_DIR, recorded: BLIND_V20_RECORDED },
  { name: 'v21', dir: BLIND_V21_CORPUS_DIR, recorded: BLIND_V21_RECORDED },
  { name: 'v22', dir: BLIND_V22_CORPUS_DIR, recorded: BLIND_V22_RECORDED },
  { name: 'v23', dir: BLIND_V23_CORPUS_DIR, recorded: BLIND_V23_RECORDED },
  { name: 'v24', dir: BLIND_V24_CORPUS_DIR, recorded: BLIND_V24_RECORDED },
  { name: 'v25', dir: BLIND_V25_CORPUS_DIR, recorded: BLIND_V25_RECORDED },
  { name: 'v26', dir: BLIND_V26_CORPUS_DIR, recorded: BLIND_V26_RECORDED },
  { name: 'v27', dir: BLIND_V27_CORPUS_DIR, recorded: BLIND_V27_RECORDED },
  { name: 'v28', dir: BLIND_V28_CORPUS_DIR, recorded: BLIND_V28_RECORDED },
  { name: 'v29', dir: BLIND_V29_CORPUS_DIR, recorded: BLIND_V29_RECORDED },
  { name: 'v30', dir: BLIND_V30_CORPUS_DIR, recorded: BLIND_V30_RECORDED },
  { name: 'v31', dir: BLIND_V31_CORPUS_DIR, recorded: BLIND_V31_RECORDED },
  { name: 'v32', dir: BLIND_V32_CORPUS_DIR, recorded: BLIND_V32_RECORDED },
  { name: 'v33', dir: BLIND_V33_CORPUS_DIR, recorded: BLIND_V33_RECORDED },
  { name: 'v34', dir: BLIND_V34_CORPUS_DIR, recorded: BLIND_V34_RECORDED },
  { name: 'v35', dir: BLIND_V35_CORPUS_DIR, recorded: BLIND_V35_RECORDED },
  { name: 'v36', dir: BLIND_V36_CORPUS_DIR, recorded: BLIND_V36_RECORDED },
  { name: 'v37', dir: BLIND_V37_CORPUS_DIR, recorded: BLIND_V37_RECORDED },
  { name: 'v38', dir: BLIND_V38_CORPUS_DIR, recorded: BLIND_V38_RECORDED },
  { name: 'v39', dir: BLIND_V39_CORPUS_DIR, recorded: BLIND_V39_RECORDED },
  { name: 'v40', dir: BLIND_V40_CORPUS_DIR, recorded: BLIND_V40_RECORDED },
  { name: 'v41', dir: BLIND_V41_CORPUS_DIR, recorded: BLIND_V41_RECORDED },
  { name: 'v42', dir: BLIND_V42_CORPUS_DIR, recorded: BLIND_V42_RECORDED },
  { name: 'v43', dir: BLIND_V43_CORPUS_DIR, recorded: BLIND_V43_RECORDED },
  { name: 'v44', dir: BLIND_V44_CORPUS_DIR, recorded: BLIND_V44_RECORDED },
  { name: 'v45', dir: BLIND_V45_CORPUS_DIR, recorded: BLIND_V45_RECORDED },
  { name: 'v46', dir: BLIND_V46_CORPUS_DIR, recorded: BLIND_V46_RECORDED },
  { name: 'v47', dir: BLIND_V47_CORPUS_DIR, recorded: BLIND_V47_RECORDED },
  { name: 'v48', dir: BLIND_V48_CORPUS_DIR, recorded: BLIND_V48_RECORDED },
  { name: 'v49', dir: BLIND_V49_CORPUS_DIR, recorded: BLIND_V49_RECORDED },
  { name: 'v50', dir: BLIND_V50_CORPUS_DIR, recorded: BLIND_V50_RECORDED },
  { name: 'v51', dir: BLIND_V51_CORPUS_DIR, recorded: BLIND_V51_RECORDED },
  { name: 'v52', dir: BLIND_V52_CORPUS_DIR, recorded: BLIND_V52_RECORDED },
  { name: 'v53', dir: BLIND_V53_CORPUS_DIR, recorded: BLIND_V53_RECORDED },
  { name: 'v54', dir: BLIND_V54_CORPUS_DIR, recorded: BLIND_V54_RECORDED },
  { name: 'v55', dir: BLIND_V55_CORPUS_DIR, recorded: BLIND_V55_RECORDED },
  { name: 'v56', dir: BLIND_V56_CORPUS_DIR, recorded: BLIND_V56_RECORDED },
  { name: 'v57', dir: BLIND_V57_CORPUS_DIR, recorded: BLIND_V57_RECORDED },
  { name: 'v58', dir: BLIND_V58_CORPUS_DIR, recorded: BLIND_V58_RECORDED },
  { name: 'v59', dir: BLIND_V59_CORPUS_DIR, recorded: BLIND_V59_RECORDED },
  { name: 'v60', dir: BLIND_V60_CORPUS_DIR, recorded: BLIND_V60_RECORDED },
  { name: 'v61', dir: BLIND_V61_CORPUS_DIR, recorded: BLIND_V61_RECORDED },
  { name: 'v62', dir: BLIND_V62_CORPUS_DIR, recorded: BLIND_V62_RECORDED },
  { name: 'v63', dir: BLIND_V63_CORPUS_DIR, recorded: BLIND_V63_RECORDED },
  { name: 'v64', dir: BLIND_V64_CORPUS_DIR, recorded: BLIND_V64_RECORDED },
  { name: 'v65', dir: BLIND_V65_CORPUS_DIR, recorded: BLIND_V65_RECORDED },
  { name: 'v66', dir: BLIND_V66_CORPUS_DIR, recorded: BLIND_V66_RECORDED },
  { name: 'v67', dir: BLIND_V67_CORPUS_DIR, recorded: BLIND_V67_RECORDED },
  { name: 'v68', dir: BLIND_V68_CORPUS_DIR, recorded: BLIND_V68_RECORDED },
  { name: 'v69', dir: BLIND_V69_CORPUS_DIR, recorded: BLIND_V69_RECORDED },
  { name: 'v70', dir: BLIND_V70_CORPUS_DIR, recorded: BLIND_V70_RECORDED },
  { name: 'v71', dir: BLIND_V71_CORPUS_DIR, recorded: BLIND_V71_RECORDED },
  { name: 'v72', dir: BLIND_V72_CORPUS_DIR, recorded: BLIND_V72_RECORDED },
  { name: 'v73', dir: BLIND_V73_CORPUS_DIR, recorded: BLIND_V73_RECORDED },
  { name: 'v74', dir: BLIND_V74_CORPUS_DIR, recorded: BLIND_V74_RECORDED },
  { name: 'v75', dir: BLIND_V75_CORPUS_DIR, recorded: BLIND_V75_RECORDED },
  { name: 'v76', dir: BLIND_V76_CORPUS_DIR, recorded: BLIND_V76_RECORDED },
  { name: 'v77', dir: BLIND_V77_CORPUS_DIR, recorded: BLIND_V77_RECORDED },
  { name: 'v78', dir: BLIND_V78_CORPUS_DIR, recorded: BLIND_V78_RECORDED },
  { name: 'v79', dir: BLIND_V79_CORPUS_DIR, recorded: BLIND_V79_RECORDED },
  { name: 'v80', dir: BLIND_V80_CORPUS_DIR, recorded: BLIND_V80_RECORDED },
  { name: 'v81', dir: BLIND_V81_CORPUS_DIR, recorded: BLIND_V81_RECORDED },
  { name: 'v82', dir: BLIND_V82_CORPUS_DIR, recorded: BLIND_V82_RECORDED },
  { name: 'v83', dir: BLIND_V83_CORPUS_DIR, recorded: BLIND_V83_RECORDED },
  { name: 'v84', dir: BLIND_V84_CORPUS_DIR, recorded: BLIND_V84_RECORDED },
  { name: 'v85', dir: BLIND_V85_CORPUS_DIR, recorded: BLIND_V85_RECORDED },
  { name: 'v86', dir: BLIND_V86_CORPUS_DIR, recorded: BLIND_V86_RECORDED },
  { name: 'v87', dir: BLIND_V87_CORPUS_DIR, recorded: BLIND_V87_RECORDED },
  { name: 'v88', dir: BLIND_V88_CORPUS_DIR, recorded: BLIND_V88_RECORDED },
  { name: 'v89', dir: BLIND_V89_CORPUS_DIR, recorded: BLIND_V89_RECORDED },
  { name: 'v90', dir: BLIND_V90_CORPUS_DIR, recorded: BLIND_V90_RECORDED },
  { name: 'v91', dir: BLIND_V91_CORPUS_DIR, recorded: BLIND_V91_RECORDED },
  { name: 'v92', dir: BLIND_V92_CORPUS_DIR, recorded: BLIND_V92_RECORDED },
  { name: 'v93', dir: BLIND_V93_CORPUS_DIR, recorded: BLIND_V93_RECORDED },
  { name: 'v94', dir: BLIND_V94_CORPUS_DIR, recorded: BLIND_V94_RECORDED },
  { name: 'v95', dir: BLIND_V95_CORPUS_DIR, recorded: BLIND_V95_RECORDED },
  { name: 'v96', dir: BLIND_V96_CORPUS_DIR, recorded: BLIND_V96_RECORDED },
  { name: 'v97', dir: BLIND_V97_CORPUS_DIR, recorded: BLIND_V97_RECORDED },
  { name: 'v98', dir: BLIND_V98_CORPUS_DIR, recorded: BLIND_V98_RECORDED },
  { name: 'v99', dir: BLIND_V99_CORPUS_DIR, recorded: BLIND_V99_RECORDED },
  { name: 'v100', dir: BLIND_V100_CORPUS_DIR, recorded: BLIND_V100_RECORDED },
  { name: 'v101', dir: BLIND_V101_CORPUS_DIR, recorded: BLIND_V101_RECORDED },
  { name: 'v102', dir: BLIND_V102_CORPUS_DIR, recorded: BLIND_V102_RECORDED },
  { name: 'v103', dir: BLIND_V103_CORPUS_DIR, recorded: BLIND_V103_RECORDED },
  { name: 'v104', dir: BLIND_V104_CORPUS_DIR, recorded: BLIND_V104_RECORDED },
  { name: 'v105', dir: BLIND_V105_CORPUS_DIR, recorded: BLIND_V105_RECORDED },
  { name: 'v106', dir: BLIND_V106_CORPUS_DIR, recorded: BLIND_V106_RECORDED },
  { name: 'v107', dir: BLIND_V107_CORPUS_DIR, recorded: BLIND_V107_RECORDED },
  { name: 'v108', dir: BLIND_V108_CORPUS_DIR, recorded: BLIND_V108_RECORDED },
  { name: 'v109', dir: BLIND_V109_CORPUS_DIR, recorded: BLIND_V109_RECORDED },
  { name: 'v110', dir: BLIND_V110_CORPUS_DIR, recorded: BLIND_V110_RECORDED },
  { name: 'v111', dir: BLIND_V111_CORPUS_DIR, recorded: BLIND_V111_RECORDED },
  { name: 'v112', dir: BLIND_V112_CORPUS_DIR, recorded: BLIND_V112_RECORDED },
  { name: 'v113', dir: BLIND_V113_CORPUS_DIR, recorded: BLIND_V113_RECORDED },
  { name: 'v114', dir: BLIND_V114_CORPUS_DIR, recorded: BLIND_V114_RECORDED },
  { name: 'v115', dir: BLIND_V115_CORPUS_DIR, recorded: BLIND_V115_RECORDED },
  { name: 'v116', dir: BLIND_V116_CORPUS_DIR, recorded: BLIND_V116_RECORDED },
  { name: 'v117', dir: BLIND_V117_CORPUS_DIR, recorded: BLIND_V117_RECORDED },
  { name: 'v118', dir: BLIND_V118_CORPUS_DIR, recorded: BLIND_V118_RECORDED },
  { name: 'v119', dir: BLIND_V119_CORPUS_DIR, recorded: BLIND_V119_RECORDED },
  { name: 'v120', dir: BLIND_V120_CORPUS_DIR, recorded: BLIND_V120_RECORDED },
  { name: 'v121', dir: BLIND_V121_CORPUS_DIR, recorded: BLIND_V121_RECORDED },
  { name: 'v122', dir: BLIND_V122_CORPUS_DIR, recorded: BLIND_V122_RECORDED },
  { name: 'v123', dir: BLIND_V123_CORPUS_DIR, recorded: BLIND_V123_RECORDED },
  { name: 'v124', dir: BLIND_V124_CORPUS_DIR, recorded: BLIND_V124_RECORDED },
  { name: 'v125', dir: BLIND_V125_CORPUS_DIR, recorded: BLIND_V125_RECORDED },
  { name: 'v126', dir: BLIND_V126_CORPUS_DIR, recorded: BLIND_V126_RECORDED },
  { name: 'v127', dir: BLIND_V127_CORPUS_DIR, recorded: BLIND_V127_RECORDED },
  { name: 'v128', dir: BLIND_V128_CORPUS_DIR, recorded: BLIND_V128_RECORDED },
  { name: 'v129', dir: BLIND_V129_CORPUS_DIR, recorded: BLIND_V129_RECORDED },
  { name: 'v130', dir: BLIND_V130_CORPUS_DIR, recorded: BLIND_V130_RECORDED },
  { name: 'v131', dir: BLIND_V131_CORPUS_DIR, recorded: BLIND_V131_RECORDED },
  { name: 'v132', dir: BLIND_V132_CORPUS_DIR, recorded: BLIND_V132_RECORDED },
  { name: 'v133', dir: BLIND_V133_CORPUS_DIR, recorded: BLIND_V133_RECORDED },
  { name: 'v134', dir: BLIND_V134_CORPUS_DIR, recorded: BLIND_V134_RECORDED },
  { name: 'v135', dir: BLIND_V135_CORPUS_DIR, recorded: BLIND_V135_RECORDED },
  { name: 'v136', dir: BLIND_V136_CORPUS_DIR, recorded: BLIND_V136_RECORDED },
  { name: 'v137', dir: BLIND_V137_CORPUS_DIR, recorded: BLIND_V137_RECORDED },
  { name: 'v138', dir: BLIND_V138_CORPUS_DIR, recorded: BLIND_V138_RECORDED },
  { name: 'v139', dir: BLIND_V139_CORPUS_DIR, recorded: BLIND_V139_RECORDED },
])('the blind corpus ($name)', ({ dir, recorded }) => {
  const skills = { malicious: loadSkills('malicious', dir), benign: loadSkills('benign', dir) };
  const unsafe = (set: 'malicious' | 'benign', model: boolean): number =>
    skills[set].filter((s) => scanSkill(s, { timeBudgetMs: 60_000, model }).verdict === 'unsafe').length;

  it('holds the skills it was measured with', () => {
    expect([skills.malicious.length, skills.benign.length]).toEqual([recorded.malicious, recorded.benign]);
  });

  it('catches with the rules alone at least what they caught, and flags no more benign skills', () => {
    expect(unsafe('malicious', false)).toBeGreaterThanOrEqual(recorded.caught);
    expect(unsafe('benign', false)).toBeLessThanOrEqual(recorded.flagged);
  });

  it('catches with the rules and the intent model at least what they caught, and flags no more benign skills', () => {
    expect(unsafe('malicious', true)).toBeGreaterThanOrEqual(recorded.withModel.caught);
    expect(unsafe('benign', true)).toBeLessThanOrEqual(recorded.withModel.flagged);
  });
});
