/**
 * Loads the fixture corpus: test/fixtures/skills/{malicious,benign}/<name>/..., each folder one
 * skill, each file's path relative to its folder. Used by the corpus test and the benchmark.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Skill } from '../../shared/scanner/index.js';

export const CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills');
/**
 * Held-out v2: skills written blind (the author never saw the scanner, its rules, its docs or
 * the other corpus), wholly held out. Measured, never tuned against: see docs/scanner.md.
 */
export const BLIND_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind');
/** Held-out v3: a second blind author, measured once after the second round of general rules (docs/scanner.md). */
export const BLIND_V3_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v3');
/** Held-out v4: a third blind author, asked for varied wording, measured once after the round on v3. */
export const BLIND_V4_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v4');
/** Held-out v5: a fourth blind author, measured once with the rules and the intent model trained on the four corpora before it. */
export const BLIND_V5_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v5');
/** Held-out v6: a fifth blind author, asked for subtle attacks and hard look-alikes, measured once against the model trained on everything before it. */
export const BLIND_V6_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v6');
/** Held-out v7: a sixth blind author, measured once against the model trained on the six corpora before it and installed text. */
export const BLIND_V7_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v7');
/** Held-out v8: a seventh blind author, measured once against the shipped model (trained on the seven corpora before it and installed text); trained on since. */
export const BLIND_V8_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v8');
/** Held-out v9: an eighth blind author, measured once against the shipped model (trained on the eight corpora before it and installed text); trained on since. */
export const BLIND_V9_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v9');
/** Held-out v10: a ninth blind author, measured once against the shipped model (trained on the nine corpora before it and installed text). Not read; trained on since. */
export const BLIND_V10_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v10');
/** v11 to v13: three more blind authors (MCP servers and manifests; long handbooks; code and other languages), measured once against the model of v10, then trained on. */
export const BLIND_V11_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v11');
export const BLIND_V12_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v12');
export const BLIND_V13_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v13');
/** v14: a thirteenth blind author, written beside v11..v13 and kept back; measured against the model trained on v2..v13, then trained on. Not read. */
export const BLIND_V14_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v14');
/** v15: a fourteenth blind author (supply chain and configuration files), measured once against the model trained on v2..v13, then trained on. Not read. */
export const BLIND_V15_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v15');
/** v16: a fifteenth blind author, measured once against the model trained on v2..v15, then read and trained on (fifth session). */
export const BLIND_V16_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v16');

/** v17 (short and plain), v18 (registry realism) and v19 (indirection and paraphrase): blind authors of the fifth session, measured once against the shipped model (trained on v2..v16); read and trained on in the sixth session. */
export const BLIND_V17_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v17');
export const BLIND_V18_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v18');
export const BLIND_V19_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v19');

