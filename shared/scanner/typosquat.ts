/**
 * Typosquatted dependencies: package names one edit (insert, delete, substitute or swap two
 * neighbours) from a popular package, declared in a manifest or installed by a command.
 */
import { KNOWN_NEIGHBOURS, POPULAR_NPM, POPULAR_PYPI } from './popular-packages.js';

/** npm or PyPI. */
export type Ecosystem = 'npm' | 'pypi';

/** A suspicious name on one line (0-based). */
export interface SquatHit {
  line: number;
  /** Offset of the name in the line, for the mention heuristics. */
  column: number;
  name: string;
  lookalike: string;
  ecosystem: Ecosystem;
}

const pep503 = (n: string): string => n.toLowerCase().replace(/[-_.]+/g, '-');
const NPM = new Set(POPULAR_NPM);
const PYPI = new Set(POPULAR_PYPI.map(pep503));
const NPM_TARGETS = POPULAR_NPM.filter((n) => n.length >= 5);
const PYPI_TARGETS = [...PYPI].filter((n) => n.length >= 5);

/** True when a and b are exactly one edit apart (optimal string alignment distance 1). */
export function oneEditApart(a: string, b: string): boolean {
  if (a === b || Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  const [longer, shorter] = a.length > b.length ? [a, b] : [b, a];
  return longer.slice(i + 1) === shorter.slice(i);
}

/** The popular package a name imitates, or null. */
export function lookalikeOf(name: string, ecosystem: Ecosystem): string | null {
  const n = ecosystem === 'pypi' ? pep503(name) : name.toLowerCase();
  if (n.length < 4 || n.startsWith('@') || KNOWN_NEIGHBOURS.has(n)) return null;
  if ((ecosystem === 'npm' ? NPM : PYPI).has(n)) return null;
  const targets = ecosystem === 'npm' ? NPM_TARGETS : PYPI_TARGETS;
  return targets.find((t) => oneEditApart(n, t)) ?? null;
}

const NPM_INSTALL = /\b(?:npm\s{1,3}(?:install|i|add)|yarn\s{1,3}(?:global\s{1,3})?add|pnpm\s{1,3}(?:add|install|i)|bun\s{1,3}(?:add|install|i)|npx)\b([^\n;&|`)"']{1,300})/g;
const PIP_INSTALL = /\b(?:pip3?\s{1,3}install|python3?\s{1,3}-m\s{1,3}pip\s{1,3}install|uv\s{1,3}pip\s{1,3}install|uv\s{1,3}add|poetry\s{1,3}add|pipx\s{1,3}install)\b([^\n;&|`)"']{1,300})/g;
const PKG_NAME = /^([A-Za-z0-9][A-Za-z0-9._-]{0,100})/;
const FLAG_WITH_VALUE = /^-(?:r|c|e|-requirement|-constraint|-index-url|-extra-index-url|-target|-prefix|-registry|-tag|-cache|p|-package)$/;

function argsOf(text: string, offset: number, ecosystem: Ecosystem, onlyFirst: boolean): { name: string; column: number }[] {
  const out: { name: string; column: number }[] = [];
  let skipNext = false;
  for (const m of text.matchAll(/\S+/g)) {
    const arg = m[0];
    if (skipNext) { skipNext = false; continue; }
    if (arg.startsWith('-')) { skipNext = FLAG_WITH_VALUE.test(arg); continue; }
    // Scoped packages, paths, URLs and archives are not names a squatter can imitate here.
    if (arg.startsWith('@') || /[/\\:]|\.(?:txt|tgz|whl|tar|gz|zip)$/i.test(arg)) continue;
    const bare = ecosystem === 'npm' ? arg.split('@')[0] : arg;
    const name = PKG_NAME.exec(bare)?.[1]?.replace(/\.$/, '');
    if (name) out.push({ name, column: offset + (m.index ?? 0) });
    if (onlyFirst) break;
  }
  return out;
}

/** Names installed by npm/yarn/pnpm/bun/npx or pip/uv/poetry/pipx commands on a line. */
export function installedNames(line: string): { name: string; column: number; ecosystem: Ecosystem }[] {
  const out: { name: string; column: number; ecosystem: Ecosystem }[] = [];
  for (const m of line.matchAll(NPM_INSTALL)) {
    const start = (m.index ?? 0) + m[0].length - m[1].length;
    const npx = m[0].startsWith('npx');
    for (const a of argsOf(m[1], start, 'npm', npx)) out.push({ ...a, ecosystem: 'npm' });
  }
  for (const m of line.matchAll(PIP_INSTALL)) {
    const start = (m.index ?? 0) + m[0].length - m[1].length;
    for (const a of argsOf(m[1], start, 'pypi', false)) out.push({ ...a, ecosystem: 'pypi' });
  }
  return out;
}

/** Names declared by a manifest, by line: package.json dependency blocks, requirements files. */
export function declaredNames(path: string, lines: readonly string[]): { line: number; name: string; column: number; ecosystem: Ecosystem }[] {
  const base = path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1).toLowerCase();
  const out: { line: number; name: string; column: number; ecosystem: Ecosystem }[] = [];
  if (base === 'package.json') {
    let depth = 0;
    lines.forEach((line, i) => {
      if (/"(?:dev|peer|optional|bundle)?[dD]ependencies"\s{0,5}:\s{0,5}\{/.test(line)) depth = 1;
      else if (depth > 0) {
        const m = /^\s{0,40}"(@?[^"]{1,214})"\s{0,5}:/.exec(line);
        if (m) out.push({ line: i, name: m[1], column: line.indexOf('"') + 1, ecosystem: 'npm' });
        if (line.includes('}')) depth = 0;
      }
    });
  } else if ((base.startsWith('requirements') && /^requirements[\w.-]{0,40}\.txt$/.test(base)) || base === 'pipfile' || base === 'pyproject.toml') {
    lines.forEach((line, i) => {
      const m = /^\s{0,8}"?([A-Za-z0-9][A-Za-z0-9._-]{0,100})\s{0,3}(?:\[[^\]]{0,80}\])?\s{0,3}(?:[=<>!~;"]|$)/.exec(line);
      if (m && !/^(?:name|version|description|requires-python|readme|license|python|build-backend|requires)$/i.test(m[1])) {
        out.push({ line: i, name: m[1], column: line.indexOf(m[1]), ecosystem: 'pypi' });
      }
    });
  }
  return out;
}
