/**
 * Scanner throughput: scans the whole fixture corpus (test/fixtures/skills) over and over for
 * about three seconds on one core and prints megabytes of skill text per CPU second of this
 * process, so a busy machine slows the run but not the figure. That corpus is the one issue 13
 * measures; beside it, the same figure over every corpus (skills and the blind ones,
 * test/fixtures/skills*: ten times the text, longer skills, more languages).
 *
 * The ceiling, measured the same way in the same run over the same texts: one plain pass of a
 * single case-insensitive RegExp (`/\bcurl\b/gi`) per file, the least any pattern scanner does.
 * Run alone with `npx tsx --no-regexp-tier-up bench/scanner.ts` (the V8 flag the service's
 * scripts start it with; the line says whether it was on) or `npm run bench -- scanner`.
 */
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { scanSkill, type Skill } from '../shared/scanner/index.js';
import { CORPUS_DIR, loadSkills } from '../test/scanner/corpus.js';

const DURATION_MS = 3000;

/** CPU time of this process in ms: "per core" even when other processes share the machine. */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** Runs `pass` for a second, not once: the first passes run before the JIT has settled. */
function warmUp(pass: () => void): void {
  for (const until = performance.now() + 1000; performance.now() < until;) pass();
}

/** MB of text per CPU second while `pass` (one pass over `bytes`) repeats for `ms`. */
function rate(bytes: number, ms: number, pass: () => void): number {
  warmUp(pass);
  let scanned = 0;
  const start = performance.now();
  const cpuStart = cpuMs();
  while (performance.now() - start < ms) {
    pass();
    scanned += bytes;
  }
  return Math.round((scanned / 1e6 / ((cpuMs() - cpuStart) / 1000)) * 100) / 100;
}

/** UTF-8 bytes of a set of skills' files. */
function bytesOf(skills: readonly Skill[]): number {
  return skills.reduce((n, s) => n + s.files.reduce((m, f) => m + Buffer.byteLength(f.text), 0), 0);
}

/** Every corpus: test/fixtures/skills and the blind ones beside it (skills-blind, skills-blind-v3, ...). */
function allCorpora(): Skill[] {
  const fixtures = dirname(CORPUS_DIR);
  return readdirSync(fixtures).filter((d) => d.startsWith('skills')).sort()
    .flatMap((d) => [...loadSkills('malicious', join(fixtures, d)), ...loadSkills('benign', join(fixtures, d))]);
}

/** Scans the corpus repeatedly and reports the throughput next to its ceiling. */
export async function benchScanner(): Promise<{
  mbPerSecond: number; rulesOnlyMbPerSecond: number; allCorporaMbPerSecond: number; ceilingMbPerSecond: number; files: number; bytes: number; allCorporaBytes: number;
}> {
  const skills = [...loadSkills('malicious'), ...loadSkills('benign')];
  const texts = skills.flatMap((s) => s.files.map((f) => f.text));
  const bytes = bytesOf(skills);
  const full = (): void => {
    for (const s of skills) scanSkill(s, { timeBudgetMs: 60_000 });
  };
  const every = allCorpora();
  const allCorporaBytes = bytesOf(every);
  const fullOfAll = (): void => {
    for (const s of every) scanSkill(s, { timeBudgetMs: 60_000 });
  };
  // The same scans without the intent model (shared/scanner/model/): what the rules alone cost.
  const rulesOnly = (): void => {
    for (const s of skills) scanSkill(s, { timeBudgetMs: 60_000, model: false });
  };
  // Both warmed up before either is timed, so neither is measured while the other's code is still cold.
  warmUp(rulesOnly);
  const mbPerSecond = rate(bytes, DURATION_MS, full);
  const rulesOnlyMbPerSecond = rate(bytes, DURATION_MS, rulesOnly);
  const allCorporaMbPerSecond = rate(allCorporaBytes, DURATION_MS, fullOfAll);
  let sink = 0;
  const ceilingMbPerSecond = rate(bytes, 1000, () => {
    for (const t of texts) {
      const re = /\bcurl\b/gi;
      while (re.exec(t) !== null) sink++;
    }
  });
  const ratio = (mbPerSecond / ceilingMbPerSecond * 100).toFixed(2);
  const tierUp = process.execArgv.includes('--no-regexp-tier-up') ? 'off' : 'on';
  console.log(`scanner (V8 regexp tier-up ${tierUp}): ${mbPerSecond} MB/s per core over ${skills.length} skills, ${texts.length} files (${bytes} bytes), ${rulesOnlyMbPerSecond} MB/s without the intent model; ` +
    `${allCorporaMbPerSecond} MB/s over all corpora (${every.length} skills, ${allCorporaBytes} bytes); ` +
    `ceiling (one RegExp pass, same texts, same run): ${ceilingMbPerSecond} MB/s; ratio ${ratio}% (${sink} matches)`);
  return { mbPerSecond, rulesOnlyMbPerSecond, allCorporaMbPerSecond, ceilingMbPerSecond, files: texts.length, bytes, allCorporaBytes };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  benchScanner().catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  });
}