/** v20 (no emphasis) and v21 (MCP servers and agent configuration): blind authors of the seventh session, measured once against the shipped scanner (trained on v2..v19), then read and trained on. */
export const BLIND_V20_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v20');
export const BLIND_V21_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v21');
/** v22 (the hard cases on both sides): written beside v20 and v21, kept back until its one measurement (with the seventh session's rules), then read and trained on. */
export const BLIND_V22_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v22');
/** v23 (short, plain and multilingual) and v24 (the hard cases on both sides): measured once against the seventh session's scanner of 07:53, then read and trained on in the same session. */
export const BLIND_V23_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v23');
export const BLIND_V24_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v24');
/** v25 (short, plain and multilingual) and v26 (no emphasis): measured once against the seventh session's final scanner; kept back, neither read nor trained on. */
export const BLIND_V25_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v25');
export const BLIND_V26_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v26');
/** v27 (no emphasis): a blind author of the eighth session, measured once against the scanner of 09:46 (the rules from reading v25 and v26, the model of v2..v24). */
export const BLIND_V27_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v27');
/** v28 (registry realism, harm in code's values) and v29 (no emphasis): eighth-session blind authors, measured once against the scanner of 10:14 (the rules from reading v25..v27, the model trained on v2..v27). */
export const BLIND_V28_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v28');
export const BLIND_V29_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v29');
/** v30 and v31 (no emphasis): eighth-session blind authors, measured once against the scanner of 10:40 (all its rules then, the model trained on v2..v29), then read and trained on. */
export const BLIND_V30_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v30');
export const BLIND_V31_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v31');
/** v32 and v33 (no emphasis): eighth-session blind authors, measured once against the session's final scanner (all its rules, the model trained on v2..v31); kept back, neither read nor trained on. */
export const BLIND_V32_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v32');
export const BLIND_V33_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v33');
/** v34 and v35 (no emphasis): ninth-session blind authors, measured once against the scanner of the session's first round (its rules from reading v32 and v33, the model trained on v2..v33). */
export const BLIND_V34_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v34');
export const BLIND_V35_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v35');
/** v36 and v37 (no emphasis): ninth-session blind authors, measured once against the scanner of 12:40 (the session's rules then, the model trained on v2..v35); then read and trained on. */
export const BLIND_V36_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v36');
export const BLIND_V37_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v37');
/** v38 and v39 (no emphasis): ninth-session blind authors, measured once against the session's last scanner (all its rules, the model trained on v2..v37); kept back, neither read nor trained on. */
export const BLIND_V38_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v38');
export const BLIND_V39_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v39');
/** v40 and v41 (no emphasis): tenth-session blind authors, measured once against the scanner of the session's first round (its rules from reading v38 and v39, the model trained on v2..v39); then read and trained on. */
export const BLIND_V40_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v40');
export const BLIND_V41_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v41');
/** v42 and v43 (no emphasis): tenth-session blind authors, measured once against the scanner of the session's second round (its rules from reading v38..v41, the model trained on v2..v41); then read and trained on. */
export const BLIND_V42_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v42');
export const BLIND_V43_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v43');
/** v44 and v45 (no emphasis): tenth-session blind authors, measured once against the scanner of the session's third round (its rules from reading v38..v43, the model trained on v2..v43); then read and trained on. */
export const BLIND_V44_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v44');
export const BLIND_V45_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v45');
/** v46 and v47 (no emphasis): tenth-session blind authors, measured once against the session's last scanner (all its rules, the model trained on v2..v45); kept back, neither read nor trained on. */
export const BLIND_V46_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v46');
export const BLIND_V47_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v47');
/** v48 and v49 (no emphasis): eleventh-session blind authors, measured once against the scanner of the session's first round (its rules from reading v46 and v47, the model trained on v2..v47); then read and trained on. */
export const BLIND_V48_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v48');
export const BLIND_V49_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v49');
/** v50 and v51 (no emphasis): eleventh-session blind authors, measured once against the session's last scanner (all its rules, the model trained on v2..v49); read and trained on in the twelfth session. */
export const BLIND_V50_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v50');
export const BLIND_V51_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v51');
/** v52 to v55 (no emphasis): twelfth-session blind authors, measured once against the scanner of the session's first round (its rules from reading v50 and v51, the model trained on v2..v51); then read and trained on. */
export const BLIND_V52_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v52');
export const BLIND_V53_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v53');
export const BLIND_V54_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v54');
export const BLIND_V55_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v55');
/** v56 to v59 (no emphasis): twelfth-session blind authors, measured once against the session's last scanner (its rules from reading v50..v55, the model trained on v2..v55); then read and trained on. */
export const BLIND_V56_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v56');
export const BLIND_V57_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v57');
export const BLIND_V58_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v58');
export const BLIND_V59_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v59');
/** v60 to v63 (no emphasis): twelfth-session blind authors, measured once against the session's last scanner (its rules from reading v50..v59, the model trained on v2..v59); then read and trained on. */
export const BLIND_V60_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v60');
export const BLIND_V61_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v61');
export const BLIND_V62_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v62');
export const BLIND_V63_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v63');
/** v64 to v67 (no emphasis): twelfth-session blind authors, measured once against the session's last scanner (its rules from reading v50..v63, the model trained on v2..v63); read and trained on in the thirteenth session. */
export const BLIND_V64_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v64');
export const BLIND_V65_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v65');
export const BLIND_V66_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v66');
export const BLIND_V67_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v67');
/** v68 to v71 (no emphasis): thirteenth-session blind authors, measured once against the session's first round (its rules from reading v64..v67, the model trained on v2..v67); then read and trained on. */
export const BLIND_V68_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v68');
export const BLIND_V69_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v69');
export const BLIND_V70_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v70');
export const BLIND_V71_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v71');
/** v72 to v75 (no emphasis): thirteenth-session blind authors, measured once against the session's second round (its rules from reading v64..v71, the model trained on v2..v71); then read and trained on. */
export const BLIND_V72_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v72');
export const BLIND_V73_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v73');
export const BLIND_V74_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v74');
export const BLIND_V75_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v75');
/** v76 to v79 (no emphasis): thirteenth-session blind authors, measured once against the session's last scanner (its rules from reading v64..v75, the model trained on v2..v75); read and trained on in the fourteenth session. */
export const BLIND_V76_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v76');
export const BLIND_V77_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v77');
export const BLIND_V78_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v78');
export const BLIND_V79_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v79');

