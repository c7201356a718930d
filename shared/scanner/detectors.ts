/**
 * The detector rules: invisible characters (found during normalisation) and typosquatted
 * packages. Encoded payloads are handled by the engine, which rescans what they decode to.
 */
import { isNegated, isQuoted } from './context.js';
import { excerpt } from './excerpt.js';
import { findingAt as finding, type RawFinding } from './match.js';
import type { NeedleHits } from './needles.js';
import type { Prepared } from './prepare.js';
import { RULES } from './rules/index.js';
import { declaredNames, installedNames, lookalikeOf } from './typosquat.js';
import type { Rule } from './types.js';

const byId = (id: string): Rule => RULES.find((r) => r.id === id)!;
const TAGS = byId('HI001');
const ZERO_WIDTH = byId('HI002');
const ZERO_WIDTH_RUN = byId('HI003');
const BIDI = byId('HI004');
const SQUAT = byId('TS001');


const FIRST_OF: Record<string, RegExp> = {
  tags: /[\u{E0000}-\u{E01EF}\uFE00-\uFE0F]/u,
  zeroWidth: /[\u00AD\u034F\u061C\u115F\u1160\u180E\u200B-\u200F\u2060-\u2064\u3164\uFEFF\uFFA0]/u,
  bidi: /[\u202A-\u202E\u2066-\u2069]/u,
};

/**
 * Hidden text too short to instruct anyone: the only run of tag characters on its line, spelling
 * one word of at most 12 characters ("TEST" in a linter's fixture). Still reported, at MEDIUM;
 * the rules read the decoded word in place either way, and an instruction takes words.
 */
function spellsOneShortWord(h: Prepared['hidden'][number], runsOnLine: number): boolean {
  return runsOnLine === 1 && !!h.decoded && h.decoded.length <= 12 && !/\s/.test(h.decoded);
}

/** Findings for the invisible characters normalisation found and removed or decoded. */
export function hiddenFindings(p: Prepared, out: RawFinding[]): void {
  // Runs of tag characters per line, counted once (a file may hold one on each of 100,000 lines).
  const tagRuns = new Map<number, number>();
  for (const h of p.hidden) if (h.kind === 'tags') tagRuns.set(h.line, (tagRuns.get(h.line) ?? 0) + 1);
  for (const h of p.hidden) {
    const raw = p.rawLines[h.line] ?? '';
    // The excerpt centres on the first hidden character, however long the line.
    const at = Math.max(0, raw.search(FIRST_OF[h.kind]));
    if (h.kind === 'tags') {
      const said = h.decoded ? `: "${excerpt(h.decoded).slice(0, 100)}"` : '';
      const severity = spellsOneShortWord(h, tagRuns.get(h.line)!) ? 'MEDIUM' : TAGS.severity;
      out.push(finding(TAGS, p, h.line, raw, `${TAGS.message} (${h.count} characters)${said}`, severity, at));
    } else if (h.kind === 'zeroWidth') {
      const rule = h.longestRun >= 8 ? ZERO_WIDTH_RUN : ZERO_WIDTH;
      out.push(finding(rule, p, h.line, raw, `${rule.message} (${h.count} on this line)`, rule.severity, at));
    } else {
      const kind = p.zones[h.line]?.kind ?? p.kind;
      const severity = BIDI.severityByKind?.[kind] ?? BIDI.severity;
      out.push(finding(BIDI, p, h.line, raw, `${BIDI.message} (${h.count} on this line)`, severity, at));
    }
  }
}

/** A package manager named on a line: the typosquat check reads only such lines. */
export const INSTALLER = /\b(?:npm|yarn|pnpm|bun|npx|pip3?|pip|uv|poetry|pipx)\b/;
/** Every match of INSTALLER holds one of these; the engine's needle pass looks for them. */
export const INSTALLER_NEEDLES: readonly string[] = ['npm', 'yarn', 'bun', 'npx', 'pip', 'uv', 'poetry'];

/**
 * Findings for dependencies and installs whose names imitate popular packages; `found` holds the
 * needles of the whole text, {@link INSTALLER_NEEDLES} included.
 */
export function typosquatFindings(p: Prepared, found: NeedleHits, out: RawFinding[]): void {
  const declared = declaredNames(p.path, p.lines);
  const installs = INSTALLER_NEEDLES.some((n) => found.has(n)) && INSTALLER.test(p.lower);
  if (declared.length === 0 && !installs) return;
  const seen = new Set<string>();
  const report = (line: number, column: number, name: string, ecosystem: 'npm' | 'pypi'): void => {
    const target = lookalikeOf(name, ecosystem);
    if (!target || seen.has(`${line}:${name}`)) return;
    seen.add(`${line}:${name}`);
    const message = `${SQUAT.message}: "${name}" is one edit from the popular ${ecosystem} package "${target}"`;
    out.push(finding(SQUAT, p, line, p.lines[line], message, SQUAT.severity, column));
  };
  for (const d of declared) report(d.line, d.column, d.name, d.ecosystem);
  if (!installs) return;
  p.lines.forEach((text, i) => {
    if (!INSTALLER.test(text)) return;
    const prose = p.zones[i].kind === 'markdown';
    for (const n of installedNames(text)) {
      if (prose && isNegated(text, n.column)) continue;
      // Quoted under a heading that shows attacks ("# Attack catalogue"): an exhibit, as for the other rules.
      if (prose && p.zones[i].exhibit && isQuoted(text, n.column)) continue;
      report(i, n.column, n.name, n.ecosystem);
    }
  });
}
