/**
 * Scanner throughput: scans the whole fixture corpus (test/fixtures/skills) over and over for
 * about three seconds on one core and prints megabytes of skill text per second.
 *
 * Run alone with `npx tsx bench/scanner.ts`. The ceiling it compares against: the HTTP body
 * limit is 1 MiB per scan, so at X MB/s a worst-size skill costs 1/X seconds of one core.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { scanSkill, type Skill } from '../shared/scanner/index.js';

const CORPUS = join(dirname(fileURLToPath(import.meta.url)), '..', 'test', 'fixtures', 'skills');
const DURATION_MS = 3000;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** Every fixture skill, malicious and benign, as the scanner receives them. */
export function loadCorpus(root = CORPUS): Skill[] {
  return ['malicious', 'benign'].flatMap((set) =>
    readdirSync(join(root, set)).sort().map((name) => {
      const dir = join(root, set, name);
      return { name, files: filesUnder(dir).map((p) => ({ path: relative(dir, p), text: readFileSync(p, 'utf8') })) };
    }),
  );
}

/** Scans the corpus repeatedly for about three seconds and reports the throughput. */
export async function benchScanner(): Promise<{ mbPerSecond: number; files: number; bytes: number }> {
  const skills = loadCorpus();
  const files = skills.reduce((n, s) => n + s.files.length, 0);
  const bytes = skills.reduce((n, s) => n + s.files.reduce((m, f) => m + Buffer.byteLength(f.text), 0), 0);
  for (const s of skills) scanSkill(s); // warm up: compile the regexes, let the JIT settle
  let scanned = 0;
  const start = performance.now();
  while (performance.now() - start < DURATION_MS) {
    for (const s of skills) scanSkill(s, { timeBudgetMs: 60_000 });
    scanned += bytes;
  }
  const seconds = (performance.now() - start) / 1000;
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