/** v80 to v83 (no emphasis): fourteenth-session blind authors, measured once against the session's first round (its rules from reading v76..v79, the model trained on v2..v79); then read and trained on. */
export const BLIND_V80_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v80');
export const BLIND_V81_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v81');
export const BLIND_V82_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v82');
export const BLIND_V83_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v83');

/** v84 to v87 (no emphasis): fourteenth-session blind authors, measured once against the session's second round (its rules from reading v76..v83, the model trained on v2..v83); then read and trained on. */
export const BLIND_V84_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v84');
export const BLIND_V85_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v85');
export const BLIND_V86_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v86');
export const BLIND_V87_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v87');

/** v88 to v91 (no emphasis): fourteenth-session blind authors, measured once against the session's third round (its rules from reading v76..v87, the model trained on v2..v87); then read and trained on. */
export const BLIND_V88_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v88');
export const BLIND_V89_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v89');
export const BLIND_V90_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v90');
export const BLIND_V91_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v91');

/** v92 to v95 (no emphasis): fourteenth-session blind authors, measured once against the session's last scanner (its rules from reading v76..v91, the model trained on v2..v91); read and trained on in the fifteenth. */
export const BLIND_V92_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v92');
export const BLIND_V93_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v93');
export const BLIND_V94_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v94');
export const BLIND_V95_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v95');

/** v96 to v99 (no emphasis): fifteenth-session blind authors, measured once against the session's first round (its rules from reading v92..v95, the model with signed features trained on v2..v95); then read and trained on. */
export const BLIND_V96_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v96');
export const BLIND_V97_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v97');
export const BLIND_V98_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v98');
export const BLIND_V99_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v99');

/** v100 to v103 (no emphasis): fifteenth-session blind authors, measured once against the session's last scanner (its rules from reading v92..v99, the signed model trained on v2..v99); kept back, then read and trained on in the sixteenth session. */
export const BLIND_V100_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v100');
export const BLIND_V101_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v101');
export const BLIND_V102_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v102');
export const BLIND_V103_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v103');

/** v104 to v107 (no emphasis): sixteenth-session blind authors, measured once against the session's first round (its rules from reading v92..v103, the model trained on v2..v103 with installed data files); then read (the second round's rules), not yet trained on. */
export const BLIND_V104_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v104');
export const BLIND_V105_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v105');
export const BLIND_V106_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v106');
export const BLIND_V107_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v107');

/** v108 to v111 (no emphasis): sixteenth-session blind authors, measured once against the session's last scanner (the second round's rules from reading v104..v107, the model of v2..v103); kept back, then read and trained on in the seventeenth session. */
export const BLIND_V108_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v108');
export const BLIND_V109_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v109');
export const BLIND_V110_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v110');
export const BLIND_V111_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v111');

