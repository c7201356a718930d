/**
 * Scanner throughput: scans the whole fixture corpus (test/fixtures/skills) over and over for
 * about three seconds on one core and prints megabytes of skill text per second. The rate is
 * per CPU second of this process, so a busy machine slows the run but not the figure.
 *
 * Run alone with `npx tsx bench/scanner.ts`. The ceiling it compares against: the HTTP body
 * limit is 1 MiB per scan, so at X MB/s a worst-size skill costs 1/X seconds of one core.
 */
import { fileURLToPath } from 'node:url';
import { scanSkill } from '../shared/scanner/index.js';
import { loadSkills } from '../test/scanner/corpus.js';

const DURATION_MS = 3000;

/** CPU time of this process in ms: "per core" even when other processes share the machine. */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** Scans the corpus repeatedly for about three seconds and reports the throughput. */
export async function benchScanner(): Promise<{ mbPerSecond: number; files: number; bytes: number }> {
  const skills = [...loadSkills('malicious'), ...loadSkills('benign')];
  const files = skills.reduce((n, s) => n + s.files.length, 0);
  const bytes = skills.reduce((n, s) => n + s.files.reduce((m, f) => m + Buffer.byteLength(f.text), 0), 0);
  for (const s of skills) scanSkill(s); // warm up: compile the regexes, let the JIT settle
  let scanned = 0;
  const start = performance.now();
  const cpuStart = cpuMs();
  while (performance.now() - start < DURATION_MS) {
    for (const s of skills) scanSkill(s, { timeBudgetMs: 60_000 });
    scanned += bytes;
  }
  const seconds = (cpuMs() - cpuStart) / 1000;
  const mbPerSecond = Math.round((scanned / 1e6 / seconds) * 100) / 100;
  console.log(`scanner: ${mbPerSecond} MB/s per core over ${skills.length} skills (${bytes} bytes)`);
  return { mbPerSecond, files, bytes };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  benchScanner().catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  });
}
