/**
 * Loads the fixture corpus: test/fixtures/skills/{malicious,benign}/<name>/..., each folder one
 * skill, each file's path relative to its folder. Used by the corpus test and the benchmark.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Skill } from '../../shared/scanner/index.js';

export const CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'skills');

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