/** v112 to v115 (no emphasis): seventeenth-session blind authors, measured once against the session's last scanner (its rules from reading v108..v111, the model trained on v2..v111); kept back, then read and trained on in the eighteenth session. */
export const BLIND_V112_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v112');
export const BLIND_V113_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v113');
export const BLIND_V114_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v114');
export const BLIND_V115_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v115');

/** v116 to v119 (no emphasis): eighteenth-session blind authors, measured once against the session's last scanner (its rules from reading v112..v115, the model trained on v2..v115); kept back, then read and trained on in the nineteenth session. */
export const BLIND_V116_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v116');
export const BLIND_V117_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v117');
export const BLIND_V118_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v118');
export const BLIND_V119_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v119');
/** v120 to v123 (no emphasis): nineteenth-session blind authors, measured once against the session's last scanner (its rules from reading v116..v119, the model trained on v2..v119); kept back, neither read nor trained on. */
export const BLIND_V120_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v120');
export const BLIND_V121_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v121');
export const BLIND_V122_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v122');
export const BLIND_V123_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v123');
/** v124 to v127 (no emphasis): nineteenth-session blind authors briefed after the retraining, measured once against the same last scanner; kept back, neither read nor trained on. */
export const BLIND_V124_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v124');
export const BLIND_V125_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v125');
export const BLIND_V126_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v126');
export const BLIND_V127_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v127');
export const BLIND_V128_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v128');
export const BLIND_V129_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v129');
export const BLIND_V130_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v130');
export const BLIND_V131_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v131');
export const BLIND_V132_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v132');
export const BLIND_V133_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v133');
export const BLIND_V134_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v134');
export const BLIND_V135_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v135');
export const BLIND_V136_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v136');
export const BLIND_V137_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v137');
export const BLIND_V138_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v138');
export const BLIND_V139_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills-blind-v139');

/** The corpora trained on. A blind corpus is trained on only after its one measurement (v17..v19: 2026-11-23/24, before the session that trained on them; v20..v24: 2026-11-28, in the session that trained on them; v25..v31: the eighth session, after reading them; v32 to v37: the ninth, after reading them; v38 to v45: the tenth, after reading them; v46 to v49: the eleventh, after reading them; v50 to v63: the twelfth, after reading them; v64 to v75: the thirteenth, after reading them; v76 to v91: the fourteenth, after reading them; v92 to v99: the fifteenth, after reading them; v100 to v103: the sixteenth, after reading them; v104 to v111: the seventeenth, after reading them; v112 to v115: the eighteenth, after reading them; v116 to v119: the nineteenth, after reading them; v120 to v127: the twentieth, after reading them. v128 to v135 were read by the twenty-first and are not trained on: its model retrained on them flagged 13 of v136..v139's 400 benign skills and 6 of 462 installed files, against 6 and 3 for this one, so it was not shipped). */
export const TRAINING_CORPORA = ['skills', 'skills-blind', 'skills-blind-v3', 'skills-blind-v4', 'skills-blind-v5', 'skills-blind-v6', 'skills-blind-v7', 'skills-blind-v8', 'skills-blind-v9', 'skills-blind-v10', 'skills-blind-v11', 'skills-blind-v12', 'skills-blind-v13', 'skills-blind-v14', 'skills-blind-v15', 'skills-blind-v16', 'skills-blind-v17', 'skills-blind-v18', 'skills-blind-v19', 'skills-blind-v20', 'skills-blind-v21', 'skills-blind-v22', 'skills-blind-v23', 'skills-blind-v24', 'skills-blind-v25', 'skills-blind-v26', 'skills-blind-v27', 'skills-blind-v28', 'skills-blind-v29', 'skills-blind-v30', 'skills-blind-v31', 'skills-blind-v32', 'skills-blind-v33', 'skills-blind-v34', 'skills-blind-v35', 'skills-blind-v36', 'skills-blind-v37', 'skills-blind-v38', 'skills-blind-v39', 'skills-blind-v40', 'skills-blind-v41', 'skills-blind-v42', 'skills-blind-v43', 'skills-blind-v44', 'skills-blind-v45', 'skills-blind-v46', 'skills-blind-v47', 'skills-blind-v48', 'skills-blind-v49', 'skills-blind-v50', 'skills-blind-v51', 'skills-blind-v52', 'skills-blind-v53', 'skills-blind-v54', 'skills-blind-v55', 'skills-blind-v56', 'skills-blind-v57', 'skills-blind-v58', 'skills-blind-v59', 'skills-blind-v60', 'skills-blind-v61', 'skills-blind-v62', 'skills-blind-v63', 'skills-blind-v64', 'skills-blind-v65', 'skills-blind-v66', 'skills-blind-v67', 'skills-blind-v68', 'skills-blind-v69', 'skills-blind-v70', 'skills-blind-v71', 'skills-blind-v72', 'skills-blind-v73', 'skills-blind-v74', 'skills-blind-v75', 'skills-blind-v76', 'skills-blind-v77', 'skills-blind-v78', 'skills-blind-v79', 'skills-blind-v80', 'skills-blind-v81', 'skills-blind-v82', 'skills-blind-v83', 'skills-blind-v84', 'skills-blind-v85', 'skills-blind-v86', 'skills-blind-v87', 'skills-blind-v88', 'skills-blind-v89', 'skills-blind-v90', 'skills-blind-v91', 'skills-blind-v92', 'skills-blind-v93', 'skills-blind-v94', 'skills-blind-v95', 'skills-blind-v96', 'skills-blind-v97', 'skills-blind-v98', 'skills-blind-v99', 'skills-blind-v100', 'skills-blind-v101', 'skills-blind-v102', 'skills-blind-v103', 'skills-blind-v104', 'skills-blind-v105', 'skills-blind-v106', 'skills-blind-v107', 'skills-blind-v108', 'skills-blind-v109', 'skills-blind-v110', 'skills-blind-v111', 'skills-blind-v112', 'skills-blind-v113', 'skills-blind-v114', 'skills-blind-v115', 'skills-blind-v116', 'skills-blind-v117', 'skills-blind-v118', 'skills-blind-v119', 'skills-blind-v120', 'skills-blind-v121', 'skills-blind-v122', 'skills-blind-v123', 'skills-blind-v124', 'skills-blind-v125', 'skills-blind-v126', 'skills-blind-v127'];
/** Blind corpora kept back: measured once against the shipped model, never trained on (the next round's held-out set). */
export const KEPT_BACK: readonly string[] = ['skills-blind-v136', 'skills-blind-v137', 'skills-blind-v138', 'skills-blind-v139'];

function filesUnder(dir: string): string[] {
  return readdirSync(dir).sort().flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** The skills of one half of the corpus, sorted by name. */
export function loadSkills(set: 'malicious' | 'benign', root = CORPUS_DIR): Skill[] {
  return readdirSync(join(root, set)).sort().map((name) => {
    const dir = join(root, set, name);
    return { name, files: filesUnder(dir).map((p) => ({ path: relative(dir, p), text: readFileSync(p, 'utf8') })) };
  });
}

/** Which half of the corpus a skill belongs to: rules are tuned on `dev` and measured on `heldout`. */
export type Split = 'dev' | 'heldout';

/**
 * Fixed once, before any rule was tuned against the grown corpus. Changing it reshuffles the
 * split and voids the held-out figures in docs/scanner.md.
 */
export const SPLIT_SEED = 'agent-commerce/scanner/split/2026-1';
/** Share of skills held out, in percent. */
export const HELDOUT_PERCENT = 30;

/**
 * The split of one skill, from a hash of the seed and its path (`malicious/<name>`), so a skill
 * keeps its half however many others are added.
 */
export function splitOf(set: 'malicious' | 'benign', name: string): Split {
  const digest = createHash('sha256').update(`${SPLIT_SEED}\u0000${set}/${name}`).digest();
  return digest.readUInt32BE(0) % 100 < HELDOUT_PERCENT ? 'heldout' : 'dev';
}
